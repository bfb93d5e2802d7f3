/**
 * Result filters and sort orders (SPEC §3, §9). Filters live in the query string:
 *
 * | key      | meaning                                         | text                        |
 * |----------|-------------------------------------------------|-----------------------------|
 * | `s`      | most stops allowed (0 = direct only)            | non-negative integer        |
 * | `p`      | highest price, in minor units of the currency the results are shown in | non-negative integer |
 * | `d`      | longest duration, in minutes                    | positive integer            |
 * | `td{n}`  | departure window of leg n (n from 0)            | `HHMM-HHMM`, e.g. `0600-1800` |
 * | `ta{n}`  | arrival window of leg n                         | `HHMM-HHMM`                 |
 *
 * Numbers are canonical decimals (no sign, no leading zeros). Windows run from 0000 to 2400 in
 * hourly steps (minutes always `00`), start before end, both ends inclusive, in the local time of
 * the airport concerned; a window never wraps past midnight. The full day `0000-2400` is the
 * default and is never written. Leg indexes run from 0 to 999. A malformed value is ignored, and
 * only the first occurrence of a key counts.
 */

/** Whole hours, `0 <= from < to <= 24`. */
export interface HourWindow {
  readonly from: number;
  readonly to: number;
}

export interface SearchFilters {
  readonly maxStops: number | null;
  /** Minor units of the currency the results are shown in. */
  readonly maxPrice: number | null;
  readonly maxDurationMinutes: number | null;
  /** Departure window per leg index; legs without an entry are not filtered. */
  readonly departure: Readonly<Record<number, HourWindow>>;
  /** Arrival window per leg index. */
  readonly arrival: Readonly<Record<number, HourWindow>>;
}

export const DEFAULT_FILTERS: SearchFilters = {
  maxStops: null,
  maxPrice: null,
  maxDurationMinutes: null,
  departure: {},
  arrival: {},
};

export const FULL_DAY: HourWindow = { from: 0, to: 24 };
export const MAX_LEG_INDEX = 999;

export type QueryInput = Readonly<Record<string, string>> | Iterable<readonly [string, string]>;

const COUNT_PATTERN = /^(0|[1-9]\d{0,15})$/;
const WINDOW_PATTERN = /^(\d{2})00-(\d{2})00$/;
const LEG_KEY_PATTERN = /^t([da])(0|[1-9]\d{0,2})$/;

function parseCount(text: string): number | null {
  if (!COUNT_PATTERN.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** Whether the window is well formed: whole hours, `0 <= from < to <= 24`. */
export function isValidHourWindow(window: HourWindow): boolean {
  const { from, to } = window;
  return Number.isInteger(from) && Number.isInteger(to) && from >= 0 && from < to && to <= 24;
}

/** Whether the window is the whole day (the default). */
export function isFullDay(window: HourWindow): boolean {
  return window.from === 0 && window.to === 24;
}

/** `{ from: 6, to: 18 }` → `0600-1800`. */
export function formatHourWindow(window: HourWindow): string {
  const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}00`;
  return `${hhmm(window.from)}-${hhmm(window.to)}`;
}

/** `0600-1800` → `{ from: 6, to: 18 }`; null for anything malformed. */
export function parseHourWindow(text: string): HourWindow | null {
  const match = WINDOW_PATTERN.exec(text);
  if (!match) return null;
  const window = { from: Number(match[1]), to: Number(match[2]) };
  return isValidHourWindow(window) ? window : null;
}

function entriesOf(input: QueryInput): Iterable<readonly [string, string]> {
  return Symbol.iterator in input
    ? (input as Iterable<readonly [string, string]>)
    : Object.entries(input);
}

/** Reads the filters from query parameters, ignoring unknown keys and malformed values. */
export function decodeFilters(input: QueryInput): SearchFilters {
  const seen = new Set<string>();
  let maxStops: number | null = null;
  let maxPrice: number | null = null;
  let maxDurationMinutes: number | null = null;
  const departure: Record<number, HourWindow> = {};
  const arrival: Record<number, HourWindow> = {};
  for (const [key, value] of entriesOf(input)) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (key === 's') maxStops = parseCount(value);
    else if (key === 'p') maxPrice = parseCount(value);
    else if (key === 'd') {
      const minutes = parseCount(value);
      maxDurationMinutes = minutes === null || minutes === 0 ? null : minutes;
    } else {
      const leg = LEG_KEY_PATTERN.exec(key);
      const window = leg ? parseHourWindow(value) : null;
      if (leg && window && !isFullDay(window)) {
        (leg[1] === 'd' ? departure : arrival)[Number(leg[2])] = window;
      }
    }
  }
  return { maxStops, maxPrice, maxDurationMinutes, departure, arrival };
}

function isLegIndex(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index <= MAX_LEG_INDEX;
}

function isCount(value: number | null): value is number {
  return value !== null && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Writes the filters as query entries in a stable order (`s`, `p`, `d`, then `td{n}`/`ta{n}` by
 * leg). Defaults and values that could not be read back are left out.
 */
export function encodeFilters(filters: SearchFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (isCount(filters.maxStops)) entries.push(['s', String(filters.maxStops)]);
  if (isCount(filters.maxPrice)) entries.push(['p', String(filters.maxPrice)]);
  if (isCount(filters.maxDurationMinutes) && filters.maxDurationMinutes > 0) {
    entries.push(['d', String(filters.maxDurationMinutes)]);
  }
  const legs = new Set([...Object.keys(filters.departure), ...Object.keys(filters.arrival)]);
  const sorted = [...legs].map(Number).filter(isLegIndex);
  sorted.sort((a, b) => a - b);
  for (const leg of sorted) {
    for (const [prefix, windows] of [
      ['td', filters.departure],
      ['ta', filters.arrival],
    ] as const) {
      const window = windows[leg];
      if (window && isValidHourWindow(window) && !isFullDay(window)) {
        entries.push([`${prefix}${leg}`, formatHourWindow(window)]);
      }
    }
  }
  return entries;
}

/** Whether any filter differs from the default. */
export function hasActiveFilters(filters: SearchFilters): boolean {
  return encodeFilters(filters).length > 0;
}

/** What the filters need to know about a flight of one leg. */
export interface FlightSummary {
  readonly stops: number;
  /** Minor units. */
  readonly price: number;
  readonly durationMinutes: number;
  /** Minute of the day (0–1439) of departure, local to the departure airport. */
  readonly departureMinute: number;
  /** Minute of the day (0–1439) of arrival, local to the arrival airport. */
  readonly arrivalMinute: number;
}

/** Whether a minute of the day lies in the window, both ends inclusive. */
export function isMinuteInWindow(window: HourWindow, minute: number): boolean {
  return minute >= window.from * 60 && minute <= window.to * 60;
}

/** Whether a flight of leg `legIndex` passes every filter. */
export function flightMatchesFilters(
  filters: SearchFilters,
  legIndex: number,
  flight: FlightSummary,
): boolean {
  const departure = filters.departure[legIndex];
  const arrival = filters.arrival[legIndex];
  return (
    (filters.maxStops === null || flight.stops <= filters.maxStops) &&
    (filters.maxPrice === null || flight.price <= filters.maxPrice) &&
    (filters.maxDurationMinutes === null || flight.durationMinutes <= filters.maxDurationMinutes) &&
    (departure === undefined || isMinuteInWindow(departure, flight.departureMinute)) &&
    (arrival === undefined || isMinuteInWindow(arrival, flight.arrivalMinute))
  );
}

export function filterFlights<T extends FlightSummary>(
  filters: SearchFilters,
  legIndex: number,
  flights: readonly T[],
): T[] {
  return flights.filter((flight) => flightMatchesFilters(filters, legIndex, flight));
}

export type SortOrder = 'best' | 'cheapest' | 'fastest';

export const SORT_ORDERS: readonly SortOrder[] = ['best', 'cheapest', 'fastest'];

/**
 * "Best" score, lower is better: price and duration are each taken relative to the cheapest and
 * the shortest flight in the list (so the score does not depend on the currency), weighted 0.6 and
 * 0.4, and every stop adds 0.1 — a direct flight wins over a one-stop flight that is at most 10 %
 * cheaper, other things equal.
 */
export const BEST_WEIGHTS = { price: 0.6, duration: 0.4, perStop: 0.1 } as const;

export interface BestReference {
  readonly cheapestPrice: number;
  readonly shortestDuration: number;
}

/** The cheapest price and shortest duration of the list, the yardsticks of the best score. */
export function bestReference(flights: readonly FlightSummary[]): BestReference {
  let cheapestPrice = Number.POSITIVE_INFINITY;
  let shortestDuration = Number.POSITIVE_INFINITY;
  for (const flight of flights) {
    cheapestPrice = Math.min(cheapestPrice, flight.price);
    shortestDuration = Math.min(shortestDuration, flight.durationMinutes);
  }
  return { cheapestPrice, shortestDuration };
}

/** The best score of a flight against the list's reference (a zero yardstick counts as 1). */
export function bestScore(flight: FlightSummary, reference: BestReference): number {
  const price = flight.price / Math.max(1, reference.cheapestPrice);
  const duration = flight.durationMinutes / Math.max(1, reference.shortestDuration);
  return (
    BEST_WEIGHTS.price * price +
    BEST_WEIGHTS.duration * duration +
    BEST_WEIGHTS.perStop * flight.stops
  );
}

export type FlightComparator = (a: FlightSummary, b: FlightSummary) => number;

/** The last tie-breakers of the cheapest and fastest orders: fewer stops, then earlier departure. */
function compareStopsThenDeparture(a: FlightSummary, b: FlightSummary): number {
  return a.stops - b.stops || a.departureMinute - b.departureMinute;
}

/** Cheapest first; ties by duration, stops, then departure time. */
export function compareCheapest(a: FlightSummary, b: FlightSummary): number {
  const byPrice = a.price - b.price;
  return byPrice || a.durationMinutes - b.durationMinutes || compareStopsThenDeparture(a, b);
}

/** Shortest first; ties by price, stops, then departure time. */
export function compareFastest(a: FlightSummary, b: FlightSummary): number {
  const byDuration = a.durationMinutes - b.durationMinutes;
  return byDuration || a.price - b.price || compareStopsThenDeparture(a, b);
}

/** Lowest best score first (against the given reference); ties as for cheapest. */
export function compareBest(reference: BestReference): FlightComparator {
  return (a, b) => bestScore(a, reference) - bestScore(b, reference) || compareCheapest(a, b);
}

/** A sorted copy of the flights; equal flights keep their order. */
export function sortFlights<T extends FlightSummary>(flights: readonly T[], order: SortOrder): T[] {
  const compare: FlightComparator =
    order === 'cheapest'
      ? compareCheapest
      : order === 'fastest'
        ? compareFastest
        : compareBest(bestReference(flights));
  return [...flights].sort(compare);
}

export function isSortOrder(text: string): text is SortOrder {
  return (SORT_ORDERS as readonly string[]).includes(text);
}
