import type { BookingDetail } from '@uniquair/contract/booking';
import { useIntl, type IntlShape } from 'react-intl';
import {
  airportIndex,
  airportLabel,
  type ItineraryAirport,
} from '../../../components/booking/booking-itinerary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCityName } from '../../../lib/city-names.ts';
import { calendarFile, safeFileName, type CalendarEvent } from '../calendar-file.ts';
import styles from './booking-manage.module.css';

type Flight = BookingDetail['flights'][number];

/** The events of one leg: one per segment, worded in the UI language. */
export function flightEvents(
  intl: IntlShape,
  booking: Pick<BookingDetail, 'pnr'>,
  flight: Flight,
  airports: ReadonlyMap<string, ItineraryAirport>,
): CalendarEvent[] {
  return flight.segments.map((segment, index) => ({
    uid: `${booking.pnr}-${flight.index}-${index}@uniquair`,
    start: segment.departureUtc,
    end: segment.arrivalUtc,
    summary: intl.formatMessage(
      { id: 'manageBooking.calendar.summary' },
      { flightNumber: segment.flightNumber, from: segment.from, to: segment.to },
    ),
    location: airportLabel(intl, airports, segment.from),
    description: intl.formatMessage(
      { id: 'manageBooking.calendar.description' },
      { pnr: booking.pnr, carrier: segment.carrierName },
    ),
  }));
}

/** Hands a text file to the browser as a download. */
function download(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Add to calendar": per flight of a confirmed booking, an iCalendar file made in the browser
 * (works offline), its events and file name in the traveller's language.
 */
export function AddToCalendar({
  booking,
  airports,
}: {
  readonly booking: BookingDetail;
  readonly airports: readonly ItineraryAirport[];
}) {
  const intl = useIntl();
  const byCode = airportIndex(airports, useCityName());
  return (
    <section className={styles.section} aria-labelledby="booking-calendar">
      <h2 id="booking-calendar">{intl.formatMessage({ id: 'manageBooking.calendar.title' })}</h2>
      <ul className={styles.list}>
        {booking.flights.map((flight) => {
          const words = { number: flight.index + 1, from: flight.from, to: flight.to };
          return (
            <li key={flight.index}>
              <Button
                variant="text"
                onClick={() =>
                  download(
                    safeFileName(
                      intl.formatMessage({ id: 'manageBooking.calendar.fileName' }, words),
                    ),
                    calendarFile(flightEvents(intl, booking, flight, byCode), new Date()),
                    'text/calendar;charset=utf-8',
                  )
                }
              >
                {intl.formatMessage(
                  { id: 'manageBooking.calendar.download' },
                  {
                    ...words,
                    from: airportLabel(intl, byCode, flight.from),
                    to: airportLabel(intl, byCode, flight.to),
                  },
                )}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
