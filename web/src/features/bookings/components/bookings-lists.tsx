import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useBookingList } from '../api/get-booking-list.ts';
import { useFutureBookings } from '../api/get-future-bookings.ts';
import { BookingSummaryList } from './booking-summary-list.tsx';
import styles from './bookings.module.css';

/**
 * `/bookings`: future bookings (SPEC §2, §6). Signed in: the account's. Without an account: the
 * bookings stored on this device ('Displaying bookings stored on your device'), only the most
 * recent; a device that made none says so.
 */
export function FutureBookings({ signedIn }: { readonly signedIn: boolean }) {
  const intl = useIntl();
  const { data, isPending, isError } = useFutureBookings(signedIn);
  const bookings = data?.bookings ?? [];
  return (
    <Screen
      title={intl.formatMessage({ id: 'nav.myBookings' })}
      lead={signedIn ? undefined : intl.formatMessage({ id: 'bookings.onDevice' })}
    >
      {isPending ? (
        <Spinner size={48} />
      ) : isError ? (
        <p role="alert">{intl.formatMessage({ id: 'bookings.loadFailed' })}</p>
      ) : bookings.length === 0 ? (
        <EmptyState
          action={
            <Link className={screenStyles.action} to={paths.home.getHref()}>
              {intl.formatMessage({ id: 'nav.findFlights' })}
            </Link>
          }
        >
          {intl.formatMessage({ id: 'bookings.none' })}
        </EmptyState>
      ) : (
        <BookingSummaryList bookings={bookings} />
      )}
      <div className={screenStyles.links}>
        {signedIn ? (
          <Link to={paths.bookingsAll.getHref()}>
            {intl.formatMessage({ id: 'bookings.allTitle' })}
          </Link>
        ) : (
          <Link to={paths.signin.getHref(paths.bookings.getHref())}>
            {intl.formatMessage({ id: 'bookings.signInForAll' })}
          </Link>
        )}
      </div>
    </Screen>
  );
}

/** `/bookings/all/{page}` (signed in): every booking of the account, ten a page. */
export function AllBookings({ page }: { readonly page: number }) {
  const intl = useIntl();
  const { data, isPending, isError } = useBookingList(page);
  return (
    <Screen
      title={intl.formatMessage({ id: 'bookings.allTitle' })}
      lead={intl.formatMessage({ id: 'bookings.page' }, { page })}
    >
      {isPending ? (
        <Spinner size={48} />
      ) : isError || data === undefined ? (
        <p role="alert">{intl.formatMessage({ id: 'bookings.loadFailed' })}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {intl.formatMessage({ id: 'bookings.total' }, { count: data.total })}
          </p>
          {data.bookings.length === 0 ? (
            <EmptyState>{intl.formatMessage({ id: 'bookings.none' })}</EmptyState>
          ) : (
            <BookingSummaryList bookings={data.bookings} />
          )}
          {data.pages > 1 ? (
            <nav aria-label={intl.formatMessage({ id: 'bookings.pages' })} className={styles.pages}>
              {page > 1 ? (
                <Link to={paths.bookingsAll.getHref(Math.min(page - 1, data.pages))} rel="prev">
                  {intl.formatMessage({ id: 'bookings.previous' })}
                </Link>
              ) : null}
              <span aria-current="page">
                {intl.formatMessage({ id: 'bookings.page' }, { page })}
              </span>
              {page < data.pages ? (
                <Link to={paths.bookingsAll.getHref(page + 1)} rel="next">
                  {intl.formatMessage({ id: 'bookings.next' })}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </Screen>
  );
}
