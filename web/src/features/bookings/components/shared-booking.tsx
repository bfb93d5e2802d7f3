import { useQuery } from '@tanstack/react-query';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useIntl } from 'react-intl';
import {
  BookingItinerary,
  type ItineraryAirport,
} from '../../../components/booking/booking-itinerary.tsx';
import { Screen } from '../../../components/layouts/screen.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { getSharedBooking } from '../api/manage-booking.ts';
import styles from './booking-manage.module.css';

/** Why a shared trip cannot be shown: a stopped or unknown link, or a trip that is over. */
function endedLink(error: unknown): MessageKey | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) return 'manageBooking.shared.notFound';
  if (error.code === 'SHARE_LINK_EXPIRED') return 'manageBooking.shared.expired';
  return null;
}

/**
 * `/shared-booking/{token}`: the trip a traveller shared, read-only and without sign-in: its
 * flights and the passengers' names (the server sends nothing else).
 */
export function SharedBookingView({
  token,
  airports,
}: {
  readonly token: string;
  readonly airports: readonly ItineraryAirport[];
}) {
  const intl = useIntl();
  const shared = useQuery({
    queryKey: ['shared-booking', token.toLowerCase()],
    queryFn: () => getSharedBooking(token),
    retry: false,
    staleTime: 60_000,
  });
  const title = intl.formatMessage({ id: 'manageBooking.shared.title' });
  if (shared.isPending) {
    return (
      <Screen title={title}>
        <Spinner size={48} />
      </Screen>
    );
  }
  if (shared.isError) {
    const ended = endedLink(shared.error);
    return (
      <Screen title={title}>
        {ended ? (
          <p role="alert">{intl.formatMessage({ id: ended })}</p>
        ) : (
          <RetryAlert onRetry={() => void shared.refetch()}>
            {intl.formatMessage({ id: 'manageBooking.shared.loadFailed' })}
          </RetryAlert>
        )}
      </Screen>
    );
  }
  const trip = shared.data;
  return (
    <Screen title={title}>
      <p className={styles.muted}>{intl.formatMessage({ id: 'manageBooking.shared.intro' })}</p>
      {trip.status === 'cancelled' ? (
        <p className={styles.problem}>
          {intl.formatMessage({ id: 'manageBooking.shared.cancelled' })}
        </p>
      ) : null}
      <section className={styles.section} aria-labelledby="shared-flights">
        <h2 id="shared-flights">{intl.formatMessage({ id: 'booking.trip' })}</h2>
        <BookingItinerary flights={trip.flights} airports={airports} />
      </section>
      <section className={styles.section} aria-labelledby="shared-passengers">
        <h2 id="shared-passengers">{intl.formatMessage({ id: 'booking.passengers' })}</h2>
        <ul className={styles.list}>
          {trip.passengers.map((passenger, index) => (
            // Names may repeat; the order is the booking's.
            <li key={index}>{`${passenger.firstName} ${passenger.lastName}`}</li>
          ))}
        </ul>
      </section>
      <p className={styles.muted}>
        {intl.formatMessage(
          { id: 'manageBooking.shared.validUntil' },
          {
            date: intl.formatDate(trip.validUntil, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          },
        )}
      </p>
    </Screen>
  );
}
