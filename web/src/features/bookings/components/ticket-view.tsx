import { BRAND_NAME } from '@uniquair/domain/config/app';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  BookingItinerary,
  fareLabel,
  type BookingPageProps,
  type BookingViewProps,
} from '../../../components/booking/booking-itinerary.tsx';
import { BookingLoader } from '../../../components/booking/booking-loader.tsx';
import { EmptyState, Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ticketsOfFlight } from '../booking-tickets.ts';
import styles from './ticket-view.module.css';

const TYPE_NAMES = {
  1: 'passengerType.adult',
  2: 'passengerType.child',
  3: 'passengerType.infant',
} as const;

/** Which e-ticket: of which flight, for which of its tickets (both counting from 0). */
interface TicketPlace {
  readonly flightIndex: number;
  readonly ticketIndex: number;
}

function ETicket({ booking, flightIndex, ticketIndex, airports }: BookingViewProps & TicketPlace) {
  const intl = useIntl();
  const flight = booking.flights.find((entry) => entry.index === flightIndex);
  const ticket = flight ? ticketsOfFlight(booking, flightIndex)[ticketIndex] : undefined;
  const passenger = ticket
    ? booking.passengers.find((entry) => entry.index === ticket.passengerIndex)
    : undefined;
  const backLink = (
    <Link to={paths.booking.getHref(booking.pnr)}>
      {intl.formatMessage({ id: 'payment.viewBooking' }, { pnr: booking.pnr })}
    </Link>
  );
  if (booking.status === 'cancelled') {
    return (
      <EmptyState action={backLink}>
        {intl.formatMessage({ id: 'booking.ticketsCancelled' })}
      </EmptyState>
    );
  }
  if (!flight || !ticket || !passenger) {
    return (
      <EmptyState action={backLink}>{intl.formatMessage({ id: 'ticket.notIssued' })}</EmptyState>
    );
  }
  // A connection has a ticket per flight: this one covers its own segment of the leg.
  const segment = flight.segments[ticket.segmentIndex];
  const ticketFlight = segment
    ? { ...flight, from: segment.from, to: segment.to, segments: [segment] }
    : flight;
  const extraBags = booking.extras
    .filter(
      (extra) =>
        extra.destinationIndex === flightIndex &&
        extra.passengerIndex === passenger.index &&
        extra.code === 'checked_bag',
    )
    .reduce((sum, extra) => sum + extra.quantity, 0);
  const baggage = [
    ...(flight.baggage
      ? [
          intl.formatMessage(
            { id: 'search.fare.cabinBags' },
            { count: flight.baggage.cabin.pieces, kg: flight.baggage.cabin.weightKg },
          ),
          intl.formatMessage(
            { id: 'search.fare.checkedBags' },
            { count: flight.baggage.checked.pieces, kg: flight.baggage.checked.weightKg },
          ),
        ]
      : []),
    ...(extraBags > 0
      ? [intl.formatMessage({ id: 'ticket.extraBags' }, { count: extraBags })]
      : []),
  ];

  return (
    <>
      <article className={styles.ticket} aria-labelledby="eticket-heading">
        <header className={styles.ticketHeader}>
          <h2 id="eticket-heading">{intl.formatMessage({ id: 'ticket.eTicket' })}</h2>
          <p className={styles.brand}>{BRAND_NAME}</p>
        </header>
        <dl className={`${screenStyles.details} ${styles.facts}`}>
          <dt>{intl.formatMessage({ id: 'ticket.passenger' })}</dt>
          <dd>
            {intl.formatMessage(
              { id: 'booking.passenger' },
              {
                name: `${passenger.lastName.toUpperCase()} ${passenger.firstName}`,
                type: intl.formatMessage({ id: TYPE_NAMES[passenger.typeId] }),
              },
            )}
          </dd>
          <dt>{intl.formatMessage({ id: 'ticket.number' })}</dt>
          <dd className={styles.number}>{ticket.number}</dd>
          <dt>{intl.formatMessage({ id: 'ticket.reference' })}</dt>
          <dd className={styles.number}>{booking.pnr}</dd>
          <dt>{intl.formatMessage({ id: 'ticket.issued' })}</dt>
          <dd>{intl.formatDate(ticket.issuedAt, { dateStyle: 'long' })}</dd>
          <dt>{intl.formatMessage({ id: 'ticket.fare' })}</dt>
          <dd>{fareLabel(intl, flight)}</dd>
          {baggage.length > 0 ? (
            <>
              <dt>{intl.formatMessage({ id: 'ticket.baggage' })}</dt>
              <dd>
                <ul className={styles.bags}>
                  {baggage.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
        <BookingItinerary flights={[ticketFlight]} airports={airports} />
      </article>
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>{intl.formatMessage({ id: 'ticket.print' })}</Button>
        {backLink}
      </div>
    </>
  );
}

/**
 * `/bookings/{pnr}/flight/{flightIndex}/ticket/{ticketIndex}` (indexes count from 0): one
 * passenger's e-ticket for one flight, laid out to print on a single page without the shell.
 */
export function TicketView({
  pnr,
  flightIndex,
  ticketIndex,
  airports,
}: BookingPageProps & TicketPlace) {
  const intl = useIntl();
  return (
    <Screen
      title={intl.formatMessage(
        { id: 'ticket.title' },
        { pnr: pnr.toUpperCase(), flight: flightIndex + 1, ticket: ticketIndex + 1 },
      )}
    >
      <BookingLoader
        pnr={pnr}
        returnTo={paths.ticket.getHref(pnr, flightIndex, ticketIndex)}
        retry={false}
      >
        {(booking) => (
          <ETicket
            booking={booking}
            flightIndex={flightIndex}
            ticketIndex={ticketIndex}
            airports={airports}
          />
        )}
      </BookingLoader>
    </Screen>
  );
}
