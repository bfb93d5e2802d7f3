import { createHash } from 'node:crypto';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Passengers } from '@uniquair/domain/search/passengers';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';

/** Search parameters after validation: what the hash and the job are made of. */
export interface NormalisedSearch {
  destinations: readonly { route: number; date: Ymd }[];
  passengers: Passengers;
  /**
   * Checked bags per passenger the result prices all-in (`allInPrice`); absent or 0 for none. A
   * search with bags is a search of its own (its result's prices differ), with the same flights.
   */
  bags?: BagCount;
}

/** Bumped when the meaning of a search (or its result's shape) changes, so old hashes are not reused. */
const HASH_VERSION = 2;

/** Hex digits kept from the SHA-256: 128 bits, far beyond any chance of two searches colliding. */
const HASH_LENGTH = 32;

/**
 * The canonical text of a search: the legs in the order given (a different order is a different
 * trip), the passenger counts and the checked bags when there are any, with nothing else — no push
 * subscription, no key order. Once the fares of a leg's route and day have changed
 * (`fareVersions`, one per leg, the fares module's), the versions are part of it, so a search after
 * a price change is a new search; while they are all 0 the text is as it always was.
 */
export function canonicalSearch(
  search: NormalisedSearch,
  fareVersions: readonly number[] = [],
): string {
  const { adults, children, infants } = search.passengers;
  return JSON.stringify({
    v: HASH_VERSION,
    d: search.destinations.map((destination) => [destination.route, destination.date]),
    p: [adults, children, infants],
    ...(search.bags ? { b: search.bags } : {}),
    ...(fareVersions.some((version) => version !== 0) ? { f: fareVersions } : {}),
  });
}

/** The deterministic id of a search (DESIGN §5): SHA-256 of its canonical text, 32 hex digits. */
export function searchHash(search: NormalisedSearch, fareVersions: readonly number[] = []): string {
  return createHash('sha256')
    .update(canonicalSearch(search, fareVersions))
    .digest('hex')
    .slice(0, HASH_LENGTH);
}
