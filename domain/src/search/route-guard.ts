/**
 * The search route guard (SPEC §4), as a pure decision over a parsed search URL and a route look-up:
 *
 * 1. A destination whose route is unknown, or whose route's day-of-week mask is not above 0 (or is
 *    malformed), is dropped. A date the route does not fly is kept: the results page offers the
 *    nearest days instead.
 * 2. No destination left, or a look-up that throws: go home.
 * 3. More than two destinations, or two whose legs are not compatible, belong on `multi`. Two
 *    legs are compatible when they make a return trip: the second leg flies the first one's route
 *    in reverse (its from is the first's to and its to is the first's from) on the same day or
 *    later. A search already on `multi` stays there (a multi-city search may have one or two legs).
 * 4. Anything dropped, ignored by the URL parser, or corrected in the passenger counts, or a view
 *    change, redirects to the cleaned URL; otherwise the URL is fine as it is.
 */
import { isRouteAvailable, type RouteSchedule } from '../routes/route-availability.ts';
import type { Destination } from './destination-codec.ts';
import type { Passengers } from './passengers.ts';
import { buildSearchPath, type ParsedSearchUrl, type SearchView } from './search-path.ts';

/** An airport id as the route list carries it. */
export type AirportId = number | string;

/** What the guard needs to know about a route. */
export interface GuardRoute extends RouteSchedule {
  readonly from: AirportId;
  readonly to: AirportId;
}

export type RouteLookup = (routeId: number) => GuardRoute | undefined;

/** A destination together with its route. */
export interface SearchLeg {
  readonly destination: Destination;
  readonly route: GuardRoute;
}

export type RouteGuardDecision =
  | { readonly kind: 'home' }
  | {
      readonly kind: 'redirect';
      readonly to: SearchView;
      readonly passengers: Passengers;
      readonly destinations: readonly Destination[];
      /** The cleaned URL's path, from {@link buildSearchPath}. */
      readonly path: string;
    }
  | {
      readonly kind: 'ok';
      readonly view: SearchView;
      readonly passengers: Passengers;
      readonly destinations: readonly Destination[];
      readonly legs: readonly SearchLeg[];
    };

/** Whether the second leg is the return of the first (see the module comment). */
export function areReturnLegs(first: SearchLeg, second: SearchLeg): boolean {
  return (
    second.route.from === first.route.to &&
    second.route.to === first.route.from &&
    second.destination.date >= first.destination.date
  );
}

/** The view the legs need: `multi` for more than two legs or two incompatible ones. */
export function requiredSearchView(legs: readonly SearchLeg[], current: SearchView): SearchView {
  if (legs.length > 2) return 'multi';
  const [first, second] = legs;
  if (first !== undefined && second !== undefined && !areReturnLegs(first, second)) return 'multi';
  return current;
}

export function decideSearchRoute(url: ParsedSearchUrl, lookup: RouteLookup): RouteGuardDecision {
  let legs: SearchLeg[];
  try {
    legs = url.destinations.flatMap((destination) => {
      const route = lookup(destination.routeId);
      return route !== undefined && isRouteAvailable(route) ? [{ destination, route }] : [];
    });
  } catch {
    return { kind: 'home' };
  }
  if (legs.length === 0) return { kind: 'home' };

  const view = requiredSearchView(legs, url.view);
  const destinations = legs.map((leg) => leg.destination);
  const needsRedirect =
    view !== url.view ||
    url.passengersCorrected ||
    url.ignoredDestinations.length > 0 ||
    legs.length !== url.destinations.length;
  if (needsRedirect) {
    return {
      kind: 'redirect',
      to: view,
      passengers: url.passengers,
      destinations,
      path: buildSearchPath(view, url.passengers, destinations),
    };
  }
  return { kind: 'ok', view, passengers: url.passengers, destinations, legs };
}
