/**
 * "With my bags" (docs/search-experience.md): the checked bags per passenger a search prices in,
 * kept in the results page's query as `bags` (`?bags=1`; 0 is not written), and the prices a
 * fare shows with them — its all-in price (the server's `allInPrice`: the fare plus the bag
 * extras of its fare rules, per passenger and leg), or none when it cannot carry that many.
 */
import type { SearchFareClass } from '@uniquair/contract/search';
import {
  allInPriceMinor,
  MAX_BAGS_PER_PASSENGER,
  type BagCount,
} from '@uniquair/domain/pricing/fare-rules';

export const BAGS_PARAM = 'bags';

/** A `bags` query value as a bag count: 1 or 2 as written, anything else 0. */
export function parseBags(text: string | null | undefined): BagCount {
  if (text === '1' || text === '2') return Number(text) as BagCount;
  return 0;
}

/** The bag count of a query string (`?bags=1`) or its parameters. */
export function readBags(query: URLSearchParams | string): BagCount {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  return parseBags(params.get(BAGS_PARAM));
}

/** `?bags=N` for a path, or '' without bags. */
export function bagsSearch(bags: BagCount): string {
  return bags > 0 ? `?${BAGS_PARAM}=${bags}` : '';
}

/** Every bag count the form offers, none first. */
export const BAG_CHOICES: readonly BagCount[] = Array.from(
  { length: MAX_BAGS_PER_PASSENGER + 1 },
  (_, count) => count as BagCount,
);

/**
 * What one passenger pays for a fare on a leg with `bags` checked bags, in the result's currency:
 * the fare without bags; with them the all-in price (the server's, or from the same fare rules
 * for a result stored before it gave one); null when the fare cannot carry them.
 */
export function farePriceWithBags(fare: SearchFareClass, bags: BagCount): number | null {
  if (bags === 0) return fare.price;
  if (fare.allInPrice !== undefined) return fare.allInPrice;
  return allInPriceMinor(fare.price, fare.letter, bags);
}

/** The cheapest fare class that can carry the bags (with its price), or null when none can. */
export function cheapestFareWithBags(
  fares: readonly SearchFareClass[],
  bags: BagCount,
): { readonly fare: SearchFareClass; readonly price: number } | null {
  let best: { fare: SearchFareClass; price: number } | null = null;
  for (const fare of fares) {
    const price = farePriceWithBags(fare, bags);
    if (price !== null && (best === null || price < best.price)) best = { fare, price };
  }
  return best;
}
