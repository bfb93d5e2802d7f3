import type { SearchFlight } from '@uniquair/contract/search';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Passengers } from '@uniquair/domain/search/passengers';

/** One leg of a search as a supplier is asked it. */
export interface SupplierQuery {
  route: { id: number; from: string; to: string };
  /** Local departure date at `route.from`. */
  date: Ymd;
  passengers: Passengers;
  /** Seats a fare class must have left to be offered: adults and children (infants sit on a lap). */
  seats: number;
  /** Flights departing at or before this instant are not offered. */
  departingAfter: Date;
}

/**
 * A source of flights (DESIGN §5): our own inventory first, other airlines' systems later. A
 * search asks every supplier for every leg at once; each answer is one part of the job's
 * progress. A supplier answers with flights in the base currency (USD minor units), ids unique
 * across suppliers (the inventory uses its row ids, other suppliers prefix theirs), fare classes
 * cheapest first, and only fare classes with `seats` left. It rejects when it cannot answer, and
 * stops work when the signal aborts (the job's deadline passed or the server is closing); a
 * failure only fails its own part.
 */
export interface Supplier {
  /** Short name, for logs. */
  readonly name: string;
  search(query: SupplierQuery, signal: AbortSignal): Promise<SearchFlight[]>;
}
