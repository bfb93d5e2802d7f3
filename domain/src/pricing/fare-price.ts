/**
 * The price of a fare class (docs/decisions/009-fares-that-move.md): one rule for the seed and for
 * the re-pricing of a running server. A class has a base price (its share of the flight's fare
 * before demand); demand adds up to +50 % as the flight fills up and up to +50 % in the last six
 * weeks before departure; an airline's sale takes a percentage off. The price is whole dollars in
 * cents, never below one dollar. It never falls as seats are sold or as departure nears.
 */

/** The lowest price of a seat: one dollar, in cents. */
export const MIN_FARE_MINOR = 100;

/** A sale takes at least this much off, in percent… */
export const MIN_SALE_PERCENT = 1;
/** …and at most this much. */
export const MAX_SALE_PERCENT = 90;

/**
 * Demand factor on top of a class's base price: up to +50 % as the load factor nears 1, and up to
 * +50 % in the last six weeks (most of it in the last two). Never decreases with load, never
 * increases with days to departure.
 */
export function demandMultiplier(loadFactor: number, daysToDeparture: number): number {
  const load = Math.min(Math.max(loadFactor, 0), 1);
  const days = Math.max(daysToDeparture, 0);
  const lastTwoWeeks = Math.max(0, 14 - days) / 14;
  const lastSixWeeks = Math.max(0, 45 - days) / 45;
  return (1 + 0.5 * load * load) * (1 + 0.35 * lastTwoWeeks + 0.15 * lastSixWeeks);
}

/** A class's base price: the flight's base fare times the class's multiplier, in whole cents. */
export function classBasePriceMinor(baseFareMinor: number, multiplier: number): number {
  return Math.round(baseFareMinor * multiplier);
}

/** The share of a flight's seats sold, 0–1, from its classes' seats; 0 for a flight of no seats. */
export function flightLoadFactor(
  classes: readonly { seatsTotal: number; seatsLeft: number }[],
): number {
  let total = 0;
  let left = 0;
  for (const fare of classes) {
    total += fare.seatsTotal;
    left += fare.seatsLeft;
  }
  return total > 0 ? Math.min(Math.max((total - left) / total, 0), 1) : 0;
}

export interface FarePriceInput {
  /** The class's base price before demand, in cents. */
  basePriceMinor: number;
  /** The flight's load factor, 0–1 ({@link flightLoadFactor}). */
  loadFactor: number;
  /** Whole days from today to the departure day (0 on the day, never negative). */
  daysToDeparture: number;
  /** Percent off of the sale running on the flight's route and day; 0 without one. */
  salePercent?: number;
}

/** The price of one seat in a class now, in whole dollars expressed in cents. */
export function farePriceMinor(input: FarePriceInput): number {
  const sale = Math.min(Math.max(input.salePercent ?? 0, 0), MAX_SALE_PERCENT);
  const cents =
    input.basePriceMinor *
    demandMultiplier(input.loadFactor, input.daysToDeparture) *
    ((100 - sale) / 100);
  return Math.max(MIN_FARE_MINOR, Math.round(cents / 100) * 100);
}

/** A sale as the rule reads it: percent off on the departure days `from` to `until`, both in. */
export interface SaleSpan {
  from: string;
  until: string;
  percent: number;
}

/**
 * The percent off on a departure day among the sales of its route: the largest of those covering
 * the day (overlapping sales do not add up), 0 when none does.
 */
export function salePercentOn(sales: readonly SaleSpan[], date: string): number {
  let best = 0;
  for (const sale of sales) {
    if (sale.from <= date && date <= sale.until && sale.percent > best) best = sale.percent;
  }
  return best;
}
