/**
 * The trip a search result path describes (SPEC §2, §3): its legs with their routes and
 * airports, and the path changes the results page makes — another date for a leg, a flight and
 * fare class chosen for a leg — always written through the domain's path builder.
 */
import type { Airport, Route } from '@uniquair/contract/data';
import { maxYmd, minYmd, ymdInTimeZone, type Ymd } from '@uniquair/domain/dates/ymd';
import {
  routeDateRange,
  validateRouteDate,
  type RouteDateError,
} from '@uniquair/domain/routes/route-date-field';
import type { RouteSchedule } from '@uniquair/domain/routes/route-availability';
import type { Destination } from '@uniquair/domain/search/destination-codec';
import type { Passengers } from '@uniquair/domain/search/passengers';
import { buildSearchPath, type SearchView } from '@uniquair/domain/search/search-path';
import type { CityName } from '../../lib/city-names.ts';

/** How a leg is named: the outbound or return flight of a trip, or flight n of a multi-city trip. */
export type LegKind = 'oneWay' | 'outbound' | 'return' | 'multi';

export interface TripLeg {
  readonly index: number;
  readonly kind: LegKind;
  readonly destination: Destination;
  readonly route: Route;
  /** The leg's airports, their cities named in the UI language (`tripLegs`). */
  readonly from: Airport;
  readonly to: Airport;
}

export interface RouteNetwork {
  readonly routes: readonly Route[];
  readonly airports: readonly Airport[];
}

/** The route's schedule as the domain rules read it. */
export function scheduleOf(route: Route): RouteSchedule {
  return { dow: route.dow, availableFrom: route.af, availableUntil: route.au };
}

/**
 * The legs of a trip, in URL order; a destination whose route or airports are unknown is left out.
 * The legs' airports name their city with `cityName` (`useCityName`: the UI language's; English
 * by default), as the titles and messages about the legs show them.
 */
export function tripLegs(
  view: SearchView,
  destinations: readonly Destination[],
  network: RouteNetwork,
  cityName: CityName = (city) => city,
): TripLeg[] {
  const routes = new Map(network.routes.map((route) => [route.id, route]));
  const airports = new Map(
    network.airports.map((airport) => [airport.id, { ...airport, city: cityName(airport.city) }]),
  );
  const legs: TripLeg[] = [];
  for (const destination of destinations) {
    const route = routes.get(destination.routeId);
    const from = route && airports.get(route.from);
    const to = route && airports.get(route.to);
    if (!route || !from || !to) continue;
    legs.push({ index: legs.length, kind: 'multi', destination, route, from, to });
  }
  return legs.map((leg) => ({
    ...leg,
    kind:
      view === 'multi'
        ? 'multi'
        : legs.length === 1
          ? 'oneWay'
          : leg.index === 0
            ? 'outbound'
            : 'return',
  }));
}

/** Today at the leg's origin airport: flights are dated in local time. */
export function todayAt(airport: Pick<Airport, 'timeZone'>, now = new Date()): Ymd {
  try {
    return ymdInTimeZone(now, airport.timeZone);
  } catch {
    return ymdInTimeZone(now, 'UTC');
  }
}

/**
 * The days a leg may move to without breaking the trip: the route's date range (from today at
 * the origin, at most a year ahead) narrowed by the neighbouring legs, so a return never comes
 * before its outbound flight. Null when nothing can be chosen.
 */
export function legDateBounds(
  legs: readonly TripLeg[],
  index: number,
  now = new Date(),
): { readonly min: Ymd; readonly max: Ymd } | null {
  const leg = legs[index];
  if (!leg) return null;
  const range = routeDateRange(scheduleOf(leg.route), todayAt(leg.from, now));
  if (!range) return null;
  const previous = legs[index - 1]?.destination.date;
  const next = legs[index + 1]?.destination.date;
  const min = previous ? maxYmd(range.min, previous) : range.min;
  const max = next ? minYmd(range.max, next) : range.max;
  return min <= max ? { min, max } : null;
}

/** The destinations with leg `index` moved to `date`; its chosen flight is dropped. */
export function withLegDate(
  destinations: readonly Destination[],
  index: number,
  date: Ymd,
): Destination[] {
  return destinations.map((destination, at) =>
    at === index ? { ...destination, date, flightId: null, fareClass: null } : destination,
  );
}

/** The destinations with a flight and fare class chosen for leg `index` (null: none chosen). */
export function withLegChoice(
  destinations: readonly Destination[],
  index: number,
  choice: { readonly flightId: string; readonly fareClass: string } | null,
): Destination[] {
  return destinations.map((destination, at) =>
    at === index
      ? {
          ...destination,
          flightId: choice?.flightId ?? null,
          fareClass: choice ? choice.fareClass.toUpperCase() : null,
        }
      : destination,
  );
}

/** The results page for these destinations, keeping the query (filters and sort). */
export function resultsHref(
  view: SearchView,
  passengers: Passengers,
  destinations: readonly Destination[],
  search = '',
): string {
  return buildSearchPath(view, passengers, destinations) + search;
}

/**
 * Why a leg cannot be searched as it is: its route does not fly that day or not in that period
 * (SPEC §5, the route date field's errors), the day has passed at the origin, or it is more than
 * a year ahead. Null when the leg can be searched.
 */
export type LegIssue =
  | { readonly kind: 'routeDate'; readonly error: RouteDateError }
  | { readonly kind: 'past' }
  | { readonly kind: 'tooFar'; readonly max: Ymd };

export function legIssue(leg: TripLeg, now = new Date()): LegIssue | null {
  const schedule = scheduleOf(leg.route);
  const { date } = leg.destination;
  const error = validateRouteDate(schedule, { fromCity: leg.from.city, toCity: leg.to.city }, date);
  if (error) return { kind: 'routeDate', error };
  const range = routeDateRange(schedule, todayAt(leg.from, now));
  if (!range || date < range.min) return { kind: 'past' };
  if (date > range.max) return { kind: 'tooFar', max: range.max };
  return null;
}
