/**
 * Search result paths (SPEC §2): `/flights/{adults}/{children}/{infants}/{destinations...}` and
 * `/multi/…` with the same segments. Builds the path the search button navigates to and reads a
 * path back into passengers and destinations, recording what had to be corrected or left out.
 */
import {
  decodeDestinationPath,
  encodeDestinationPath,
  type Destination,
} from './destination-codec.ts';
import {
  parsePassengerSegments,
  passengerSegments,
  type PassengerSegments,
  type Passengers,
} from './passengers.ts';

/** Most legs of one search: a multi-city trip of up to six flights. */
export const MAX_DESTINATIONS = 6;

/** The two search result routes: `flights` (one-way and return) and `multi` (multi-city). */
export type SearchView = 'flights' | 'multi';

export const SEARCH_VIEWS: readonly SearchView[] = ['flights', 'multi'];

export function isSearchView(text: string): text is SearchView {
  return (SEARCH_VIEWS as readonly string[]).includes(text);
}

/**
 * `/flights/1/0/0/12.2026-12-01._`: the view, the corrected passenger counts, then one segment per
 * destination. Throws a RangeError for a destination the codec cannot write.
 */
export function buildSearchPath(
  view: SearchView,
  passengers: Passengers,
  destinations: readonly Destination[],
): string {
  const { adults, children, infants } = passengerSegments(passengers);
  const base = `/${view}/${adults}/${children}/${infants}`;
  return destinations.length === 0 ? base : `${base}/${encodeDestinationPath(destinations)}`;
}

/** The raw parameters of a search route, as a router hands them over. */
export interface SearchRouteParams extends PassengerSegments {
  readonly view: SearchView;
  /** Everything after the infants segment (the splat), with or without surrounding `/`. */
  readonly destinations: string;
}

export interface ParsedSearchUrl {
  readonly view: SearchView;
  /** Corrected counts. */
  readonly passengers: Passengers;
  /** True when the URL's counts were malformed or broke a rule and had to be corrected. */
  readonly passengersCorrected: boolean;
  readonly destinations: readonly Destination[];
  /** Destination segments left out: malformed, or repeating a route and date. */
  readonly ignoredDestinations: readonly string[];
}

/** Reads the parameters of a search route; never throws. */
export function parseSearchParams(params: SearchRouteParams): ParsedSearchUrl {
  const { passengers, status } = parsePassengerSegments(params);
  const { destinations, ignored } = decodeDestinationPath(params.destinations);
  return {
    view: params.view,
    passengers,
    passengersCorrected: status === 'corrected',
    destinations,
    ignoredDestinations: ignored,
  };
}

const SEARCH_PATH_PATTERN = /^\/(flights|multi)\/([^/]*)\/([^/]*)\/([^/]*)(?:\/(.*))?$/;

/** Reads a whole pathname; null when it is not a search result path. Never throws. */
export function parseSearchPath(pathname: string): ParsedSearchUrl | null {
  const match = SEARCH_PATH_PATTERN.exec(pathname);
  if (!match) return null;
  const [, view = '', adults = '', children = '', infants = '', destinations = ''] = match;
  if (!isSearchView(view)) return null;
  return parseSearchParams({ view, adults, children, infants, destinations });
}

/** Whether the pathname is one of the two search result routes (scroll is kept between them). */
export function isSearchResultPath(pathname: string): boolean {
  return SEARCH_PATH_PATTERN.test(pathname);
}
