import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * A route named by its ends: the two airports, their cities and the origin's time zone (a route's
 * dates are the origin's). Searches, price watches and their messages all describe routes so.
 */
export interface RouteEndsRow {
  from_airport: string;
  to_airport: string;
  from_city: string;
  to_city: string;
  from_time_zone: string;
}

/** The columns of {@link RouteEndsRow}, over a query that joined the ends ({@link joinRouteEnds}). */
export const ROUTE_ENDS_COLUMNS = [
  'routes.from_airport',
  'routes.to_airport',
  'origin.city as from_city',
  'destination.city as to_city',
  'origin.time_zone as from_time_zone',
] as const;

/** The columns of when a route is flown: its days of the week and the days it is on sale. */
export const ROUTE_SCHEDULE_COLUMNS = [
  'routes.dow',
  'routes.available_from',
  'routes.available_until',
] as const;

/** Routes with their airports joined as `origin` and `destination`. */
export function joinRouteEnds(db: Kysely<Database>) {
  return db
    .selectFrom('routes')
    .innerJoin('airports as origin', 'origin.code', 'routes.from_airport')
    .innerJoin('airports as destination', 'destination.code', 'routes.to_airport');
}
