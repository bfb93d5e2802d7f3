/**
 * Dates typed into the search form's date fields, in the order the UI language writes them
 * (12/01/2026 in American English, 01.12.2026 in German, 2026. 12. 01. in Korean), or as
 * `YYYY-MM-DD`. Any non-digit separates the parts; a two-digit year is in this century.
 */
import { parseYmd, ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';

type Part = 'day' | 'month' | 'year';

const orderCache = new Map<string, readonly Part[]>();

function numericFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
}

/** The order of day, month and year in the locale's numeric dates. */
export function datePartOrder(locale: string): readonly Part[] {
  let order = orderCache.get(locale);
  if (!order) {
    order = numericFormat(locale)
      .formatToParts(Date.UTC(2026, 11, 1))
      .map((part) => part.type)
      .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
    if (order.length !== 3) order = ['year', 'month', 'day'];
    orderCache.set(locale, order);
  }
  return order;
}

/** A date as the field shows it: the locale's numeric form. */
export function formatTypedDate(date: Ymd, locale: string): string {
  const { year, month, day } = ymdParts(date);
  return numericFormat(locale).format(Date.UTC(year, month - 1, day));
}

/** Reads typed text; null when it is not a calendar date. */
export function parseTypedDate(text: string, locale: string): Ymd | null {
  const groups = text.match(/\d+/g);
  if (!groups || groups.length !== 3) return null;
  const order: readonly Part[] =
    (groups[0]?.length ?? 0) === 4 ? ['year', 'month', 'day'] : datePartOrder(locale);
  const value: Record<Part, string> = { day: '', month: '', year: '' };
  order.forEach((part, index) => {
    value[part] = groups[index] ?? '';
  });
  if (value.year.length === 2) value.year = `20${value.year}`;
  if (value.year.length !== 4 || value.month.length > 2 || value.day.length > 2) return null;
  return parseYmd(`${value.year}-${value.month.padStart(2, '0')}-${value.day.padStart(2, '0')}`);
}
