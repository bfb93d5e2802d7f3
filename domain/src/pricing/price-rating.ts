/**
 * Price rating of the price calendar (SPEC §3, §9): for the prices shown together (the days of a
 * month), the lowest price rates 0, the highest 2 and every other 1; when all prices are equal
 * every day rates 1. Several days sharing the lowest (or highest) price all get 0 (or 2).
 */

/** 0 lowest, 1 regular, 2 highest. */
export type PriceRating = 0 | 1 | 2;

function assertPrices(prices: Iterable<number>): void {
  for (const price of prices) {
    if (!Number.isFinite(price))
      throw new RangeError(`Price must be a finite number, got ${price}`);
  }
}

function rateWith(low: number, high: number, price: number): PriceRating {
  if (low === high) return 1;
  if (price === low) return 0;
  if (price === high) return 2;
  return 1;
}

/** Ratings in the order of the prices; empty for no prices. Throws for a non-finite price. */
export function ratePrices(prices: readonly number[]): PriceRating[] {
  assertPrices(prices);
  if (prices.length === 0) return [];
  const low = prices.reduce((a, b) => Math.min(a, b));
  const high = prices.reduce((a, b) => Math.max(a, b));
  return prices.map((price) => rateWith(low, high, price));
}

/** Ratings keyed like the input (for instance by date). */
export function ratePricesByKey<K>(prices: ReadonlyMap<K, number>): Map<K, PriceRating> {
  const keys = [...prices.keys()];
  const ratings = ratePrices([...prices.values()]);
  return new Map(keys.map((key, index) => [key, ratings[index] ?? 1]));
}
