import { GRID_DAYS_AROUND, type PriceGridResponse } from '@uniquair/contract/price-grid';
import { addDays, ymdFromUtcDate, ymdInTimeZone, type Ymd } from '@uniquair/domain/dates/ymd';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { ratePrices } from '@uniquair/domain/pricing/price-rating';
import { isValidRouteDay, type RouteSchedule } from '@uniquair/domain/routes/route-availability';
import { routeDateRange } from '@uniquair/domain/routes/route-date-field';
import { ServiceError } from '../../lib/service-error.ts';
import { SUMMARY_CURRENCY } from '../../db/route-day-prices.ts';
import type { PriceGridRepository, RouteDays } from './pricing.grid-repository.ts';
import type { PricingRepository, PricingRouteRow } from './pricing.repository.ts';

/** What the grid is asked for: the two routes, the chosen days and the bags. */
export interface PriceGridQuery {
  outRouteId: number;
  backRouteId: number;
  out: Ymd;
  back: Ymd;
  bags: BagCount;
}

export interface PriceGridSources {
  routes: Pick<PricingRepository, 'route'>;
  prices: PriceGridRepository;
  /** The moment "today" is taken from, at each route's origin. */
  now: Date;
}

/** The days of one axis: `GRID_DAYS_AROUND` days either side of the chosen day, in order. */
export function gridDays(center: Ymd): Ymd[] {
  return Array.from({ length: 2 * GRID_DAYS_AROUND + 1 }, (_, index) =>
    addDays(center, index - GRID_DAYS_AROUND),
  );
}

/**
 * How far from today a chosen day may lie: the calendars price a year ahead, so past this every
 * cell would be empty (and the days around 9999-12-31 are not dates at all).
 */
const MAX_DAYS_FROM_TODAY = 400;

/** A chosen day within {@link MAX_DAYS_FROM_TODAY} of today, or VALIDATION_ERROR on its field. */
function checkChosenDay(now: Date, day: Ymd, field: 'out' | 'back'): void {
  const today = ymdFromUtcDate(now);
  if (day >= addDays(today, -MAX_DAYS_FROM_TODAY) && day <= addDays(today, MAX_DAYS_FROM_TODAY)) {
    return;
  }
  throw new ServiceError('VALIDATION_ERROR', 'Day out of range', {
    [`querystring.${field}`]: [`Must be within ${MAX_DAYS_FROM_TODAY} days of today`],
  });
}

/** The route's schedule as the domain rules read it. */
function scheduleOf(route: PricingRouteRow): RouteSchedule {
  return {
    dow: route.dow,
    availableFrom: route.available_from as Ymd,
    availableUntil: route.available_until as Ymd | null,
  };
}

/**
 * The part of some days a route's day calendar can show (from today at its origin to a year
 * ahead, inside its window), or null when none.
 */
function calendarRange(now: Date, route: PricingRouteRow, days: readonly Ymd[]): RouteDays | null {
  const range = routeDateRange(scheduleOf(route), ymdInTimeZone(now, route.from_time_zone));
  const first = days[0];
  const last = days[days.length - 1];
  if (!range || !first || !last || last < range.min || first > range.max) return null;
  return {
    routeId: route.id,
    from: first < range.min ? range.min : first,
    until: last > range.max ? range.max : last,
  };
}

/**
 * The prices the day calendars show for the grid's days of both routes, with `bags`, read at
 * once: days each route flies (weekday mask and window) from today at its origin to a year
 * ahead that have a price.
 */
async function calendarPrices(
  sources: PriceGridSources,
  legs: readonly { route: PricingRouteRow; days: readonly Ymd[] }[],
  bags: BagCount,
): Promise<Map<Ymd, number>[]> {
  const ranges = legs.map((leg) => calendarRange(sources.now, leg.route, leg.days));
  const rows = await sources.prices.allInDayPrices(
    ranges.filter((range) => range !== null),
    bags,
  );
  return legs.map(({ route }, index) => {
    const range = ranges[index];
    const schedule = scheduleOf(route);
    return new Map(
      rows
        .filter(
          (row) =>
            range &&
            row.route_id === route.id &&
            row.date >= range.from &&
            row.date <= range.until &&
            isValidRouteDay(schedule, row.date as Ymd),
        )
        .map((row) => [row.date as Ymd, row.price]),
    );
  });
}

async function routeOf(
  sources: PriceGridSources,
  id: number,
  field: 'outRouteId' | 'backRouteId',
): Promise<PricingRouteRow> {
  const route = await sources.routes.route(id);
  if (!route) {
    throw new ServiceError('NOT_FOUND', 'No such route', {
      [`params.${field}`]: [`Unknown route ${id}`],
    });
  }
  return route;
}

/**
 * The flexible-dates grid (docs/search.md "The flexible-dates grid"): for each outbound day of
 * the seven around `out` and each return day of the seven around `back`, the outbound route's
 * calendar price of the day plus the return route's, with the same bags, rated over the priced
 * cells. A pair whose return is before its outbound day, or with a day the calendar has no price
 * for, is null. The return route must be the outbound route reversed (a return trip).
 */
export async function priceGrid(
  sources: PriceGridSources,
  query: PriceGridQuery,
): Promise<PriceGridResponse> {
  const [outRoute, backRoute] = await Promise.all([
    routeOf(sources, query.outRouteId, 'outRouteId'),
    routeOf(sources, query.backRouteId, 'backRouteId'),
  ]);
  if (
    backRoute.from_airport !== outRoute.to_airport ||
    backRoute.to_airport !== outRoute.from_airport
  ) {
    throw new ServiceError('VALIDATION_ERROR', 'Not a return trip', {
      'params.backRouteId': [
        `Route ${backRoute.id} does not fly back from ${outRoute.to_airport} to ${outRoute.from_airport}`,
      ],
    });
  }
  checkChosenDay(sources.now, query.out, 'out');
  checkChosenDay(sources.now, query.back, 'back');
  const outDays = gridDays(query.out);
  const backDays = gridDays(query.back);
  const [outPrices = new Map<Ymd, number>(), backPrices = new Map<Ymd, number>()] =
    await calendarPrices(
      sources,
      [
        { route: outRoute, days: outDays },
        { route: backRoute, days: backDays },
      ],
      query.bags,
    );
  const pairs = outDays.flatMap((out) =>
    backDays.map((back) => {
      const outPrice = outPrices.get(out);
      const backPrice = backPrices.get(back);
      const price =
        back < out || outPrice === undefined || backPrice === undefined
          ? null
          : outPrice + backPrice;
      return { out, back, price };
    }),
  );
  const priced = pairs.flatMap((pair) => (pair.price === null ? [] : [pair.price]));
  const ratings = ratePrices(priced);
  let next = 0;
  return {
    success: true,
    outRoute: outRoute.id,
    backRoute: backRoute.id,
    bags: query.bags,
    currency: SUMMARY_CURRENCY,
    outDays,
    backDays,
    cells: pairs.map((pair) => ({
      ...pair,
      rating: pair.price === null ? null : (ratings[next++] ?? 1),
    })),
  };
}
