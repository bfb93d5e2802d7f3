import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FutureBookingsResponse } from '@uniquair/contract/booking-list';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { apiGet } from '../../../lib/api-client.ts';
import { deviceBookingTokens } from '../../../lib/device-data.ts';

const NONE: FutureBookingsResponse = { success: true, bookings: [] };

/**
 * `GET /api/booking/future` (SPEC §6, §7). Signed in: the account's future bookings. Anonymous:
 * the most recent future booking among those made on this device (its booking tokens go in a
 * header); a device that made none asks nothing.
 */
export async function getFutureBookings(signedIn: boolean): Promise<FutureBookingsResponse> {
  if (signedIn) return apiGet<FutureBookingsResponse>('/api/booking/future');
  const tokens = deviceBookingTokens();
  if (tokens.length === 0) return NONE;
  return apiGet<FutureBookingsResponse>('/api/booking/future', {
    headers: { [DEVICE_TOKENS_HEADER]: tokens.join(',') },
  });
}

export const futureBookingsQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: ['bookings', 'future', signedIn ? 'account' : 'device'],
    queryFn: () => getFutureBookings(signedIn),
  });

export function useFutureBookings(signedIn: boolean) {
  return useQuery(futureBookingsQueryOptions(signedIn));
}
