import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { EmptyState, screenStyles } from '../layouts/screen.tsx';

/**
 * What a visitor reads for a booking this browser may not open (the server's 404, identical for a
 * PNR that does not exist): where the booking can be found instead.
 */
export function BookingNotOnDevice({ returnTo }: { readonly returnTo: string }) {
  const intl = useIntl();
  return (
    <EmptyState
      action={
        <div className={screenStyles.links}>
          <Link className={screenStyles.action} to={paths.signin.getHref(returnTo)}>
            {intl.formatMessage({ id: 'nav.signIn' })}
          </Link>
          <Link to={paths.bookings.getHref()}>{intl.formatMessage({ id: 'nav.myBookings' })}</Link>
        </div>
      }
    >
      {intl.formatMessage({ id: 'booking.notOnDevice' })}
    </EmptyState>
  );
}
