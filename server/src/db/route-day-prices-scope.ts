/**
 * How far a change of fares reaches (docs/search.md "Connections"): shared by the price summary,
 * the fare versions of searches, the inventory roll and the inventory search.
 */
import type { Ymd } from '@uniquair/domain/dates/ymd';

/**
 * Days after the first flight's departure date on which the last flight of a two-stop connection
 * may leave (each connection within a day of the previous arrival, an overnight flight landing
 * the next day). A search of a route reads its paths' flights this many days ahead, and a change
 * of fares on a day moves the summary and fare versions of this many days before it.
 */
export const CONNECTION_DAYS = 3;

/** Some routes on some departure days: each route on each day. */
export interface RouteDayBlock<D extends string = Ymd> {
  routeIds: number[];
  dates: D[];
}

/**
 * Route-days grouped into blocks whose routes × dates are exactly those route-days: the routes of
 * each day, and the days that have the same routes merged (a route's days in one block, a day's
 * routes in one block). Routes and dates are sorted, so locks are taken in one order everywhere.
 */
export function routeDayBlocks<D extends string>(
  days: Iterable<{ routeId: number; date: D }>,
): RouteDayBlock<D>[] {
  const routesOfDay = new Map<D, Set<number>>();
  for (const { routeId, date } of days) {
    const routes = routesOfDay.get(date) ?? new Set<number>();
    routes.add(routeId);
    routesOfDay.set(date, routes);
  }
  const blocks = new Map<string, RouteDayBlock<D>>();
  for (const date of [...routesOfDay.keys()].sort()) {
    const routeIds = [...(routesOfDay.get(date) ?? [])].sort((a, b) => a - b);
    const key = routeIds.join(',');
    const block = blocks.get(key) ?? { routeIds, dates: [] };
    block.dates.push(date);
    blocks.set(key, block);
  }
  return [...blocks.values()];
}
