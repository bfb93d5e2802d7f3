import type { Passengers } from '@uniquair/domain/search/passengers';
import type { IntlShape } from 'react-intl';

/**
 * Formatting shared by the results list, the basket and the search form: local times, travel
 * times and dates, always through `Intl` in the UI language.
 */

/** A local `YYYY-MM-DDTHH:mm` as a time of day ('7:05 AM', '07:05'). */
export function formatLocalTime(intl: IntlShape, localDateTime: string): string {
  const at = Date.parse(`${localDateTime.slice(0, 16)}:00Z`);
  if (Number.isNaN(at)) return localDateTime;
  return intl.formatTime(at, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
}

export { formatDuration } from '../../../components/booking/format-duration.ts';

/** The passenger counts in words ('2 adults, 1 child'). */
export function formatPassengers(intl: IntlShape, passengers: Passengers): string {
  const { adults, children, infants } = passengers;
  return intl.formatMessage({ id: 'search.passengers' }, { adults, children, infants });
}

/** A whole hour of the day, 0–23, as a time ('6 AM', '06:00'). */
export function formatHour(intl: IntlShape, hour: number): string {
  return intl.formatTime(Date.UTC(2000, 0, 1, hour), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/** A calendar date `YYYY-MM-DD`, e.g. 'Tue, Dec 1' (short) or 'Tuesday, December 1, 2026'. */
export function formatDay(
  intl: IntlShape,
  date: string,
  style: 'short' | 'medium' | 'full' = 'medium',
): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  const options: Intl.DateTimeFormatOptions =
    style === 'full'
      ? { dateStyle: 'full' }
      : style === 'short'
        ? { weekday: 'short', day: 'numeric', month: 'short' }
        : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
  return intl.formatDate(at, { ...options, timeZone: 'UTC' });
}

/** A date for the route-date messages of SPEC §5 ('D Month YYYY' in the UI language's order). */
export function formatLongDate(intl: IntlShape, date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  return intl.formatDate(at, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
