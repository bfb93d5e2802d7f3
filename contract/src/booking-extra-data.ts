import { z } from 'zod';
import { BookingExtraSchema } from './booking.ts';
import { BaggageAllowanceSchema, FareConditionsSchema, FareExtraSchema } from './flight.ts';

/**
 * `GET /api/booking/{pnr}/extra-data` (SPEC §7): what a traveller wants to know about a booking
 * beyond its journey — the extras bought, and for each leg the fare's conditions (refund, change),
 * its baggage allowance and the extras it sells. Same access as the booking itself (owner or
 * device token; everyone else 404 NOT_FOUND as for an unknown PNR).
 */
export const BookingLegExtraDataSchema = z.object({
  /** Leg index in the booking, from 0. */
  index: z.number().int(),
  /** The search destination the leg answers, from 0 (the extras' `destinationIndex`). */
  destinationIndex: z.number().int(),
  from: z.string(),
  to: z.string(),
  date: z.string(),
  fareClass: z.string(),
  cabin: z.string(),
  conditions: FareConditionsSchema,
  baggage: z.object({ cabin: BaggageAllowanceSchema, checked: BaggageAllowanceSchema }),
  /** Extras the leg's fare sells (prices in `currency`). */
  extrasOffered: z.array(FareExtraSchema),
});

export const BookingExtraDataResponseSchema = z
  .object({
    success: z.literal(true),
    pnr: z.string().length(7),
    /** Currency of every price here: the base currency (USD). */
    currency: z.string(),
    /** Extras bought, with the price paid for all their quantity. */
    extras: z.array(BookingExtraSchema),
    legs: z.array(BookingLegExtraDataSchema),
  })
  .meta({ id: 'BookingExtraData' });

export type BookingExtraDataResponse = z.infer<typeof BookingExtraDataResponseSchema>;
