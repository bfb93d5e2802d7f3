import { useQuery } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BookingNotOnDevice } from '../../../components/booking/not-on-device.tsx';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { bookingQueryOptions, isSettledBooking } from '../../../lib/booking-access.ts';
import styles from './payment.module.css';

export type PaymentOutcome = 'success' | 'fundingDenied' | 'denied' | 'failure';

const TEXTS = {
  success: { title: 'payment.successTitle', text: 'payment.successText' },
  fundingDenied: { title: 'payment.fundingDeniedTitle', text: 'payment.fundingDeniedText' },
  denied: { title: 'payment.deniedTitle', text: 'payment.deniedText' },
  failure: { title: 'payment.failureTitle', text: 'payment.failureText' },
} as const;

/** How often the success page asks for the booking while the payment or tickets are on their way. */
export const PAYMENT_POLL_MS = 2_000;

/**
 * How old a booking may be and still open the success page without being asked for again: the
 * pay page reads it once paid, just before coming here.
 */
const FRESH_BOOKING_MS = 1_000;

/** Where a payment stands, as the success page tells it (SPEC §4). */
export type PaymentProgress =
  'inProgress' | 'confirmed' | 'ticketed' | 'failed' | 'payAtAirline' | 'expired';

export function paymentProgress(booking: BookingDetail): PaymentProgress {
  switch (booking.status) {
    case 'ticketed':
      return 'ticketed';
    case 'paid':
      return 'confirmed';
    case 'pay_at_airline':
      return 'payAtAirline';
    case 'expired':
    case 'cancelled':
      return 'expired';
    case 'not_paid': {
      const latest = booking.payments.at(-1);
      return latest?.state === 'failed' ? 'failed' : 'inProgress';
    }
  }
}

const PROGRESS_TEXTS = {
  inProgress: 'payment.progress.inProgress',
  confirmed: 'payment.progress.confirmed',
  ticketed: 'payment.progress.ticketed',
  failed: 'payment.progress.failed',
  payAtAirline: 'booking.state.payAtAirline',
  expired: 'payment.hold.endedText',
} as const;

/**
 * The success page's live part: where the payment stands, one state at a time. "We are
 * confirming the payment" belongs to the payment in progress only: once it is confirmed (or
 * failed, or the hold ended) that sentence would contradict the state shown.
 */
function SuccessProgress({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const progress = paymentProgress(booking);
  return (
    <div className={styles.result}>
      {progress === 'inProgress' ? (
        <p>{intl.formatMessage({ id: TEXTS.success.text }, { pnr: booking.pnr })}</p>
      ) : null}
      <p className={styles.failureTitle} role="status">
        {intl.formatMessage({ id: PROGRESS_TEXTS[progress] })}
      </p>
      {progress === 'inProgress' || progress === 'confirmed' ? <Spinner size={24} /> : null}
      {progress === 'failed' ? (
        <Link className={screenStyles.action} to={paths.bookingPay.getHref(booking.pnr)}>
          {intl.formatMessage({ id: 'payment.tryAgain' })}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The success page: the booking asked for until the payment settles. Nobody is thanked before the
 * booking is known: an unknown booking, or one this browser may not open, reads as not found.
 * A booking read in the last second is not asked for again on arrival; any older one is.
 */
function PaymentSuccess({ reference }: { readonly reference: string }) {
  const intl = useIntl();
  const booking = useQuery({
    ...bookingQueryOptions(reference),
    staleTime: FRESH_BOOKING_MS,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return query.state.error ? false : PAYMENT_POLL_MS;
      const progress = paymentProgress(data);
      return isSettledBooking(data) || progress === 'failed' ? false : PAYMENT_POLL_MS;
    },
  });
  if (!booking.isSuccess) {
    return (
      <Screen title={intl.formatMessage({ id: 'booking.title' }, { pnr: reference })}>
        {booking.isPending ? (
          <Spinner size={48} />
        ) : isApiError(booking.error) && booking.error.status === 404 ? (
          <BookingNotOnDevice pnr={reference} returnTo={paths.paymentSuccess.getHref(reference)} />
        ) : (
          <p role="alert">{intl.formatMessage({ id: 'booking.loadFailed' })}</p>
        )}
      </Screen>
    );
  }
  return (
    <Screen title={intl.formatMessage({ id: TEXTS.success.title })}>
      <SuccessProgress booking={booking.data} />
      <div className={screenStyles.links}>
        <Link to={paths.booking.getHref(reference)}>
          {intl.formatMessage({ id: 'payment.viewBooking' }, { pnr: reference })}
        </Link>
      </div>
    </Screen>
  );
}

/**
 * Where the payment provider sends the visitor back (SPEC §2, §8): the outcome in the spec's
 * words, and the way on: the booking, or back to paying with another method. The success page
 * follows the booking until the payment is confirmed and the tickets are issued, or it failed.
 */
export function PaymentResult({
  pnr,
  outcome,
}: {
  readonly pnr: string;
  readonly outcome: PaymentOutcome;
}) {
  const intl = useIntl();
  const texts = TEXTS[outcome];
  const reference = pnr.toUpperCase();
  if (outcome === 'success') return <PaymentSuccess reference={reference} />;
  return (
    <Screen title={intl.formatMessage({ id: texts.title })}>
      <p>{intl.formatMessage({ id: texts.text }, { pnr: reference })}</p>
      <div className={screenStyles.links}>
        <Link className={screenStyles.action} to={paths.bookingPay.getHref(reference)}>
          {intl.formatMessage({ id: 'payment.tryAgain' })}
        </Link>
        <Link to={paths.booking.getHref(reference)}>
          {intl.formatMessage({ id: 'payment.viewBooking' }, { pnr: reference })}
        </Link>
      </div>
    </Screen>
  );
}
