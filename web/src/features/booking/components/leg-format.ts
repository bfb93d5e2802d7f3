import type { IntlShape } from 'react-intl';
import type { CityName } from '../../../lib/city-names.ts';
import type { OfferLeg, TripOffer } from '../trip-offer.ts';

/** A local `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` as a Date whose UTC fields are those local ones. */
function localAsUtc(text: string): Date {
  return new Date(`${text.length === 10 ? `${text}T00:00` : text}:00Z`);
}

export function formatLocalDate(intl: IntlShape, date: string, long = false): string {
  return intl.formatDate(localAsUtc(date), {
    timeZone: 'UTC',
    ...(long
      ? { day: 'numeric', month: 'long', year: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
  });
}

export function formatLocalTime(intl: IntlShape, dateTime: string): string {
  return intl.formatTime(localAsUtc(dateTime), {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The city of an airport of the trip in the UI language, or the code of one it does not know. */
export function cityOf(offer: TripOffer, code: string, cityName: CityName): string {
  const city = offer.airports.find((airport) => airport.id === code)?.city;
  return city === undefined ? code : cityName(city);
}

/** 'Sofia to London, Tue, 1 Dec 2026', the cities in the UI language. */
export function legName(
  intl: IntlShape,
  offer: TripOffer,
  leg: OfferLeg,
  cityName: CityName,
): string {
  const first = leg.flight.segments[0];
  const last = leg.flight.segments[leg.flight.segments.length - 1];
  return intl.formatMessage(
    { id: 'flow.leg.name' },
    {
      from: cityOf(offer, first?.from ?? '', cityName),
      to: cityOf(offer, last?.to ?? '', cityName),
      date: formatLocalDate(intl, leg.flight.date),
    },
  );
}
