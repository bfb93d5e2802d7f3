import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlightInfoResponse } from '@uniquair/contract/flight';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * `GET /api/flight/info/{hash}?ids=…` (SPEC §7): chosen flights of a search with each fare
 * class's current price and seats, its conditions (refund, change) and baggage.
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
