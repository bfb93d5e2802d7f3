import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { requestBookingLink } from '../../lib/booking-access.ts';
import { EmptyState, screenStyles } from '../layouts/screen.tsx';
import { Button } from '../ui/button.tsx';

/**
 * What a visitor reads for a booking this browser may not open (the server's 404, identical for a
 * PNR that does not exist): where the booking can be found instead, and a new e-mailed link to it
 * on request (sent to the address the booking was made with, never to one typed here).
 */
export function BookingNotOnDevice({
  pnr,
  returnTo,
}: {
  readonly pnr: string;
  readonly returnTo: string;
}) {
  const intl = useIntl();
  const link = useMutation({ mutationFn: () => requestBookingLink(pnr) });
  const failure =
    link.error === null
      ? null
      : ((isApiError(link.error) ? link.error.errors._?.[0] : undefined) ??
        intl.formatMessage({ id: 'bookingLink.failed' }));
  return (
    <EmptyState
      action={
        <div className={screenStyles.links}>
          <Link className={screenStyles.action} to={paths.signin.getHref(returnTo)}>
            {intl.formatMessage({ id: 'nav.signIn' })}
          </Link>
          {link.isSuccess ? null : (
            <Button variant="text" loading={link.isPending} onClick={() => link.mutate()}>
              {intl.formatMessage({ id: 'bookingLink.request' })}
            </Button>
          )}
          <Link to={paths.bookings.getHref()}>{intl.formatMessage({ id: 'nav.myBookings' })}</Link>
        </div>
      }
    >
      {intl.formatMessage({ id: 'booking.notOnDevice' })}
      <span role="status">
        {link.isSuccess ? <> {intl.formatMessage({ id: 'bookingLink.sent' })}</> : null}
      </span>
      {failure === null ? null : <span role="alert"> {failure}</span>}
    </EmptyState>
  );
}
