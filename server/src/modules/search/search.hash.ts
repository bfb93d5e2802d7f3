import { createHash } from 'node:crypto';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Passengers } from '@uniquair/domain/search/passengers';

/** Search parameters after validation: what the hash and the job are made of. */
export interface NormalisedSearch {
  destinations: readonly { route: number; date: Ymd }[];
  passengers: Passengers;
}

/** Bumped when the meaning of a search (or its result's shape) changes, so old hashes are not reused. */
const HASH_VERSION = 2;

/** Hex digits kept from the SHA-256: 128 bits, far beyond any chance of two searches colliding. */
const HASH_LENGTH = 32;

/**
 * The canonical text of a search: the legs in the order given (a different order is a different
 * trip) and the passenger counts, with nothing else — no push subscription, no key order.
 */
export function canonicalSearch(search: NormalisedSearch): string {
  const { adults, children, infants } = search.passengers;
  return JSON.stringify({
    v: HASH_VERSION,
    d: search.destinations.map((destination) => [destination.route, destination.date]),
    p: [adults, children, infants],
  });
}

/** The deterministic id of a search (DESIGN §5): SHA-256 of its canonical text, 32 hex digits. */
export function searchHash(search: NormalisedSearch): string {
  return createHash('sha256').update(canonicalSearch(search)).digest('hex').slice(0, HASH_LENGTH);
}
