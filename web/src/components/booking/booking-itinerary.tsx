import type { BookingDetail } from '@uniquair/contract/booking';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { useCityName, type CityName } from '../../lib/city-names.ts';
import styles from './booking-itinerary.module.css';
import { formatDuration } from './format-duration.ts';

export type BookingFlight = BookingDetail['flights'][number];

/** What the itinerary shows of a leg: a shared trip has no fare. */
export type ItineraryFlight = Pick<BookingFlight, 'index' | 'from' | 'to' | 'segments'> &
  Partial<Pick<BookingFlight, 'cabin' | 'fareClass'>>;

/** What the itinerary needs to know of an airport: its code and city (the route list's airports). */
export interface ItineraryAirport {
  readonly id: string;
  readonly name: string;
  readonly city: string;
}

/** A part of a page that shows one booking, with the airports to name its places. */
export interface BookingViewProps {
  readonly booking: BookingDetail;
  readonly airports: readonly ItineraryAirport[];
}

/** A booking's own page: the PNR of its path, and the airports to name its places. */
export interface BookingPageProps {
  readonly pnr: string;
  readonly airports: readonly ItineraryAirport[];
}

/** A local date-time `YYYY-MM-DDTHH:mm` as a date and a time in the UI language, in local time. */
function localParts(intl: IntlShape, local: string) {
  const at = Date.parse(`${local.slice(0, 16)}:00Z`);
  if (Number.isNaN(at)) return { date: local, time: local };
  return {
    date: intl.formatDate(at, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    time: intl.formatTime(at, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  };
}

/** 'Sofia (SOF)', or the code alone for an airport the route list does not know. */
export function airportLabel(
  intl: IntlShape,
  airports: ReadonlyMap<string, ItineraryAirport>,
  code: string,
): string {
  const airport = airports.get(code);
  return airport
    ? intl.formatMessage({ id: 'booking.airport' }, { city: airport.city, code })
    : code;
}

/** The airports by code, each city named in the UI language (`useCityName`). */
export function airportIndex(
  airports: readonly ItineraryAirport[],
  cityName: CityName,
): ReadonlyMap<string, ItineraryAirport> {
  return new Map(
    airports.map((airport) => [airport.id, { ...airport, city: cityName(airport.city) }]),
  );
}

/** The fare of a booked flight in words: 'Economy class, fare Q'. */
export function fareLabel(
  intl: IntlShape,
  flight: Pick<BookingFlight, 'cabin' | 'fareClass'>,
): string {
  return intl.formatMessage(
    { id: 'search.fare.name' },
    {
      cabin: intl.formatMessage({
        id: flight.cabin === 'business' ? 'search.cabin.business' : 'search.cabin.economy',
      }),
      letter: flight.fareClass,
    },
  );
}

type ItinerarySegment = ItineraryFlight['segments'][number];

/**
 * What lies between two flights of a leg, in words: the wait, a change of airport, and a change of
 * airline (a self-transfer: bags collected and checked in again).
 */
function Layover({
  intl,
  byCode,
  from,
  to,
}: {
  readonly intl: IntlShape;
  readonly byCode: ReadonlyMap<string, ItineraryAirport>;
  readonly from: ItinerarySegment;
  readonly to: ItinerarySegment;
}) {
  const minutes = Math.round((Date.parse(to.departureUtc) - Date.parse(from.arrivalUtc)) / 60_000);
  const lines = [
    Number.isNaN(minutes)
      ? null
      : intl.formatMessage(
          { id: 'search.flight.layover' },
          { duration: formatDuration(intl, minutes), airport: airportLabel(intl, byCode, from.to) },
        ),
    from.to === to.from
      ? null
      : intl.formatMessage(
          { id: 'search.flight.airportChange' },
          {
            arrival: airportLabel(intl, byCode, from.to),
            departure: airportLabel(intl, byCode, to.from),
          },
        ),
    from.carrier === to.carrier ? null : intl.formatMessage({ id: 'search.flight.selfTransfer' }),
  ].filter((line) => line !== null);
  return (
    <div className={styles.layover}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * The flights of a booking, leg by leg, each segment with its flight number, carrier, airports
 * (city and code) and local departure and arrival times, and the layover before it.
 */
export function BookingItinerary({
  flights,
  airports,
  headingLevel = 3,
}: {
  readonly flights: readonly ItineraryFlight[];
  readonly airports: readonly ItineraryAirport[];
  readonly headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  const byCode = airportIndex(airports, useCityName());
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className={styles.flights}>
      {flights.map((flight) => (
        <li key={flight.index} className={styles.flight}>
          <Heading className={styles.flightHeading}>
            {intl.formatMessage(
              { id: 'booking.flightHeading' },
              {
                number: flight.index + 1,
                from: airportLabel(intl, byCode, flight.from),
                to: airportLabel(intl, byCode, flight.to),
              },
            )}
          </Heading>
          {flight.cabin !== undefined && flight.fareClass !== undefined ? (
            <p className={styles.fare}>
              {fareLabel(intl, { cabin: flight.cabin, fareClass: flight.fareClass })}
            </p>
          ) : null}
          <ol className={styles.segments}>
            {flight.segments.map((segment, index) => {
              const departure = localParts(intl, segment.departureLocal);
              const arrival = localParts(intl, segment.arrivalLocal);
              const previous = flight.segments[index - 1];
              return (
                <li key={`${segment.flightNumber}-${segment.departureUtc}`}>
                  {previous ? (
                    <Layover intl={intl} byCode={byCode} from={previous} to={segment} />
                  ) : null}
                  <p className={styles.segmentTitle}>
                    {intl.formatMessage(
                      { id: 'booking.segmentFlight' },
                      {
                        flightNumber: segment.flightNumber,
                        carrier: segment.carrierName,
                        duration: formatDuration(intl, segment.duration),
                      },
                    )}
                  </p>
                  <p>
                    {intl.formatMessage(
                      { id: 'booking.segmentDeparture' },
                      {
                        airport: airportLabel(intl, byCode, segment.from),
                        date: departure.date,
                        time: departure.time,
                      },
                    )}
                  </p>
                  <p>
                    {intl.formatMessage(
                      { id: 'booking.segmentArrival' },
                      {
                        airport: airportLabel(intl, byCode, segment.to),
                        date: arrival.date,
                        time: arrival.time,
                      },
                    )}
                  </p>
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}
