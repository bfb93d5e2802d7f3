/**
 * Calendar dates as `YYYY-MM-DD` strings. A calendar date has no time zone: all arithmetic is done
 * on UTC midnights so that daylight-saving changes never shift a day.
 */
declare const ymdBrand: unique symbol;

/** A valid calendar date written `YYYY-MM-DD`. */
export type Ymd = string & { readonly [ymdBrand]: true };

const YMD_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The earliest date the four-digit form can write. */
export const MIN_YMD = '0000-01-01' as Ymd;
/** The latest date the four-digit form can write; arithmetic past it throws a RangeError. */
export const MAX_YMD = '9999-12-31' as Ymd;

/** Parses `YYYY-MM-DD`; returns null for malformed text or an impossible date (2023-02-29). */
export function parseYmd(text: string): Ymd | null {
  const match = YMD_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return text as Ymd;
}

/** Whether the text is a valid `YYYY-MM-DD` calendar date. */
export function isYmd(text: string): text is Ymd {
  return parseYmd(text) !== null;
}

/** Builds a date from its parts (month 1–12); throws on an impossible date. */
export function ymd(year: number, month: number, day: number): Ymd {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const parsed = parseYmd(text);
  if (!parsed) throw new RangeError(`Not a calendar date: ${text}`);
  return parsed;
}

/** The year, month (1–12) and day of a date. */
export function ymdParts(date: Ymd): { year: number; month: number; day: number } {
  return {
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
  };
}

/** UTC midnight of the date. */
export function ymdToUtcDate(date: Ymd): Date {
  const { year, month, day } = ymdParts(date);
  const result = new Date(0);
  result.setUTCFullYear(year, month - 1, day);
  return result;
}

/** The calendar date of a UTC instant. */
export function ymdFromUtcDate(date: Date): Ymd {
  return ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * One formatter per time zone: creating an `Intl.DateTimeFormat` costs far more than formatting
 * with one, and pages and searches ask for the same few zones again and again. Bounded, as zone
 * names may be spelt in any letter case.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_DAY_FORMATS = 1_000;

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    // An unknown zone throws a RangeError here, as it always did, and is not kept.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size < MAX_DAY_FORMATS) dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date in a given IANA time zone at an instant (the traveller's "today"). */
export function ymdInTimeZone(instant: Date, timeZone: string): Ymd {
  const parts = dayFormatIn(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return ymd(get('year'), get('month'), get('day'));
}

/** Adds whole days; throws a RangeError for a fractional count or a result outside 0000–9999. */
export function addDays(date: Ymd, days: number): Ymd {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer, got ${days}`);
  return ymdFromUtcDate(new Date(ymdToUtcDate(date).getTime() + days * DAY_MS));
}

/** Adds calendar years; 29 February becomes 28 February in a common year. */
export function addYears(date: Ymd, years: number): Ymd {
  if (!Number.isInteger(years)) throw new RangeError(`Years must be an integer, got ${years}`);
  const { year, month, day } = ymdParts(date);
  const target = year + years;
  return ymd(target, month, Math.min(day, daysInMonth(target, month)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Ymd, to: Ymd): number {
  return Math.round((ymdToUtcDate(to).getTime() - ymdToUtcDate(from).getTime()) / DAY_MS);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekdayOf(date: Ymd): number {
  const jsDay = ymdToUtcDate(date).getUTCDay();
  return jsDay === 0 ? 7 : jsDay;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Every date of a month (month 1–12), first to last; throws a RangeError for an impossible month. */
export function datesOfMonth(year: number, month: number): Ymd[] {
  const isMonth = Number.isInteger(month) && month >= 1 && month <= 12;
  if (!Number.isInteger(year) || year < 0 || year > 9999 || !isMonth) {
    throw new RangeError(`Not a month: ${year}-${month}`);
  }
  const dates: Ymd[] = [];
  for (let day = 1; day <= daysInMonth(year, month); day += 1) dates.push(ymd(year, month, day));
  return dates;
}

/** Lexicographic order equals calendar order for `YYYY-MM-DD`. */
export function compareYmd(a: Ymd, b: Ymd): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minYmd(a: Ymd, b: Ymd): Ymd {
  return a <= b ? a : b;
}

export function maxYmd(a: Ymd, b: Ymd): Ymd {
  return a >= b ? a : b;
}
