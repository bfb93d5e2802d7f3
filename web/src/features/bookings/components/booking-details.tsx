import type { MessageKey } from '@uniquair/i18n/messages';
import type { BookingDetail } from '@uniquair/contract/booking';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  BookingItinerary,
  type BookingFlight,
  type BookingPageProps,
  type BookingViewProps,
} from '../../../components/booking/booking-itinerary.tsx';
import { PAYMENT_METHOD_NAMES } from '../../../components/booking/payment-method-names.ts';
import { BookingLoader } from '../../../components/booking/booking-loader.tsx';
import { BookingPassengers } from '../../../components/booking/booking-passengers.tsx';
import { formatMoney } from '../../../components/booking/format-money.ts';
import { PriceLines, chargedParts } from '../../../components/booking/price-lines.tsx';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { ticketsOfFlight, type BookingTicket } from '../booking-tickets.ts';
import { ManageBooking } from './booking-manage.tsx';
import { BookingCancellation } from './booking-cancellation.tsx';
import { BookingInvoice } from './booking-invoice.tsx';
import styles from './booking-details.module.css';
import { FlightChange } from './flight-change.tsx';
import { ScheduleChanges } from './schedule-changes.tsx';

const STATE_TEXTS = {
  not_paid: 'booking.state.notPaid',
  paid: 'booking.state.paid',
  ticketed: 'booking.state.ticketed',
  pay_at_airline: 'booking.state.payAtAirline',
  expired: 'booking.state.expired',
  cancelled: 'booking.state.cancelled',
} as const;

function BookingStatus({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  // A status a newer server may add reads as unknown.
  const text: MessageKey =
    (STATE_TEXTS as Partial<Record<string, MessageKey>>)[booking.status] ?? 'booking.state.unknown';
  return (
    <section className={styles.section} aria-labelledby="booking-status">
      <h2 id="booking-status">{intl.formatMessage({ id: 'booking.statusTitle' })}</h2>
      <p className={styles.status}>
        {intl.formatMessage(
          { id: text },
          {
            amount: formatMoney(intl, booking.chargeTotal.amount, booking.chargeTotal.currency),
          },
        )}
      </p>
      {booking.status === 'not_paid' && booking.payable ? (
        <p>
          {booking.holdExpiresAt ? (
            <>
              {intl.formatMessage(
                { id: 'booking.payBy' },
                { time: new Date(booking.holdExpiresAt) },
              )}{' '}
            </>
          ) : null}
          <Link className={screenStyles.action} to={paths.bookingPay.getHref(booking.pnr)}>
            {intl.formatMessage({ id: 'booking.payNow' })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function BookingBody({ booking, airports }: BookingViewProps) {
  const intl = useIntl();
  const name = (index: number) => {
    const passenger = booking.passengers.find((entry) => entry.index === index);
    return passenger ? `${passenger.firstName} ${passenger.lastName}` : String(index + 1);
  };
  // A connection's tickets name their segment: one ticket per flight of the leg.
  const ticketLinkText = (ticket: BookingTicket, flight: BookingFlight) => {
    const values = {
      name: name(ticket.passengerIndex),
      flight: flight.index + 1,
      number: ticket.number,
    };
    const segment = flight.segments[ticket.segmentIndex];
    return flight.segments.length > 1 && segment
      ? intl.formatMessage(
          { id: 'booking.ticketLinkSegment' },
          { ...values, route: `${segment.from}–${segment.to}` },
        )
      : intl.formatMessage({ id: 'booking.ticketLink' }, values);
  };
  return (
    <>
      <BookingStatus booking={booking} />

      {/* Schedule changes: old and new times, accept or choose another flight. */}
      <ScheduleChanges booking={booking} airports={airports} />

      <section className={styles.section} aria-labelledby="booking-flights">
        <h2 id="booking-flights">{intl.formatMessage({ id: 'booking.trip' })}</h2>
        <BookingItinerary flights={booking.flights} airports={airports} />
      </section>

      {/* Voluntary changes: another day or time on the same route, paying what the fare says. */}
      <FlightChange booking={booking} airports={airports} />

      <section className={styles.section} aria-labelledby="booking-passengers">
        <h2 id="booking-passengers">{intl.formatMessage({ id: 'booking.passengers' })}</h2>
        <BookingPassengers passengers={booking.passengers} />
        <p className={styles.muted}>
          {intl.formatMessage(
            { id: 'booking.contact' },
            {
              name: `${booking.booker.firstName} ${booking.booker.lastName}`,
              email: booking.booker.email,
            },
          )}
        </p>
      </section>

      {booking.extras.length > 0 ? (
        <section className={styles.section} aria-labelledby="booking-extras">
          <h2 id="booking-extras">{intl.formatMessage({ id: 'booking.extras' })}</h2>
          <ul className={styles.list}>
            {booking.extras.map((extra) => (
              <li key={`${extra.destinationIndex}-${extra.passengerIndex}-${extra.code}`}>
                {intl.formatMessage(
                  { id: 'booking.extraCheckedBag' },
                  {
                    count: extra.quantity,
                    name: name(extra.passengerIndex),
                    flight: extra.destinationIndex + 1,
                    price: formatMoney(intl, extra.price, booking.baseTotal.currency),
                  },
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="booking-payments">
        <h2 id="booking-payments">{intl.formatMessage({ id: 'booking.payments' })}</h2>
        <PriceLines {...chargedParts(booking)} />
        <p className={styles.total}>
          {intl.formatMessage(
            { id: 'payment.total' },
            {
              amount: formatMoney(intl, booking.chargeTotal.amount, booking.chargeTotal.currency),
            },
          )}
        </p>
        {booking.payments.length === 0 ? (
          <p>{intl.formatMessage({ id: 'booking.noPayments' })}</p>
        ) : (
          <ul className={styles.list}>
            {booking.payments.map((payment) => (
              <li key={`${payment.method}-${payment.updatedAt}`}>
                {payment.cardBrand && payment.cardLast4
                  ? intl.formatMessage(
                      { id: 'booking.paymentCard' },
                      {
                        method: intl.formatMessage({ id: PAYMENT_METHOD_NAMES[payment.method] }),
                        brand: payment.cardBrand.toUpperCase(),
                        last4: payment.cardLast4,
                        amount: formatMoney(intl, payment.amount, payment.currency),
                        state: intl.formatMessage(
                          { id: 'booking.paymentState' },
                          { state: payment.state },
                        ),
                      },
                    )
                  : intl.formatMessage(
                      { id: 'booking.paymentOther' },
                      {
                        method: intl.formatMessage({ id: PAYMENT_METHOD_NAMES[payment.method] }),
                        amount: formatMoney(intl, payment.amount, payment.currency),
                        state: intl.formatMessage(
                          { id: 'booking.paymentState' },
                          { state: payment.state },
                        ),
                      },
                    )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <BookingInvoice booking={booking} />

      <section className={styles.section} aria-labelledby="booking-tickets">
        <h2 id="booking-tickets">{intl.formatMessage({ id: 'booking.tickets' })}</h2>
        {booking.tickets.length > 0 && booking.status === 'cancelled' ? (
          // A cancelled booking's tickets are void: nothing to open or print.
          <p>{intl.formatMessage({ id: 'booking.ticketsCancelled' })}</p>
        ) : booking.tickets.length === 0 ? (
          <p>
            {intl.formatMessage({
              id: booking.status === 'paid' ? 'booking.ticketsPending' : 'booking.noTickets',
            })}
          </p>
        ) : (
          <ul className={styles.list}>
            {booking.flights.flatMap((flight) =>
              ticketsOfFlight(booking, flight.index).map((ticket, ticketIndex) => (
                <li key={ticket.number}>
                  <Link to={paths.ticket.getHref(booking.pnr, flight.index, ticketIndex)}>
                    {ticketLinkText(ticket, flight)}
                  </Link>
                </li>
              )),
            )}
          </ul>
        )}
      </section>

      <ManageBooking booking={booking} airports={airports} />
      {/* Manage a booking: cancelling it, and a cancelled booking's refund. */}
      <BookingCancellation booking={booking} />
    </>
  );
}

/**
 * `/bookings/{pnr}` (SPEC §2, §6): the booking's state in words and what to do about it, the
 * flights with local times, the passengers, extras, payments (method, card brand and last four
 * only) and the e-tickets.
 */
export function BookingDetails({ pnr, airports }: BookingPageProps) {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'booking.title' }, { pnr: pnr.toUpperCase() })}>
      <BookingLoader pnr={pnr} returnTo={paths.booking.getHref(pnr)}>
        {(booking) => <BookingBody booking={booking} airports={airports} />}
      </BookingLoader>
    </Screen>
  );
}
