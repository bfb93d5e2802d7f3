import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';

/** `/support/tickets/` (signed in): the visitor's tickets, open and closed. */
export function SupportTickets() {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'support.title' })}>
      <div className={screenStyles.links}>
        <Link className={screenStyles.action} to={paths.supportTicketsOpen.getHref()}>
          {intl.formatMessage({ id: 'support.openTitle' })}
        </Link>
      </div>
      <EmptyState>{intl.formatMessage({ id: 'support.none' })}</EmptyState>
    </Screen>
  );
}

/** `/support/tickets/open` and `/bookings/{pnr}/open-ticket` (signed in). */
export function OpenTicket({ pnr }: { readonly pnr: string | null }) {
  const intl = useIntl();
  return (
    <Screen
      title={intl.formatMessage({ id: 'support.openTitle' })}
      lead={pnr ? intl.formatMessage({ id: 'support.aboutBooking' }, { pnr }) : undefined}
    >
      <p>{intl.formatMessage({ id: 'support.openText' })}</p>
    </Screen>
  );
}

/** `/support/ticket/{id}` (signed in). */
export function SupportTicket({ id }: { readonly id: number }) {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'support.ticketTitle' }, { id })}>
      <EmptyState
        action={
          <Link to={paths.supportTickets.getHref()}>
            {intl.formatMessage({ id: 'support.title' })}
          </Link>
        }
      >
        {intl.formatMessage({ id: 'support.ticketMissing' })}
      </EmptyState>
    </Screen>
  );
}
