import { daysBetween, type Ymd } from '@uniquair/domain/dates/ymd';
import {
  farePriceMinor,
  flightLoadFactor,
  salePercentOn,
  type SaleSpan,
} from '@uniquair/domain/pricing/fare-price';
import type { PricedFareRow, RouteDay } from './fares.repository.ts';

/** A fare class whose price the rule moves, with its flight's route and day. */
export interface PriceChange {
  id: number;
  price: number;
  routeId: number;
  date: Ymd;
}

/** The running sales of some routes, by route. */
export type SalesByRoute = ReadonlyMap<number, readonly SaleSpan[]>;

/** Groups sales rows by route, as {@link repriceFares} reads them. */
export function salesByRoute(
  rows: readonly { route_id: number; from_date: string; until_date: string; percent: number }[],
): SalesByRoute {
  const byRoute = new Map<number, SaleSpan[]>();
  for (const row of rows) {
    const spans = byRoute.get(row.route_id) ?? [];
    spans.push({ from: row.from_date, until: row.until_date, percent: row.percent });
    byRoute.set(row.route_id, spans);
  }
  return byRoute;
}

/**
 * The classes whose stored price differs from the rule's price today (docs/decisions/009): each
 * flight's load factor from all its classes' seats, the days from `today` to its departure, and
 * the largest running sale of its route on that day. A class without a base price keeps its
 * price. Pure: the same rows, sales and day always give the same changes, and none once written.
 */
export function repriceFares(
  rows: readonly PricedFareRow[],
  sales: SalesByRoute,
  today: Ymd,
): PriceChange[] {
  const byFlight = new Map<number, PricedFareRow[]>();
  for (const row of rows) {
    const classes = byFlight.get(row.flight_id) ?? [];
    classes.push(row);
    byFlight.set(row.flight_id, classes);
  }
  const changes: PriceChange[] = [];
  for (const classes of byFlight.values()) {
    const loadFactor = flightLoadFactor(
      classes.map((row) => ({ seatsTotal: row.seats_total, seatsLeft: row.seats_left })),
    );
    for (const row of classes) {
      if (row.base_price_minor === null) continue;
      const price = farePriceMinor({
        basePriceMinor: row.base_price_minor,
        loadFactor,
        daysToDeparture: Math.max(0, daysBetween(today, row.departure_date)),
        salePercent: salePercentOn(sales.get(row.route_id) ?? [], row.departure_date),
      });
      if (price !== row.price_minor) {
        changes.push({ id: row.id, price, routeId: row.route_id, date: row.departure_date });
      }
    }
  }
  return changes;
}

/** The distinct routes and days of some changes. */
export function changedRouteDays(changes: readonly PriceChange[]): RouteDay[] {
  const seen = new Map<string, RouteDay>();
  for (const change of changes) {
    seen.set(`${change.routeId} ${change.date}`, { routeId: change.routeId, date: change.date });
  }
  return [...seen.values()];
}
