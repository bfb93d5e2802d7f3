import { z } from 'zod';
import { BookingStatusSchema } from './booking-list.ts';

/**
 * Managing a booking (SPEC §2 booking: "share link, re-send tickets to another email", the
 * feedback form): a read-only link to share the trip, the tickets e-mail sent again to another
 * address, and the traveller's rating of the booking. Every route but the shared read has the
 * access of `GET /api/booking/{pnr}/get` (owner or device token; anyone else 404 NOT_FOUND).
 */

/** A share link's token: 40 hexadecimal characters (160 random bits), any case. */
export const ShareTokenSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{40}$/, 'Not a share token')
  .meta({ description: '40 hexadecimal characters.' });

export const ShareTokenParamsSchema = z.object({ token: ShareTokenSchema });

/**
 * `POST /api/booking/{pnr}/share`: a new share link. A booking has at most one active link:
 * creating one stops the previous one (its token is stored only hashed, so it cannot be shown
 * again). 409 BOOKING_NOT_CONFIRMED unless the booking is paid, ticketed or confirmed with
 * payment due to the airline.
 */
export const BookingShareResponseSchema = z
  .object({
    success: z.literal(true),
    /** Shown once: only its SHA-256 is stored. */
    token: z.string().length(40),
    /** The web page of the shared view. */
    url: z.string(),
  })
  .meta({ id: 'BookingShare' });

/** `DELETE /api/booking/{pnr}/share`: the active link (if any) stops working. */
export const BookingShareRevokedResponseSchema = z
  .object({ success: z.literal(true), revoked: z.boolean() })
  .meta({ id: 'BookingShareRevoked' });

export const SharedSegmentSchema = z.object({
  flightNumber: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  from: z.string(),
  to: z.string(),
  departureLocal: z.string(),
  departureUtc: z.string(),
  arrivalLocal: z.string(),
  arrivalUtc: z.string(),
  /** Minutes in the air. */
  duration: z.number().int(),
});

export const SharedFlightSchema = z.object({
  index: z.number().int(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  segments: z.array(SharedSegmentSchema),
});

/**
 * `GET /api/booking/shared/{token}` (no sign-in): the trip as the booking's traveller shared it:
 * flights and passenger names only, never documents, contact details, prices or payments.
 * 404 NOT_FOUND for an unknown or stopped link; 410 SHARE_LINK_EXPIRED once the last flight has
 * landed.
 */
export const SharedBookingResponseSchema = z
  .object({
    success: z.literal(true),
    shared: z.object({
      status: BookingStatusSchema,
      flights: z.array(SharedFlightSchema),
      passengers: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
      /** When the link stops working by itself: the last flight's arrival. */
      validUntil: z.string(),
    }),
  })
  .meta({ id: 'SharedBooking' });

/**
 * `POST /api/booking/{pnr}/resend-tickets`: the tickets e-mail again, to this address. At most
 * {@link TICKET_RESENDS_PER_HOUR} an hour per booking (429 TICKET_RESEND_LIMIT with
 * Retry-After); 409 BOOKING_NOT_CONFIRMED unless the booking is paid or confirmed.
 */
export const ResendTicketsRequestSchema = z
  .object({ email: z.email().max(254) })
  .meta({ id: 'ResendTicketsRequest' });

export const ResendTicketsResponseSchema = z
  .object({ success: z.literal(true), sentTo: z.string() })
  .meta({ id: 'ResendTickets' });

/** Re-sent tickets e-mails per booking in an hour. */
export const TICKET_RESENDS_PER_HOUR = 5;

/** Longest feedback comment, in characters. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 2_000;

/** `POST /api/booking/{pnr}/feedback`: one per booking; sending again replaces it. */
export const BookingFeedbackRequestSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH).optional(),
  })
  .meta({ id: 'BookingFeedbackRequest' });

export const BookingFeedbackSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    /** Empty when none was given. */
    comment: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BookingFeedback' });

export const BookingFeedbackResponseSchema = z
  .object({ success: z.literal(true), feedback: BookingFeedbackSchema })
  .meta({ id: 'BookingFeedbackResponse' });

export type BookingShareResponse = z.infer<typeof BookingShareResponseSchema>;
export type BookingShareRevokedResponse = z.infer<typeof BookingShareRevokedResponseSchema>;
export type SharedBookingResponse = z.infer<typeof SharedBookingResponseSchema>;
export type SharedBooking = SharedBookingResponse['shared'];
export type ResendTicketsRequest = z.infer<typeof ResendTicketsRequestSchema>;
export type ResendTicketsResponse = z.infer<typeof ResendTicketsResponseSchema>;
export type BookingFeedbackRequest = z.input<typeof BookingFeedbackRequestSchema>;
export type BookingFeedback = z.infer<typeof BookingFeedbackSchema>;
export type BookingFeedbackResponse = z.infer<typeof BookingFeedbackResponseSchema>;
