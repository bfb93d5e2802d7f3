import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';

function NotOnDevice() {
  const intl = useIntl();
  return (
    <EmptyState
      action={
        <Link className={screenStyles.action} to={paths.bookings.getHref()}>
          {intl.formatMessage({ id: 'nav.myBookings' })}
        </Link>
      }
    >
      {intl.formatMessage({ id: 'booking.notOnDevice' })}
    </EmptyState>
  );
}

/** `/booking/{pnr}/pay`. */
export function BookingPay({ pnr }: { readonly pnr: string }) {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'booking.payTitle' }, { pnr })}>
      <NotOnDevice />
    </Screen>
  );
}

/** `/bookings/{pnr}`. */
export function BookingDetails({ pnr }: { readonly pnr: string }) {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'booking.title' }, { pnr })}>
      <NotOnDevice />
    </Screen>
  );
}

/** `/bookings/{pnr}/flight/{flightIndex}/ticket/{ticketIndex}`; indexes count from 0. */
export function TicketView({
  pnr,
  flightIndex,
  ticketIndex,
}: {
  readonly pnr: string;
  readonly flightIndex: number;
  readonly ticketIndex: number;
}) {
  const intl = useIntl();
  return (
    <Screen
      title={intl.formatMessage(
        { id: 'ticket.title' },
        { pnr, flight: flightIndex + 1, ticket: ticketIndex + 1 },
      )}
    >
      <NotOnDevice />
    </Screen>
  );
}
