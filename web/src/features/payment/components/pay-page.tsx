import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  BookingItinerary,
  type ItineraryAirport,
} from '../../../components/booking/booking-itinerary.tsx';
import { BookingPassengers } from '../../../components/booking/booking-passengers.tsx';
import { formatMoney } from '../../../components/booking/format-money.ts';
import { BookingNotOnDevice } from '../../../components/booking/not-on-device.tsx';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { bookingQueryKey, bookingQueryOptions } from '../../../lib/booking-access.ts';
import { useCurrency, useFormatPrice } from '../../../lib/currency.tsx';
import { usePaymentOptions } from '../api/get-payment-options.ts';
import { HoldCountdown, secondsLeft } from './hold-countdown.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import styles from './payment.module.css';

/** The total in the charge currency and, when the visitor shows prices in another, in theirs too. */
export function BookingTotal({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const { currency } = useCurrency();
  const formatPrice = useFormatPrice();
  const { amount, currency: chargeCurrency } = booking.chargeTotal;
  return (
    <p className={styles.total}>
      {intl.formatMessage(
        { id: 'payment.total' },
        { amount: formatMoney(intl, amount, chargeCurrency) },
      )}
      {currency.code === chargeCurrency ? null : (
        <span className={styles.converted}>
          {' '}
          {intl.formatMessage(
            { id: 'payment.totalConverted' },
            { amount: formatPrice(amount, chargeCurrency) },
          )}
        </span>
      )}
    </p>
  );
}

function HoldEnded() {
  const intl = useIntl();
  return (
    <div className={styles.notice} role="alert">
      <p>{intl.formatMessage({ id: 'payment.hold.endedText' })}</p>
      <Link className={screenStyles.action} to={paths.home.getHref()}>
        {intl.formatMessage({ id: 'payment.newSearch' })}
      </Link>
    </div>
  );
}

function PayableBooking({
  booking,
  airports,
}: {
  readonly booking: BookingDetail;
  readonly airports: readonly ItineraryAirport[];
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [holdEnded, setHoldEnded] = useState(
    () => booking.holdExpiresAt !== null && secondsLeft(booking.holdExpiresAt, Date.now()) === 0,
  );
  const options = usePaymentOptions(booking.pnr, !holdEnded);

  return (
    <>
      <section className={styles.section} aria-labelledby="pay-trip">
        <h2 id="pay-trip">{intl.formatMessage({ id: 'booking.trip' })}</h2>
        <BookingItinerary flights={booking.flights} airports={airports} />
        <h2>{intl.formatMessage({ id: 'booking.passengers' })}</h2>
        <BookingPassengers passengers={booking.passengers} />
        <BookingTotal booking={booking} />
      </section>

      {booking.holdExpiresAt ? (
        <HoldCountdown
          expiresAt={booking.holdExpiresAt}
          onExpire={() => {
            setHoldEnded(true);
            void queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking.pnr) });
          }}
        />
      ) : null}

      <section className={styles.section} aria-labelledby="pay-methods">
        <h2 id="pay-methods">{intl.formatMessage({ id: 'payment.methodsTitle' })}</h2>
        {holdEnded ? (
          <HoldEnded />
        ) : options.isPending ? (
          <Spinner size={48} />
        ) : options.isError ? (
          <div role="alert">
            <p>{intl.formatMessage({ id: 'payment.optionsFailed' })}</p>
            <Button variant="secondary" onClick={() => void options.refetch()}>
              {intl.formatMessage({ id: 'payment.retry' })}
            </Button>
          </div>
        ) : (
          <PaymentMethods pnr={booking.pnr} options={options.data} disabled={holdEnded} />
        )}
      </section>
    </>
  );
}

/**
 * `/booking/{pnr}/pay` (SPEC §2): the booking's flights, passengers and total, the time left on
 * the seat hold, and the enabled ways to pay with the amount each charges. A paid booking says
 * 'This booking is already paid'; an ended hold offers a new search.
 */
export function BookingPay({
  pnr,
  airports,
}: {
  readonly pnr: string;
  readonly airports: readonly ItineraryAirport[];
}) {
  const intl = useIntl();
  const booking = useQuery(bookingQueryOptions(pnr));
  const reference = pnr.toUpperCase();

  let content;
  if (booking.isPending) {
    content = <Spinner size={48} />;
  } else if (booking.isError) {
    content =
      isApiError(booking.error) && booking.error.status === 404 ? (
        <BookingNotOnDevice returnTo={paths.bookingPay.getHref(pnr)} />
      ) : (
        <div role="alert">
          <p>{intl.formatMessage({ id: 'booking.loadFailed' })}</p>
          <Button variant="secondary" onClick={() => void booking.refetch()}>
            {intl.formatMessage({ id: 'payment.retry' })}
          </Button>
        </div>
      );
  } else {
    const detail = booking.data;
    const viewBooking = (
      <Link to={paths.booking.getHref(detail.pnr)}>
        {intl.formatMessage({ id: 'payment.viewBooking' }, { pnr: detail.pnr })}
      </Link>
    );
    if (detail.status === 'paid' || detail.status === 'ticketed') {
      content = (
        <div className={styles.notice}>
          <p role="status">{intl.formatMessage({ id: 'payment.alreadyPaid' })}</p>
          {viewBooking}
        </div>
      );
    } else if (detail.status === 'pay_at_airline') {
      content = (
        <div className={styles.notice}>
          <p role="status">{intl.formatMessage({ id: 'booking.state.payAtAirline' })}</p>
          {viewBooking}
        </div>
      );
    } else if (detail.status !== 'not_paid' || !detail.payable) {
      content = (
        <>
          <HoldEnded />
          {viewBooking}
        </>
      );
    } else {
      content = <PayableBooking booking={detail} airports={airports} />;
    }
  }

  return (
    <Screen title={intl.formatMessage({ id: 'booking.payTitle' }, { pnr: reference })}>
      {content}
    </Screen>
  );
}
