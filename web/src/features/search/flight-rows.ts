/**
 * A search result's flights as the results list shows, filters and sorts them: each flight with
 * its cheapest fare converted once into the shown currency, its stops, duration, and departure
 * and arrival minute in local time (the fields the domain's filters and sort orders read). With
 * checked bags the cheapest fare is the cheapest all-in (bags.ts): fares that cannot carry the
 * bags are never the cheapest, and a flight none of whose fares can is left out.
 */
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { SearchFareClass, SearchFlight, SearchResult } from '@uniquair/contract/search';
import {
  filterFlights,
  sortFlights,
  type FlightSummary,
  type SearchFilters,
  type SortOrder,
} from '@uniquair/domain/search/filters';
import { cheapestFareWithBags } from './bags.ts';

export interface FlightRow extends FlightSummary {
  readonly flight: SearchFlight;
  /** The cheapest fare class, all-in with the search's bags. */
  readonly cheapest: SearchFareClass;
  /** Its price for one passenger in the result's currency, all-in with the bags. */
  readonly cheapestPrice: number;
  /** Days between the local departure and arrival dates (0 same day, 1 next day…). */
  readonly arrivalDayOffset: number;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/;

/** Minute of the day (0–1439) of a local `YYYY-MM-DDTHH:mm`; 0 when unreadable. */
export function minuteOfDay(localDateTime: string): number {
  const match = LOCAL_DATE_TIME.exec(localDateTime);
  return match ? Number(match[2]) * 60 + Number(match[3]) : 0;
}

/** Whole days from the first local date to the second. */
export function dayOffset(fromLocal: string, toLocal: string): number {
  const from = LOCAL_DATE_TIME.exec(fromLocal)?.[1];
  const to = LOCAL_DATE_TIME.exec(toLocal)?.[1];
  if (!from || !to) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The rows of a leg's flights; `price` is the cheapest fare (all-in with `bags` checked bags per
 * passenger) in minor units of the shown currency (`toShown` converts from the result's
 * currency). Flights without a fare (that can carry the bags) are left out.
 */
export function flightRows(
  flights: readonly SearchFlight[],
  toShown: (amount: number) => number,
  bags: BagCount = 0,
): FlightRow[] {
  const rows: FlightRow[] = [];
  for (const flight of flights) {
    const cheapest = cheapestFareWithBags(flight.fareClasses, bags);
    const first = flight.segments[0];
    const last = flight.segments.at(-1);
    if (!cheapest || !first || !last) continue;
    rows.push({
      flight,
      cheapest: cheapest.fare,
      cheapestPrice: cheapest.price,
      stops: flight.stops,
      price: toShown(cheapest.price),
      durationMinutes: flight.duration,
      departureMinute: minuteOfDay(first.departureLocal),
      arrivalMinute: minuteOfDay(last.arrivalLocal),
      arrivalDayOffset: dayOffset(first.departureLocal, last.arrivalLocal),
    });
  }
  return rows;
}

/** The rows of leg `legIndex` that pass the filters, in the sort order. */
export function visibleRows(
  rows: readonly FlightRow[],
  filters: SearchFilters,
  legIndex: number,
  order: SortOrder,
): FlightRow[] {
  return sortFlights(filterFlights(filters, legIndex, rows), order);
}

/** The bounds the price and duration filters offer: the lowest and highest values found. */
export function rowBounds(rows: readonly FlightRow[]): {
  readonly price: readonly [number, number] | null;
  readonly duration: readonly [number, number] | null;
  readonly maxStops: number;
} {
  if (rows.length === 0) return { price: null, duration: null, maxStops: 0 };
  let lowPrice = Infinity;
  let highPrice = -Infinity;
  let shortest = Infinity;
  let longest = -Infinity;
  let maxStops = 0;
  for (const row of rows) {
    lowPrice = Math.min(lowPrice, row.price);
    highPrice = Math.max(highPrice, row.price);
    shortest = Math.min(shortest, row.durationMinutes);
    longest = Math.max(longest, row.durationMinutes);
    maxStops = Math.max(maxStops, row.stops);
  }
  return { price: [lowPrice, highPrice], duration: [shortest, longest], maxStops };
}

type Converter = (amount: number, from: string) => number;

const rowsCache = new WeakMap<SearchResult, WeakMap<Converter, FlightRow[][]>>();

/**
 * The rows of a one-leg result, worked out once per result, converter (currency) and bag count,
 * so that the same rows (and their identity, which lets the list skip unchanged cards) serve
 * every render.
 */
export function rowsOfResult(
  result: SearchResult,
  convert: Converter,
  bags: BagCount = 0,
): FlightRow[] {
  let byConverter = rowsCache.get(result);
  if (!byConverter) {
    byConverter = new WeakMap();
    rowsCache.set(result, byConverter);
  }
  let byBags = byConverter.get(convert);
  if (!byBags) {
    byBags = [];
    byConverter.set(convert, byBags);
  }
  let rows = byBags[bags];
  if (!rows) {
    rows = flightRows(
      result.results[0]?.flights ?? [],
      (amount) => convert(amount, result.currency),
      bags,
    );
    byBags[bags] = rows;
  }
  return rows;
}

export type RowBounds = ReturnType<typeof rowBounds>;

const boundsCache = new WeakMap<readonly FlightRow[], RowBounds>();
let lastLegs: readonly RowBounds[] = [];
let lastCombined: RowBounds = rowBounds([]);

/**
 * The filters' bounds over every leg's rows; the same object (and the same price and duration
 * pairs) as long as the rows are the same, so that what receives them can skip a render.
 */
export function tripRowBounds(legs: readonly (readonly FlightRow[])[]): RowBounds {
  const perLeg = legs.map((rows) => {
    let bounds = boundsCache.get(rows);
    if (!bounds) {
      bounds = rowBounds(rows);
      boundsCache.set(rows, bounds);
    }
    return bounds;
  });
  if (
    perLeg.length === lastLegs.length &&
    perLeg.every((bounds, index) => bounds === lastLegs[index])
  ) {
    return lastCombined;
  }
  lastLegs = perLeg;
  lastCombined = rowBounds(legs.flat());
  return lastCombined;
}
