import type { RouteDateError } from '@uniquair/domain/routes/route-date-field';
import type { IntlShape } from 'react-intl';
import { formatLongDate } from './flight-format.ts';

/**
 * The route date field's messages (SPEC §5): '{from city} to {to city} is available from
 * D Month YYYY', '… is available until …', and 'route does not fly on' the day, naming the
 * departure and destination cities.
 */
export function routeDateMessage(intl: IntlShape, error: RouteDateError): string {
  const { fromCity, toCity } = error.params;
  switch (error.code) {
    case 'ROUTE_DATE_BEFORE_AVAILABILITY':
      return intl.formatMessage(
        { id: 'search.routeDate.before' },
        { fromCity, toCity, date: formatLongDate(intl, error.params.availableFrom) },
      );
    case 'ROUTE_DATE_AFTER_AVAILABILITY':
      return intl.formatMessage(
        { id: 'search.routeDate.after' },
        { fromCity, toCity, date: formatLongDate(intl, error.params.availableUntil) },
      );
    case 'ROUTE_DATE_DAY_NOT_OPERATED': {
      // Any date with that weekday names the day in the UI language: 2024-01-01 was a Monday.
      const day = intl.formatDate(Date.UTC(2024, 0, error.params.isoWeekday), {
        weekday: 'long',
        timeZone: 'UTC',
      });
      return intl.formatMessage(
        { id: 'search.routeDate.dayNotOperated' },
        { fromCity, toCity, day },
      );
    }
  }
}
