/**
 * Destinations in the search URL (SPEC §3, §5): each is `route.date.flightOrUnderscore[.fareClass]`
 * and the list is the rest of the path after the passenger counts, one destination per segment:
 * `12.2026-12-01._/13.2026-12-08.4711.Y`.
 *
 * - route: a positive integer written without leading zeros, at most Number.MAX_SAFE_INTEGER;
 * - date: a real calendar date `YYYY-MM-DD`;
 * - flight: `_` when no flight is chosen, otherwise 1–64 letters, digits or hyphens (no dots,
 *   slashes or underscores, so the text never needs escaping);
 * - fare class: 1–8 letters, upper-cased when decoded; it belongs to a chosen flight, so a fare
 *   class after `_` is dropped and the destination kept.
 *
 * Decoding never throws: a malformed segment (empty text, extra dots, letters in the date,
 * 2023-02-29, route 0, negative or huge routes) is ignored, and so is a repeat of a route and date
 * already listed (the first one is kept).
 */
import { parseYmd, type Ymd } from '../dates/ymd.ts';

export interface Destination {
  readonly routeId: number;
  readonly date: Ymd;
  /** The chosen flight, or null before one is chosen. */
  readonly flightId: string | null;
  /** Fare class letters, upper case; null when none chosen. Always null without a flight. */
  readonly fareClass: string | null;
}

export const NO_FLIGHT = '_';

const ROUTE_ID_PATTERN = /^[1-9]\d{0,15}$/;
const FLIGHT_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const FARE_CLASS_PATTERN = /^[A-Za-z]{1,8}$/;

/** Parses a route id: a positive safe integer written in canonical decimal. */
export function parseRouteId(text: string): number | null {
  if (!ROUTE_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

export function isValidFlightId(text: string): boolean {
  return FLIGHT_ID_PATTERN.test(text);
}

export function isValidFareClass(text: string): boolean {
  return FARE_CLASS_PATTERN.test(text);
}

/** Whether a destination can be written and read back unchanged. */
export function isValidDestination(destination: Destination): boolean {
  const { routeId, date, flightId, fareClass } = destination;
  return (
    Number.isSafeInteger(routeId) &&
    routeId > 0 &&
    parseYmd(date) !== null &&
    (flightId === null || isValidFlightId(flightId)) &&
    (fareClass === null ||
      (flightId !== null && isValidFareClass(fareClass) && fareClass === fareClass.toUpperCase()))
  );
}

/** Writes one destination; throws a RangeError for a destination that is not valid. */
export function encodeDestination(destination: Destination): string {
  if (!isValidDestination(destination)) {
    throw new RangeError(`Not a valid destination: ${JSON.stringify(destination)}`);
  }
  const { routeId, date, flightId, fareClass } = destination;
  const parts = [String(routeId), date, flightId ?? NO_FLIGHT];
  if (fareClass !== null) parts.push(fareClass);
  return parts.join('.');
}

/** Reads one destination; null when the text is malformed. */
export function decodeDestination(text: string): Destination | null {
  const parts = text.split('.');
  if (parts.length < 3 || parts.length > 4) return null;
  const [routeText = '', dateText = '', flightText = '', fareText] = parts;
  const routeId = parseRouteId(routeText);
  const date = parseYmd(dateText);
  if (routeId === null || date === null) return null;
  if (flightText !== NO_FLIGHT && !isValidFlightId(flightText)) return null;
  if (fareText !== undefined && !isValidFareClass(fareText)) return null;
  const flightId = flightText === NO_FLIGHT ? null : flightText;
  const fareClass = flightId === null || fareText === undefined ? null : fareText.toUpperCase();
  return { routeId, date, flightId, fareClass };
}

/** The key that makes two destinations repeats of each other: the same route on the same date. */
export function destinationKey(destination: Pick<Destination, 'routeId' | 'date'>): string {
  return `${destination.routeId}.${destination.date}`;
}

/** Writes the destination list as path segments joined by `/`, without leading or trailing `/`. */
export function encodeDestinationPath(destinations: readonly Destination[]): string {
  return destinations.map(encodeDestination).join('/');
}

export interface DecodedDestinationPath {
  /** Destinations in URL order, malformed ones and repeats left out. */
  readonly destinations: Destination[];
  /** The non-empty segments that were left out, in URL order. */
  readonly ignored: string[];
}

/**
 * Reads the destination list. Empty segments (leading, trailing or doubled `/`) are skipped
 * silently; malformed segments and repeats of a route and date are reported in `ignored`.
 */
export function decodeDestinationPath(path: string): DecodedDestinationPath {
  const destinations: Destination[] = [];
  const ignored: string[] = [];
  const seen = new Set<string>();
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    const destination = decodeDestination(segment);
    if (destination === null || seen.has(destinationKey(destination))) {
      ignored.push(segment);
      continue;
    }
    seen.add(destinationKey(destination));
    destinations.push(destination);
  }
  return { destinations, ignored };
}
