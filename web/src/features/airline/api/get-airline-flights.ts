import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AirlineFlightsResponse } from '@uniquair/contract/airline';
import { apiGet } from '../../../lib/api-client.ts';

export interface AirlineFlightsRequest {
  readonly routeId: number;
  readonly date: string;
  /** Sent as `X-Api-Key` when the server asks partners for one. */
  readonly apiKey: string;
}

/**
 * `GET /api/airline/flights?route=&date=` (the partner endpoint of the page titled 'not for
 * passengers'): a route's flights on a day with seats sold and left per fare class.
 */
export function getAirlineFlights(
  { routeId, date, apiKey }: AirlineFlightsRequest,
  signal?: AbortSignal,
): Promise<AirlineFlightsResponse> {
  const query = new URLSearchParams({ route: String(routeId), date });
  return apiGet<AirlineFlightsResponse>(`/api/airline/flights?${query.toString()}`, {
    signal,
    headers: apiKey === '' ? undefined : { 'x-api-key': apiKey },
    // A refused key is this page's answer, not a sign-out.
    notifyUnauthorized: false,
  });
}

export const airlineFlightsQueryOptions = (request: AirlineFlightsRequest) =>
  queryOptions({
    queryKey: ['airline', 'flights', request.routeId, request.date, request.apiKey],
    queryFn: ({ signal }) => getAirlineFlights(request, signal),
    staleTime: 0,
    retry: false,
  });

export function useAirlineFlights(request: AirlineFlightsRequest | null) {
  return useQuery({
    ...airlineFlightsQueryOptions(request ?? { routeId: 0, date: '', apiKey: '' }),
    enabled: request !== null,
  });
}
