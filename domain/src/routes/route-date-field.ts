/**
 * The route date field (SPEC §5). A chosen date is checked, in this order, against the start of the
 * route's availability, its end, and the weekdays it flies; the first failure is returned as a
 * typed error whose params the UI formats through i18n ('{fromCity} to {toCity} is available from
 * {availableFrom}', '… is available until {availableUntil}', 'route does not fly on {dayName}').
 *
 * The field's range runs from the later of today and the availability start to the earlier of the
 * availability end and one year after today (29 February + 1 year = 28 February). "Maximum is the
 * route's end or one year ahead" is read as whichever comes first, so a route that runs for years
 * still cannot be booked further than a year ahead, and one that ends sooner stops at its end.
 */
import { addYears, isoWeekdayOf, maxYmd, minYmd, type Ymd } from '../dates/ymd.ts';
import type { RouteDateErrorCode } from '../errors.ts';
import { dayNameOfIsoWeekday, type DayName } from './day-of-week.ts';
import { isRouteAvailable, operatesOnDate, type RouteSchedule } from './route-availability.ts';

/** How far ahead of today the field can go, in years (SPEC §9). */
export const ROUTE_DATE_MAX_YEARS_AHEAD = 1;

/** The cities the messages name: departure and destination. */
export interface RouteCities {
  readonly fromCity: string;
  readonly toCity: string;
}

export type RouteDateError =
  | {
      readonly code: Extract<RouteDateErrorCode, 'ROUTE_DATE_BEFORE_AVAILABILITY'>;
      readonly params: RouteCities & { readonly availableFrom: Ymd };
    }
  | {
      readonly code: Extract<RouteDateErrorCode, 'ROUTE_DATE_AFTER_AVAILABILITY'>;
      readonly params: RouteCities & { readonly availableUntil: Ymd };
    }
  | {
      readonly code: Extract<RouteDateErrorCode, 'ROUTE_DATE_DAY_NOT_OPERATED'>;
      readonly params: RouteCities & {
        /** ISO weekday of the chosen date, 1 = Monday … 7 = Sunday. */
        readonly isoWeekday: number;
        readonly dayName: DayName;
      };
    };

/** Null when the route flies on the date, otherwise the first rule it breaks. */
export function validateRouteDate(
  route: RouteSchedule,
  cities: RouteCities,
  date: Ymd,
): RouteDateError | null {
  const { fromCity, toCity } = cities;
  if (route.availableFrom != null && date < route.availableFrom) {
    return {
      code: 'ROUTE_DATE_BEFORE_AVAILABILITY',
      params: { fromCity, toCity, availableFrom: route.availableFrom },
    };
  }
  if (route.availableUntil != null && date > route.availableUntil) {
    return {
      code: 'ROUTE_DATE_AFTER_AVAILABILITY',
      params: { fromCity, toCity, availableUntil: route.availableUntil },
    };
  }
  if (!operatesOnDate(route, date)) {
    const isoWeekday = isoWeekdayOf(date);
    return {
      code: 'ROUTE_DATE_DAY_NOT_OPERATED',
      params: { fromCity, toCity, isoWeekday, dayName: dayNameOfIsoWeekday(isoWeekday) },
    };
  }
  return null;
}

export interface RouteDateRange {
  readonly min: Ymd;
  readonly max: Ymd;
}

/**
 * The dates the field offers for a route, both ends inclusive, or null when nothing can be
 * chosen: the route has no positive mask, has ended, or starts more than a year from today.
 */
export function routeDateRange(route: RouteSchedule, today: Ymd): RouteDateRange | null {
  if (!isRouteAvailable(route)) return null;
  const min = route.availableFrom == null ? today : maxYmd(today, route.availableFrom);
  const yearAhead = addYears(today, ROUTE_DATE_MAX_YEARS_AHEAD);
  const max = route.availableUntil == null ? yearAhead : minYmd(yearAhead, route.availableUntil);
  return min <= max ? { min, max } : null;
}

/** Whether the date is inside the field's range for the route (weekday not considered). */
export function isInRouteDateRange(route: RouteSchedule, today: Ymd, date: Ymd): boolean {
  const range = routeDateRange(route, today);
  return range !== null && date >= range.min && date <= range.max;
}
