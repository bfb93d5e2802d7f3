/**
 * Which days, months and years the calendar lets the user pick: the domain's date picker bounds
 * (calendar/date-picker-bounds: min, max, weekday mask) narrowed by an optional predicate, e.g.
 * "no flight that day". Also converts between `Ymd` dates and the local `Date`s react-day-picker
 * works with.
 */
import {
  isDayPickable,
  monthHasPickableDay,
  pickableDaysInMonth,
  yearHasPickableDay,
  type DatePickerBounds,
} from '@uniquair/domain/calendar/date-picker-bounds';
import { ymd, ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';

/** Local midnight of a date (react-day-picker works in local time). */
export function ymdToLocalDate(date: Ymd): Date {
  const { year, month, day } = ymdParts(date);
  const local = new Date(2000, 0, 1);
  local.setFullYear(year, month - 1, day);
  local.setHours(0, 0, 0, 0);
  return local;
}

/** The calendar date of a local `Date`. */
export function ymdFromLocalDate(date: Date): Ymd {
  return ymd(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** Today's date where the browser is. */
export function localToday(): Ymd {
  return ymdFromLocalDate(new Date());
}

/** A month of a year; `month` is 1–12. */
export interface YearMonth {
  readonly year: number;
  readonly month: number;
}

export function yearMonthOf(date: Ymd): YearMonth {
  const { year, month } = ymdParts(date);
  return { year, month };
}

/** The month `offset` months after (or before, when negative) `value`. */
export function addMonths(value: YearMonth, offset: number): YearMonth {
  const index = value.year * 12 + (value.month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return a.year - b.year || a.month - b.month;
}

export interface Pickability {
  readonly bounds: DatePickerBounds;
  readonly isDayPickable: (date: Ymd) => boolean;
  readonly isMonthPickable: (year: number, month: number) => boolean;
  readonly isYearPickable: (year: number) => boolean;
}

/**
 * The picking rules for the given bounds and predicate: a day is pickable when the bounds allow
 * it and the predicate (if any) does not disable it; a month or year when it has a pickable day.
 */
export function pickability(
  bounds: DatePickerBounds,
  isDayDisabled?: (date: Ymd) => boolean,
): Pickability {
  const isMonthPickable = (year: number, month: number) =>
    monthHasPickableDay(bounds, year, month) &&
    (!isDayDisabled ||
      pickableDaysInMonth(bounds, year, month).some((date) => !isDayDisabled(date)));
  return {
    bounds,
    isDayPickable: (date) => isDayPickable(bounds, date) && !isDayDisabled?.(date),
    isMonthPickable,
    isYearPickable: (year) => {
      if (!yearHasPickableDay(bounds, year)) return false;
      if (!isDayDisabled) return true;
      for (let month = 1; month <= 12; month += 1) {
        if (isMonthPickable(year, month)) return true;
      }
      return false;
    },
  };
}
