import { z } from 'zod';
import { MAX_DATABASE_ID } from './search.ts';

/**
 * The bookings lists and saved passengers of SPEC §6, §7: `GET /api/booking/future`,
 * `GET /api/booking/list`, `GET /api/booking/passengers` and claiming device bookings into an
 * account.
 */

/** Bookings per page of `GET /api/booking/list`. */
export const BOOKINGS_PAGE_SIZE = 10;
/** Device booking tokens one request may present. */
export const MAX_DEVICE_TOKENS = 50;

/** A device booking token: 43 base64url characters (256 random bits). */
export const DeviceTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .meta({ description: 'Device booking token (43 base64url characters).' });

/** The states of a booking. */
export const BOOKING_STATUSES = [
  'not_paid',
  'pay_at_airline',
  'paid',
  'ticketed',
  'cancelled',
  'expired',
] as const;

export const BookingStatusSchema = z.enum(BOOKING_STATUSES).meta({
  description:
    'Booking state: `not_paid` (held, waiting for payment), `pay_at_airline` (confirmed, paid at the airline), `paid`, `ticketed`, `cancelled`, `expired` (the hold ran out).',
});

export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** One booking in a list: enough to recognise it and open it. */
export const BookingSummarySchema = z
  .object({
    pnr: z.string().length(7),
    status: BookingStatusSchema,
    from: z.string().meta({ description: 'IATA code of the first departure airport.' }),
    to: z.string().meta({ description: 'IATA code of the final destination.' }),
    departureDate: z
      .string()
      .meta({ description: 'Local date of the first departure, YYYY-MM-DD.' }),
    returnDate: z
      .string()
      .nullable()
      .meta({ description: 'Local date of the last departure of a trip with more legs.' }),
    passengers: z.number().int().nonnegative(),
    totalMinor: z.number().int().meta({ description: 'Total price in minor units of `currency`.' }),
    currency: z.string().length(3),
    createdAt: z.string().meta({ description: 'When the booking was made (ISO 8601).' }),
    pendingScheduleChange: z.boolean().meta({
      description: 'A flight of it changed and the traveller has not answered yet.',
    }),
  })
  .meta({ id: 'BookingSummary' });

/** `GET /api/booking/future`. */
export const FutureBookingsResponseSchema = z
  .object({
    success: z.literal(true),
    bookings: z.array(BookingSummarySchema).meta({
      description:
        'Signed in: the account’s bookings that have not departed, soonest first. Anonymous: the most recent future booking of the device tokens sent, if any.',
    }),
  })
  .meta({ id: 'FutureBookings' });

export const BookingListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .default('1')
    .transform(Number)
    .meta({ description: 'Page number, from 1.' }),
});

/** `GET /api/booking/list?page=`. */
export const BookingListResponseSchema = z
  .object({
    success: z.literal(true),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().meta({ description: 'Bookings in the account.' }),
    pages: z.number().int().meta({ description: 'Number of pages (at least 1).' }),
    bookings: z.array(BookingSummarySchema).meta({ description: 'Newest departure first.' }),
  })
  .meta({ id: 'BookingList' });

/** A passenger of an earlier booking, offered again by the booking flow. */
export const SavedPassengerSchema = z
  .object({
    id: z.number().int(),
    passengerTypeId: z.number().int().meta({ description: '1 adult, 2 child, 3 infant.' }),
    titleId: z.number().int().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    birthDate: z.string().nullable().meta({ description: 'YYYY-MM-DD, or null.' }),
    nationality: z.string().nullable().meta({ description: 'ISO country code, or null.' }),
    documentTypeId: z.number().int().nullable().meta({ description: '1 passport, 2 national id.' }),
    documentNumber: z.string().nullable(),
    documentExpiry: z.string().nullable().meta({ description: 'YYYY-MM-DD, or null.' }),
    lastUsedAt: z.string(),
  })
  .meta({ id: 'SavedPassenger' });

/** `GET /api/booking/passengers` (conditional with If-Modified-Since). */
export const SavedPassengersResponseSchema = z
  .object({
    success: z.literal(true),
    passengers: z.array(SavedPassengerSchema).meta({ description: 'Most recently used first.' }),
  })
  .meta({ id: 'SavedPassengers' });

export const SavedPassengerParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DATABASE_ID),
});

/** `POST /api/booking/claim`: device bookings to move into the signed-in account. */
export const ClaimBookingsRequestSchema = z
  .object({ tokens: z.array(DeviceTokenSchema).min(1).max(MAX_DEVICE_TOKENS) })
  .meta({ id: 'ClaimBookingsRequest' });

export const ClaimBookingsResponseSchema = z
  .object({
    success: z.literal(true),
    claimed: z.array(z.string()).meta({
      description: 'PNRs now in the account (bookings of other accounts are left alone).',
    }),
  })
  .meta({ id: 'ClaimBookings' });

export const DeletedResponseSchema = z.object({ success: z.literal(true) });

export type BookingSummary = z.infer<typeof BookingSummarySchema>;
export type FutureBookingsResponse = z.infer<typeof FutureBookingsResponseSchema>;
export type BookingListResponse = z.infer<typeof BookingListResponseSchema>;
export type SavedPassenger = z.infer<typeof SavedPassengerSchema>;
export type SavedPassengersResponse = z.infer<typeof SavedPassengersResponseSchema>;
export type ClaimBookingsResponse = z.infer<typeof ClaimBookingsResponseSchema>;
