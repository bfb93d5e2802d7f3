import { useQuery } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '../../lib/api-client.ts';
import { bookingQueryOptions } from '../../lib/booking-access.ts';
import { RetryAlert } from '../ui/retry-alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { BookingNotOnDevice } from './not-on-device.tsx';

/**
 * One booking read for a page of its own (the pay page, the booking page, an e-ticket): a spinner
 * while it loads, where to find it when this browser may not open it (the server's 404), the
 * failure (with a retry unless `retry` is false) when reading fails, else `children` of it.
 */
export function BookingLoader({
  pnr,
  returnTo,
  retry = true,
  children,
}: {
  readonly pnr: string;
  /** Where signing in comes back to: the page that asked. */
  readonly returnTo: string;
  readonly retry?: boolean;
  readonly children: (booking: BookingDetail) => ReactNode;
}) {
  const intl = useIntl();
  const booking = useQuery(bookingQueryOptions(pnr));
  if (booking.isPending) return <Spinner size={48} />;
  if (!booking.isError) return children(booking.data);
  if (isApiError(booking.error) && booking.error.status === 404) {
    return <BookingNotOnDevice pnr={pnr} returnTo={returnTo} />;
  }
  const message = intl.formatMessage({ id: 'booking.loadFailed' });
  return retry ? (
    <RetryAlert onRetry={() => void booking.refetch()}>{message}</RetryAlert>
  ) : (
    <p role="alert">{message}</p>
  );
}
