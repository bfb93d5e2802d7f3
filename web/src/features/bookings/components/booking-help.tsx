import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './booking-manage.module.css';

/**
 * "Get help with this booking": opens a support ticket about it (`/bookings/{pnr}/open-ticket`,
 * sign-in first for a visitor, who comes back here).
 */
export function BookingHelp({ pnr }: { readonly pnr: string }) {
  const intl = useIntl();
  return (
    <section className={styles.section} aria-labelledby="booking-help">
      <h2 id="booking-help">{intl.formatMessage({ id: 'manageBooking.help.title' })}</h2>
      <p>{intl.formatMessage({ id: 'manageBooking.help.text' })}</p>
      <Link className={screenStyles.action} to={paths.bookingSupportTicketOpen.getHref(pnr)}>
        {intl.formatMessage({ id: 'manageBooking.help.link' })}
      </Link>
    </section>
  );
}
