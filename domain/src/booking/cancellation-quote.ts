import { apportion } from '../pricing/apportion.ts';
/**
 * What cancelling a booking gives back (SPEC §7 "Manage a booking"): per passenger and flight, the
 * part paid, the fare rules' cancellation fee, the refund and the part that is not refundable.
 * Pure: the server computes the quote from the booking as stored, and the same function decides
 * whether the refund a traveller accepted is still the one on offer.
 *
 * - Within 24 hours of booking, when the first flight leaves at least 7 days later, everything
 *   paid comes back, whatever the fares say (the free window).
 * - Otherwise a refundable fare gives back what was paid for it less its fee (per passenger and
 *   flight, never more than was paid for that line); a non-refundable fare gives nothing back (the
 *   booking can still be cancelled: its seats are freed).
 * - Amounts are minor units of the charge currency. What was charged is shared out over the lines
 *   in proportion to their price in the base currency (fares and extras, USD), so the lines add
 *   up to the charge exactly; fees (USD) are converted at the booking's own rate.
 */

/** The free window: booked less than this long ago … */
export const FREE_CANCELLATION_HOURS = 24;
/** … and the first flight at least this many days away. */
export const FREE_CANCELLATION_MIN_DAYS_AHEAD = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface QuoteFlight {
  /** Index of the leg in the booking, from 0. */
  index: number;
  /** The search destination the leg answers (extras are bought per destination). */
  destinationIndex: number;
  fareClass: string;
  /** Fare of one seated passenger, minor units of the base currency. */
  farePrice: number;
  refundable: boolean;
  /** Fee per passenger and flight, minor units of the base currency; null: none. */
  refundFee: number | null;
}

export interface QuotePassenger {
  index: number;
  /** Infants travel on a lap and pay no fare. */
  seated: boolean;
}

export interface QuoteExtra {
  destinationIndex: number;
  passengerIndex: number;
  /** Price of all units, minor units of the base currency. */
  price: number;
}

export interface QuoteInput {
  flights: readonly QuoteFlight[];
  passengers: readonly QuotePassenger[];
  extras: readonly QuoteExtra[];
  /** What the traveller paid us (charge currency), or an amount of 0 when nothing was paid. */
  paid: { amount: number; currency: string };
  /** When the booking was made, and the first departure (ISO instants). */
  bookedAt: string;
  firstDeparture: string;
  now: string;
  /**
   * The airline changed or cancelled a flight of the booking and the traveller has not answered:
   * cancelling gives back everything paid, whatever the fare.
   */
  scheduleChanged?: boolean;
}

export interface QuoteLine {
  flightIndex: number;
  passengerIndex: number;
  fareClass: string;
  refundable: boolean;
  /** The share of the charge for this passenger on this flight (fare and extras). */
  paid: number;
  fee: number;
  refund: number;
  /** What is kept because the fare is not refundable (`paid = fee + refund + nonRefundable`). */
  nonRefundable: number;
}

export interface CancellationQuote {
  currency: string;
  paid: number;
  refund: number;
  fee: number;
  nonRefundable: number;
  /** Cancelled within the free window: everything paid comes back. */
  freeWindow: boolean;
  /** Cancelled because of an unanswered schedule change: everything paid comes back. */
  scheduleChanged: boolean;
  lines: QuoteLine[];
}

/** Whether the free window applies at `now`. */
export function inFreeWindow(bookedAt: string, firstDeparture: string, now: string): boolean {
  const at = Date.parse(now);
  return (
    at - Date.parse(bookedAt) < FREE_CANCELLATION_HOURS * HOUR_MS &&
    Date.parse(firstDeparture) - at >= FREE_CANCELLATION_MIN_DAYS_AHEAD * DAY_MS
  );
}

/**
 * Shares `total` out over `weights` in proportion: non-negative integers that add up to `total`
 * exactly (the pricing rule `apportion`, largest remainders first). All weights 0: everything on
 * the first share.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  return apportion(weights, total);
}

/** The cancellation quote of a booking (see the top of this file). */
export function cancellationQuote(input: QuoteInput): CancellationQuote {
  const pairs = input.flights.flatMap((flight) =>
    input.passengers.map((passenger) => ({ flight, passenger })),
  );
  const prices = pairs.map(({ flight, passenger }) => {
    const fare = passenger.seated ? flight.farePrice : 0;
    const extras = input.extras
      .filter(
        (extra) =>
          extra.destinationIndex === flight.destinationIndex &&
          extra.passengerIndex === passenger.index,
      )
      .reduce((sum, extra) => sum + extra.price, 0);
    return fare + extras;
  });
  const baseSum = prices.reduce((a, b) => a + b, 0);
  const charged = Math.max(0, input.paid.amount);
  const shares = shareOut(charged, prices);
  const freeWindow = inFreeWindow(input.bookedAt, input.firstDeparture, input.now);
  const scheduleChanged = input.scheduleChanged === true;
  const free = freeWindow || scheduleChanged;
  const rate = baseSum > 0 ? charged / baseSum : 0;

  const lines = pairs.map(({ flight, passenger }, index): QuoteLine => {
    const paid = shares[index] ?? 0;
    const base = {
      flightIndex: flight.index,
      passengerIndex: passenger.index,
      fareClass: flight.fareClass,
      refundable: flight.refundable,
      paid,
    };
    if (free) return { ...base, fee: 0, refund: paid, nonRefundable: 0 };
    if (!flight.refundable) return { ...base, fee: 0, refund: 0, nonRefundable: paid };
    const fee = Math.min(paid, Math.round((flight.refundFee ?? 0) * rate));
    return { ...base, fee, refund: paid - fee, nonRefundable: 0 };
  });
  const total = (pick: (line: QuoteLine) => number) =>
    lines.reduce((sum, line) => sum + pick(line), 0);
  return {
    currency: input.paid.currency,
    paid: total((line) => line.paid),
    refund: total((line) => line.refund),
    fee: total((line) => line.fee),
    nonRefundable: total((line) => line.nonRefundable),
    freeWindow,
    scheduleChanged,
    lines,
  };
}

/** Why a booking cannot be cancelled, or null when it can. */
export type CancellationBlock = 'cancelled' | 'expired' | 'flown' | null;

/** Statuses a booking can be cancelled from. */
export const CANCELLABLE_STATUSES = ['not_paid', 'paid', 'ticketed', 'pay_at_airline'] as const;

/**
 * Whether a booking in `status` whose first flight leaves at `firstDeparture` can be cancelled at
 * `now`: not once cancelled or expired, nor once the first flight has left.
 */
export function cancellationBlock(
  status: string,
  firstDeparture: string,
  now: string,
): CancellationBlock {
  if (status === 'cancelled') return 'cancelled';
  if (status === 'expired') return 'expired';
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(status)) return 'cancelled';
  if (Date.parse(firstDeparture) <= Date.parse(now)) return 'flown';
  return null;
}
