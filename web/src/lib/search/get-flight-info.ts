import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlightInfoResponse } from '@uniquair/contract/flight';
import { apiGet } from '../api-client.ts';

/**
 * `GET /api/flight/info/{hash}?ids=…` (SPEC §7): chosen flights of a search as they are now —
 * each fare class's current price and seats left, its conditions (refund, change), baggage and
 * the extras it sells. The results page shows the fares with it; the booking flow re-prices the
 * trip with it.
 */
export function getFlightInfo(
  hash: string,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<FlightInfoResponse> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return apiGet<FlightInfoResponse>(
    `/api/flight/info/${encodeURIComponent(hash)}?${query.toString()}`,
    { signal },
  );
}

export const flightInfoQueryOptions = (hash: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['flight-info', hash, ...ids],
    queryFn: ({ signal }) => getFlightInfo(hash, ids, signal),
    staleTime: 30_000,
  });

/** Details of flights of a search; off while `hash` is null or no id is given. */
export function useFlightInfo(hash: string | null, ids: readonly string[]) {
  return useQuery({
    ...flightInfoQueryOptions(hash ?? '', ids),
    enabled: hash !== null && ids.length > 0,
  });
}
