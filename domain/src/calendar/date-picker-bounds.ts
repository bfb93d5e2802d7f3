/**
 * Limits of the calendar date picker (SPEC §5, §9): by default days from 1 January 1900 to
 * 31 December of the year 30 years ahead; the year list runs over the same years. A day can be
 * picked when it lies inside the limits and, if a day-of-week mask is given, its weekday is in the
 * mask. A month (or year) without any pickable day cannot be selected. Weeks start on Monday.
 */
import {
  datesOfMonth,
  isoWeekdayOf,
  maxYmd,
  minYmd,
  ymd,
  ymdParts,
  type Ymd,
} from '../dates/ymd.ts';
import { operatesOnIsoWeekday } from '../routes/day-of-week.ts';

export const DATE_PICKER_MIN_YEAR = 1900;
export const DATE_PICKER_YEARS_AHEAD = 30;
/** ISO weekday the week starts on: Monday. */
export const WEEK_STARTS_ON = 1;

export interface DatePickerBounds {
  readonly min: Ymd;
  readonly max: Ymd;
  /** Day-of-week mask of the days that can be picked; absent or null for every weekday. */
  readonly dowMask?: number | null;
}

/** 1 January 1900. */
export function defaultDatePickerMin(): Ymd {
  return ymd(DATE_PICKER_MIN_YEAR, 1, 1);
}

/** 31 December of the year 30 years after `currentYear`. */
export function defaultDatePickerMax(currentYear: number): Ymd {
  return ymd(currentYear + DATE_PICKER_YEARS_AHEAD, 12, 31);
}

/**
 * The picker's bounds for "today": the defaults, overridden by whatever the field sets (a route
 * date field passes its own range and the route's mask).
 */
export function datePickerBounds(
  today: Ymd,
  overrides: Partial<DatePickerBounds> = {},
): DatePickerBounds {
  return {
    min: overrides.min ?? defaultDatePickerMin(),
    max: overrides.max ?? defaultDatePickerMax(ymdParts(today).year),
    dowMask: overrides.dowMask ?? null,
  };
}

/** Whether the day can be picked: inside [min, max] and on a weekday of the mask, if any. */
export function isDayPickable(bounds: DatePickerBounds, date: Ymd): boolean {
  if (date < bounds.min || date > bounds.max) return false;
  return bounds.dowMask == null || operatesOnIsoWeekday(bounds.dowMask, isoWeekdayOf(date));
}

/** The pickable days of a month (month 1–12), in order. */
export function pickableDaysInMonth(bounds: DatePickerBounds, year: number, month: number): Ymd[] {
  return datesOfMonth(year, month).filter((date) => isDayPickable(bounds, date));
}

/** Whether a month has at least one pickable day; a month without one is not selectable. */
export function monthHasPickableDay(
  bounds: DatePickerBounds,
  year: number,
  month: number,
): boolean {
  const dates = datesOfMonth(year, month);
  const first = dates[0];
  const last = dates.at(-1);
  if (first === undefined || last === undefined || last < bounds.min || first > bounds.max) {
    return false;
  }
  return dates.some((date) => isDayPickable(bounds, date));
}

/** Whether any month of the year is selectable. */
export function yearHasPickableDay(bounds: DatePickerBounds, year: number): boolean {
  if (year < ymdParts(bounds.min).year || year > ymdParts(bounds.max).year) return false;
  for (let month = 1; month <= 12; month += 1) {
    if (monthHasPickableDay(bounds, year, month)) return true;
  }
  return false;
}

/** The years the year picker lists: from the year of `min` to the year of `max`. */
export function datePickerYears(bounds: Pick<DatePickerBounds, 'min' | 'max'>): number[] {
  const first = ymdParts(bounds.min).year;
  const last = ymdParts(bounds.max).year;
  const years: number[] = [];
  for (let year = first; year <= last; year += 1) years.push(year);
  return years;
}

/** A date moved inside the bounds' [min, max] (weekday not considered). */
export function clampToBounds(bounds: Pick<DatePickerBounds, 'min' | 'max'>, date: Ymd): Ymd {
  return minYmd(maxYmd(date, bounds.min), bounds.max);
}

/**
 * The weeks of a month as rows of seven cells, Monday first; cells outside the month are null.
 */
export function monthWeeks(year: number, month: number): (Ymd | null)[][] {
  const dates = datesOfMonth(year, month);
  const first = dates[0];
  const lead = first === undefined ? 0 : (isoWeekdayOf(first) - WEEK_STARTS_ON + 7) % 7;
  const cells: (Ymd | null)[] = [...Array<null>(lead).fill(null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Ymd | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}
