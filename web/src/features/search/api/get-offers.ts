import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffersResponse } from '@uniquair/contract/pricing';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { apiGet } from '../../../lib/api-client.ts';
import { bagsSearch } from '../bags.ts';

/**
 * `GET /api/cheapest-price/{airportId}/offers` (SPEC §7): for each destination flown from the
 * airport, its cheapest day in the coming weeks, cheapest first; all-in with `bags` checked bags
 * per passenger.
 */
export function getOffers(
  airportId: string,
  bags: BagCount = 0,
  signal?: AbortSignal,
): Promise<OffersResponse> {
  return apiGet<OffersResponse>(
    `/api/cheapest-price/${encodeURIComponent(airportId)}/offers${bagsSearch(bags)}`,
    { signal },
  );
}

export const offersQueryOptions = (airportId: string, bags: BagCount = 0) =>
  queryOptions({
    queryKey: ['cheapest-price', 'offers', airportId, bags],
    queryFn: ({ signal }) => getOffers(airportId, bags, signal),
    staleTime: 60_000,
  });

export function useOffers(airportId: string | null, bags: BagCount = 0) {
  return useQuery({ ...offersQueryOptions(airportId ?? '', bags), enabled: airportId !== null });
}
