/**
 * Which days a route flies (SPEC §5): a day is valid for a route when the route's day-of-week mask
 * operates on its weekday and it lies inside the availability window [availableFrom,
 * availableUntil], both ends inclusive, either end open when null or absent. Only routes with a
 * positive mask are available.
 */
import {
  MAX_YMD,
  MIN_YMD,
  addDays,
  datesOfMonth,
  isoWeekdayOf,
  maxYmd,
  minYmd,
  type Ymd,
} from '../dates/ymd.ts';
import { isValidDowMask, operatesOnIsoWeekday } from './day-of-week.ts';

/** The parts of a route that decide on which days it flies (the route's dow, af and au). */
export interface RouteSchedule {
  readonly dow: number;
  readonly availableFrom?: Ymd | null;
  readonly availableUntil?: Ymd | null;
}

/** Optional extra limits on a search for valid days, such as "not before today". */
export interface DayBounds {
  readonly min?: Ymd | null;
  readonly max?: Ymd | null;
}

/**
 * A route is available when its mask is above 0. A mask outside 0–127 (not an integer, or with
 * bits above Sunday) is malformed and counts as unavailable too.
 */
export function isRouteAvailable(route: Pick<RouteSchedule, 'dow'>): boolean {
  return isValidDowMask(route.dow) && route.dow > 0;
}

/** Whether the date lies inside the route's availability window (inclusive, open ends). */
export function isWithinAvailability(route: RouteSchedule, date: Ymd): boolean {
  const { availableFrom, availableUntil } = route;
  return (
    (availableFrom == null || date >= availableFrom) &&
    (availableUntil == null || date <= availableUntil)
  );
}

/** Whether the route flies on the date's weekday. */
export function operatesOnDate(route: Pick<RouteSchedule, 'dow'>, date: Ymd): boolean {
  return isRouteAvailable(route) && operatesOnIsoWeekday(route.dow, isoWeekdayOf(date));
}

/** A day is valid for a route when its weekday is operated and it lies in the window. */
export function isValidRouteDay(route: RouteSchedule, date: Ymd): boolean {
  return operatesOnDate(route, date) && isWithinAvailability(route, date);
}

/** The closed range of dates to search: the availability window narrowed by the bounds. */
function searchWindow(route: RouteSchedule, bounds: DayBounds): { first: Ymd; last: Ymd } {
  return {
    first: maxYmd(route.availableFrom ?? MIN_YMD, bounds.min ?? MIN_YMD),
    last: minYmd(route.availableUntil ?? MAX_YMD, bounds.max ?? MAX_YMD),
  };
}

/**
 * The first valid day met walking from `date` one day at a time in `direction` (1 forward, -1
 * backward), inside the bounds, or null when there is none. A mask repeats weekly, so at most
 * seven days are examined.
 */
function nearestValidDay(
  route: RouteSchedule,
  date: Ymd,
  bounds: DayBounds,
  direction: 1 | -1,
): Ymd | null {
  if (!isRouteAvailable(route)) return null;
  const { first, last } = searchWindow(route, bounds);
  const end = direction === 1 ? last : first;
  const inWindow = (day: Ymd) => (direction === 1 ? day <= last : day >= first);
  let day = direction === 1 ? maxYmd(date, first) : minYmd(date, last);
  for (let step = 0; step < 7 && inWindow(day); step += 1) {
    if (operatesOnDate(route, day)) return day;
    if (day === end) break;
    day = addDays(day, direction);
  }
  return null;
}

/** The first valid day on or after `date` (inside the bounds), or null when there is none. */
export function validRouteDayOnOrAfter(
  route: RouteSchedule,
  date: Ymd,
  bounds: DayBounds = {},
): Ymd | null {
  return nearestValidDay(route, date, bounds, 1);
}

/** The last valid day on or before `date` (inside the bounds), or null when there is none. */
export function validRouteDayOnOrBefore(
  route: RouteSchedule,
  date: Ymd,
  bounds: DayBounds = {},
): Ymd | null {
  return nearestValidDay(route, date, bounds, -1);
}

/** The nearest valid day strictly after `date`, or null. */
export function nextValidRouteDay(
  route: RouteSchedule,
  date: Ymd,
  bounds: DayBounds = {},
): Ymd | null {
  return date >= MAX_YMD ? null : validRouteDayOnOrAfter(route, addDays(date, 1), bounds);
}

/** The nearest valid day strictly before `date`, or null. */
export function previousValidRouteDay(
  route: RouteSchedule,
  date: Ymd,
  bounds: DayBounds = {},
): Ymd | null {
  return date <= MIN_YMD ? null : validRouteDayOnOrBefore(route, addDays(date, -1), bounds);
}

/**
 * The nearest days the route flies around `date`, for "other days" alternatives: up to `count`
 * valid days strictly before it (nearest first) and up to `count` strictly after it (nearest
 * first). The date itself is never included.
 */
export function nearestValidRouteDays(
  route: RouteSchedule,
  date: Ymd,
  count: number,
  bounds: DayBounds = {},
): { before: Ymd[]; after: Ymd[] } {
  const before: Ymd[] = [];
  const after: Ymd[] = [];
  for (let day = previousValidRouteDay(route, date, bounds); day && before.length < count;) {
    before.push(day);
    day = previousValidRouteDay(route, day, bounds);
  }
  for (let day = nextValidRouteDay(route, date, bounds); day && after.length < count;) {
    after.push(day);
    day = nextValidRouteDay(route, day, bounds);
  }
  return { before, after };
}

/** The valid days of a month (month 1–12), in order. */
export function validRouteDaysInMonth(
  route: RouteSchedule,
  year: number,
  month: number,
  bounds: DayBounds = {},
): Ymd[] {
  const { first, last } = searchWindow(route, bounds);
  return datesOfMonth(year, month).filter(
    (day) => day >= first && day <= last && isValidRouteDay(route, day),
  );
}

/** Whether the route flies on at least one day of the month (inside the bounds). */
export function monthHasValidRouteDay(
  route: RouteSchedule,
  year: number,
  month: number,
  bounds: DayBounds = {},
): boolean {
  const [firstOfMonth] = datesOfMonth(year, month);
  if (firstOfMonth === undefined) return false;
  const found = validRouteDayOnOrAfter(route, firstOfMonth, bounds);
  return found !== null && found.slice(0, 7) === firstOfMonth.slice(0, 7);
}
