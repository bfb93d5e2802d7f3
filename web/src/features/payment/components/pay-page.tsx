import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  BookingItinerary,
  type BookingPageProps,
  type BookingViewProps,
} from '../../../components/booking/booking-itinerary.tsx';
import { BookingLoader } from '../../../components/booking/booking-loader.tsx';
import { BookingPassengers } from '../../../components/booking/booking-passengers.tsx';
import { formatMoney } from '../../../components/booking/format-money.ts';
import {
  ChargeCurrencyRule,
  PriceLines,
  chargedParts,
} from '../../../components/booking/price-lines.tsx';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { bookingQueryKey } from '../../../lib/booking-access.ts';
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
    <>
      <PriceLines {...chargedParts(booking)} />
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
      <ChargeCurrencyRule shown={currency.code} charged={chargeCurrency} />
    </>
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

function PayableBooking({ booking, airports }: BookingViewProps) {
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
          <RetryAlert onRetry={() => void options.refetch()}>
            {intl.formatMessage({ id: 'payment.optionsFailed' })}
          </RetryAlert>
        ) : (
          <PaymentMethods pnr={booking.pnr} options={options.data} disabled={holdEnded} />
        )}
      </section>
    </>
  );
}

/** What the pay page shows of a booking it could read: the ways to pay, or why it cannot be paid. */
function PayContent({ booking, airports }: BookingViewProps) {
  const intl = useIntl();
  if (booking.status === 'not_paid' && booking.payable) {
    return <PayableBooking booking={booking} airports={airports} />;
  }
  const viewBooking = (
    <Link to={paths.booking.getHref(booking.pnr)}>
      {intl.formatMessage({ id: 'payment.viewBooking' }, { pnr: booking.pnr })}
    </Link>
  );
  const notice =
    booking.status === 'paid' || booking.status === 'ticketed'
      ? 'payment.alreadyPaid'
      : booking.status === 'pay_at_airline'
        ? 'booking.state.payAtAirline'
        : null;
  return notice ? (
    <div className={styles.notice}>
      <p role="status">{intl.formatMessage({ id: notice })}</p>
      {viewBooking}
    </div>
  ) : (
    <>
      <HoldEnded />
      {viewBooking}
    </>
  );
}

/**
 * `/booking/{pnr}/pay` (SPEC §2): the booking's flights, passengers and total, the time left on
 * the seat hold, and the enabled ways to pay with the amount each charges. A paid booking says
 * 'This booking is already paid'; an ended hold offers a new search.
 */
export function BookingPay({ pnr, airports }: BookingPageProps) {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'booking.payTitle' }, { pnr: pnr.toUpperCase() })}>
      <BookingLoader pnr={pnr} returnTo={paths.bookingPay.getHref(pnr)}>
        {(booking) => <PayContent booking={booking} airports={airports} />}
      </BookingLoader>
    </Screen>
  );
}
