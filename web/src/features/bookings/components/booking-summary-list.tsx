import type { BookingSummary } from '@uniquair/contract/booking-list';
import { currencyExponent } from '@uniquair/domain/pricing/currency';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import styles from './bookings.module.css';

const dayOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/** Bookings as a list: reference, state (in words), trip, dates, travellers and total. */
export function BookingSummaryList({ bookings }: { readonly bookings: readonly BookingSummary[] }) {
  const intl = useIntl();
  return (
    <ul className={styles.list}>
      {bookings.map((booking) => (
        <li key={booking.pnr} className={styles.item}>
          <p className={styles.title}>
            <Link to={paths.booking.getHref(booking.pnr)}>
              {intl.formatMessage({ id: 'bookings.reference' }, { pnr: booking.pnr })}
            </Link>
            <span className={styles.status}>
              {intl.formatMessage({ id: 'bookings.status' }, { status: booking.status })}
            </span>
          </p>
          {booking.pendingScheduleChange ? (
            <p className={styles.status}>
              {intl.formatMessage({ id: 'scheduleChange.listBadge' })}
            </p>
          ) : null}
          <p>
            {intl.formatMessage({ id: 'bookings.trip' }, { from: booking.from, to: booking.to })}
          </p>
          <p>
            {intl.formatMessage(
              { id: 'bookings.departure' },
              { date: dayOf(booking.departureDate) },
            )}
            {booking.returnDate
              ? ` · ${intl.formatMessage({ id: 'bookings.return' }, { date: dayOf(booking.returnDate) })}`
              : null}
          </p>
          <p className={styles.muted}>
            {intl.formatMessage({ id: 'bookings.passengers' }, { count: booking.passengers })}
            {' · '}
            {intl.formatNumber(booking.totalMinor / 10 ** currencyExponent(booking.currency), {
              style: 'currency',
              currency: booking.currency,
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
