import type {
  SearchDestinationResult,
  SearchFlight,
  SearchResult,
} from '@uniquair/contract/search';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { allInPriceMinor, type BagCount } from '@uniquair/domain/pricing/fare-rules';
import { airportJson, routeJson } from '../../lib/network-json.ts';
import type { NormalisedSearch } from './search.hash.ts';
import type { SearchAirportRow, SearchRouteRow } from './search.repository.ts';
import type { Supplier, SupplierQuery } from './search.supplier.ts';

/*
 * The parts of a search job (see search.jobs.ts): each leg asked of each supplier within a
 * deadline, and the result assembled from their answers.
 */

/** A search as a job runs it: validated, hashed, with its routes looked up. */
export interface JobSearch {
  hash: string;
  /** The canonical parameters (stored with the job). */
  params: string;
  search: NormalisedSearch;
  /** The routes of the legs (each route once). */
  routes: readonly SearchRouteRow[];
}

/** One part of a job: one leg asked of one supplier. */
export interface Part {
  leg: number;
  supplier: Supplier;
}

export type PartOutcome = { ok: true; flights: SearchFlight[] } | { ok: false; reason: string };

class SupplierTimeoutError extends Error {
  constructor(supplier: string, ms: number) {
    super(`supplier ${supplier} did not answer within ${ms} ms`);
    this.name = 'SupplierTimeoutError';
  }
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/**
 * Asks one supplier for one leg: its flights, or a rejection when it fails, when `timeoutMs`
 * passes (the request is then aborted) or when `controller` aborts. `onTimer` receives the
 * deadline's timer, for the caller to clear.
 */
export function askSupplier(
  supplier: Supplier,
  query: SupplierQuery,
  options: {
    controller: AbortController;
    timeoutMs: number;
    onTimer: (timer: NodeJS.Timeout) => void;
  },
): Promise<SearchFlight[]> {
  const { controller, timeoutMs, onTimer } = options;
  return Promise.race([
    supplier.search(query, controller.signal),
    new Promise<never>((_, reject) => {
      onTimer(
        setTimeout(() => {
          const timeout = new SupplierTimeoutError(supplier.name, timeoutMs);
          controller.abort(timeout);
          reject(timeout);
        }, timeoutMs),
      );
    }),
    new Promise<never>((_, reject) => {
      if (controller.signal.aborted) reject(toError(controller.signal.reason));
      controller.signal.addEventListener('abort', () => reject(toError(controller.signal.reason)), {
        once: true,
      });
    }),
  ]);
}

/**
 * The result of a job's parts: one entry per leg, with the routes and airports it mentions. It is
 * complete when every leg got at least one supplier's answer.
 */
export async function assembleResult(
  job: JobSearch,
  parts: readonly Part[],
  outcomes: readonly PartOutcome[],
  airportsOf: (codes: readonly string[]) => Promise<SearchAirportRow[]>,
): Promise<{ complete: boolean; result: SearchResult }> {
  let complete = true;
  const results: SearchDestinationResult[] = job.search.destinations.map((destination, leg) => {
    const answers = parts
      .map((part, index) => ({ part, outcome: outcomes[index] }))
      .filter(({ part }) => part.leg === leg)
      .map(({ outcome }) => outcome);
    const answered = answers.filter(
      (outcome): outcome is { ok: true; flights: SearchFlight[] } => outcome?.ok === true,
    );
    if (answered.length === 0) complete = false;
    const flights = withAllInPrices(
      mergeFlights(answered.map((outcome) => outcome.flights)),
      job.search.bags ?? 0,
    );
    const prices = flights.flatMap((flight) => flight.fareClasses.map((fare) => fare.price));
    return {
      route: destination.route,
      date: destination.date,
      cheapestPrice: prices.length > 0 ? Math.min(...prices) : null,
      complete: answered.length === answers.length,
      flights,
    };
  });
  const codes = new Set<string>();
  for (const route of job.routes) {
    codes.add(route.from_airport);
    codes.add(route.to_airport);
  }
  for (const result of results) {
    for (const flight of result.flights) {
      for (const segment of flight.segments) {
        codes.add(segment.from);
        codes.add(segment.to);
      }
    }
  }
  const airports = await airportsOf([...codes]);
  return {
    complete,
    result: {
      currency: DEFAULT_CURRENCY_CODE,
      passengers: { ...job.search.passengers },
      results,
      routes: job.routes.map(routeJson).sort((a, b) => a.id - b.id),
      airports: airports.map(airportJson),
    },
  };
}

/**
 * Each fare class with its all-in price for `bags` checked bags per passenger (domain fare rules:
 * the fare plus the bag extras its letter needs, per leg; a connection is sold in one letter and
 * pays its bags once), null when the class cannot carry them. Prices are in the base currency,
 * as the fare rules' fees are.
 */
export function withAllInPrices(flights: readonly SearchFlight[], bags: BagCount): SearchFlight[] {
  return flights.map((flight) => ({
    ...flight,
    fareClasses: flight.fareClasses.map((fare) => ({
      ...fare,
      allInPrice: allInPriceMinor(fare.price, fare.letter, bags),
    })),
  }));
}

/** The flights of several suppliers for one leg: each id once (first answer wins), by departure. */
function mergeFlights(lists: readonly SearchFlight[][]): SearchFlight[] {
  const seen = new Set<string>();
  const merged: SearchFlight[] = [];
  for (const list of lists) {
    for (const flight of list) {
      if (seen.has(flight.id)) continue;
      seen.add(flight.id);
      merged.push(flight);
    }
  }
  return merged.sort(
    (a, b) =>
      (a.segments[0]?.departureUtc ?? '').localeCompare(b.segments[0]?.departureUtc ?? '') ||
      a.id.localeCompare(b.id),
  );
}
