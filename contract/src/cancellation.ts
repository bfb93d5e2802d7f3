import { z } from 'zod';
import { BookingRefundSchema, MoneySchema } from './booking.ts';
import { BookingStatusSchema } from './booking-list.ts';

/**
 * Cancelling a booking (docs/booking.md "Cancellation and refunds"). Amounts are minor units of
 * the booking's charge currency.
 */

/** What the fare rules give back for one passenger on one flight. */
export const CancellationLineSchema = z.object({
  /** Index of the leg in the booking (`flights[].index`). */
  flightIndex: z.number().int(),
  /** Index of the passenger in the booking (`passengers[].index`). */
  passengerIndex: z.number().int(),
  fareClass: z.string(),
  /** False: the fare gives nothing back (outside the free window). */
  refundable: z.boolean(),
  /** The part of the charge for this passenger on this flight (fare and extras). */
  paid: z.number().int().nonnegative(),
  fee: z.number().int().nonnegative(),
  refund: z.number().int().nonnegative(),
  /** Kept because the fare is not refundable; `paid = fee + refund + nonRefundable`. */
  nonRefundable: z.number().int().nonnegative(),
});

/** `GET /api/booking/{pnr}/cancellation-quote`. */
export const CancellationQuoteResponseSchema = z
  .object({
    success: z.literal(true),
    refund: MoneySchema,
    fee: MoneySchema,
    nonRefundable: MoneySchema,
    /** What was paid; 0 for a booking not paid (or paid to the airline). */
    paid: MoneySchema,
    /** Within 24 hours of booking and 7 or more days before the first flight: all back. */
    freeWindow: z.boolean(),
    /**
     * The airline changed or cancelled a flight and the change is unanswered: all back, whatever
     * the fare (docs/schedule-changes.md).
     */
    scheduleChanged: z.boolean(),
    lines: z.array(CancellationLineSchema),
  })
  .meta({ id: 'CancellationQuote' });

/** `POST /api/booking/{pnr}/cancel`: the refund the traveller saw in the quote and accepts. */
export const CancelBookingRequestSchema = z
  .object({ acceptedRefund: MoneySchema })
  .meta({ id: 'CancelBookingRequest' });

export const CancelBookingResponseSchema = z
  .object({
    success: z.literal(true),
    status: BookingStatusSchema,
    /** The refund under way, or null when nothing is given back. */
    refund: BookingRefundSchema.nullable(),
  })
  .meta({ id: 'CancelBookingResponse' });

export type CancellationLine = z.infer<typeof CancellationLineSchema>;
export type CancellationQuoteResponse = z.infer<typeof CancellationQuoteResponseSchema>;
export type CancelBookingRequest = z.infer<typeof CancelBookingRequestSchema>;
export type CancelBookingResponse = z.infer<typeof CancelBookingResponseSchema>;
