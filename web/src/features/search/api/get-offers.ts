import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffersResponse } from '@uniquair/contract/pricing';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * `GET /api/cheapest-price/{airportId}/offers` (SPEC §7): for each destination flown from the
 * airport, its cheapest day in the coming weeks, cheapest first.
 */
export function getOffers(airportId: string, signal?: AbortSignal): Promise<OffersResponse> {
  return apiGet<OffersResponse>(`/api/cheapest-price/${encodeURIComponent(airportId)}/offers`, {
    signal,
  });
}

export const offersQueryOptions = (airportId: string) =>
  queryOptions({
    queryKey: ['cheapest-price', 'offers', airportId],
    queryFn: ({ signal }) => getOffers(airportId, signal),
    staleTime: 60_000,
  });

export function useOffers(airportId: string | null) {
  return useQuery({ ...offersQueryOptions(airportId ?? ''), enabled: airportId !== null });
}
