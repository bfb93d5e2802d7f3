import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { FlightIndexSchema, SubstituteFlightSchema } from './booking-schedule-changes.ts';
import { YmdSchema } from './search.ts';

/**
 * Voluntary flight changes (docs/flight-changes.md): a traveller moves a leg of a paid booking on
 * a changeable fare to another flight of the same route, paying the fare rules' change fee plus
 * any fare difference through the pay flow. A cheaper new fare pays nothing out unless the booked
 * fare is refundable; then the difference first pays the fee. Amounts are minor units of the
 * booking's charge currency.
 */

/** Days either side of the chosen date whose flights are offered. */
export const CHANGE_WINDOW_DAYS = 3;
/** How long the new seats are held while the change awaits its payment. */
export const CHANGE_HOLD_MINUTES = 15;

/** Money that may be negative (a cheaper fare). */
export const SignedMoneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

/** `GET /api/booking/{pnr}/change-options?flightIndex=N&date=YYYY-MM-DD`. */
export const ChangeOptionsQuerySchema = z.object({
  flightIndex: z.coerce.number().int().nonnegative().max(20),
  /** Flights departing from 3 days before to 3 days after this date; the booked one without. */
  date: YmdSchema.optional(),
});

/**
 * One flight the leg may move to, with what the change costs. `fareClass` is the booked class when
 * it has seats, else the lowest higher one of the same cabin that has.
 */
export const ChangeOptionSchema = SubstituteFlightSchema.extend({
  /** The fare rules' change fee for every seated passenger. */
  changeFee: MoneySchema,
  /** New fare less booked fare for every seated passenger (negative: cheaper). */
  fareDifference: SignedMoneySchema,
  /** What the change costs: pass it back as `acceptedPrice`. 0: nothing to pay. */
  toPay: MoneySchema,
  /** What comes back to the card paid with (a cheaper refundable fare, beyond the fee). */
  payout: MoneySchema,
});
export type ChangeOption = z.infer<typeof ChangeOptionSchema>;

export const ChangeOptionsResponseSchema = z
  .object({
    success: z.literal(true),
    flightIndex: z.number().int(),
    /** The first and last departure day searched. */
    from: YmdSchema,
    to: YmdSchema,
    flights: z.array(ChangeOptionSchema),
  })
  .meta({ id: 'ChangeOptionsResponse' });
export type ChangeOptionsResponse = z.infer<typeof ChangeOptionsResponseSchema>;

/** `POST /api/booking/{pnr}/change` (header `Idempotency-Key`). */
export const ChangeRequestSchema = z
  .strictObject({
    flightIndex: FlightIndexSchema,
    flightId: z.string().regex(/^\d{1,10}$/, 'Not a flight id'),
    fareClass: z.string().regex(/^[A-Z]$/, 'Not a fare class'),
    /** The `toPay` the traveller saw; another price now is 409 CHANGE_PRICE_CHANGED. */
    acceptedPrice: MoneySchema,
  })
  .meta({ id: 'ChangeRequest' });
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** Where a change is. */
export const BOOKING_CHANGE_STATES = [
  'awaiting_payment',
  'applied',
  'expired',
  'released',
] as const;

/** A voluntary change as the booking lists it. */
export const BookingChangeSchema = z
  .object({
    id: z.number().int(),
    flightIndex: z.number().int(),
    /**
     * `awaiting_payment` (new seats held until `holdExpiresAt`: pay with
     * `POST /api/booking/{pnr}/change/pay`), `applied`, `expired` (not paid in time) or
     * `released` (replaced by another change, or the booking was cancelled).
     */
    state: z.enum(BOOKING_CHANGE_STATES),
    oldFareClass: z.string(),
    newFlightId: z.string(),
    newFareClass: z.string(),
    /** The new flight's local departure and arrival. */
    departureLocal: z.string(),
    arrivalLocal: z.string(),
    flightNumber: z.string(),
    changeFee: MoneySchema,
    fareDifference: SignedMoneySchema,
    toPay: MoneySchema,
    payout: MoneySchema,
    holdExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: 'BookingChange' });
export type BookingChange = z.infer<typeof BookingChangeSchema>;

export const ChangeResponseSchema = z
  .object({ success: z.literal(true), change: BookingChangeSchema })
  .meta({ id: 'ChangeResponse' });
export type ChangeResponse = z.infer<typeof ChangeResponseSchema>;
