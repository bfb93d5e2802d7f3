import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceGridResponse } from '@uniquair/contract/price-grid';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { apiFetch } from '../../../lib/api-client.ts';

/** What the grid is asked for: a return trip's two routes, its chosen days and its bags. */
export interface PriceGridRequest {
  readonly outRouteId: number;
  readonly backRouteId: number;
  readonly out: Ymd;
  readonly back: Ymd;
  /** Checked bags per passenger (0–2). */
  readonly bags: number;
}

/**
 * `GET /api/cheapest-price/grid/{outRouteId}/{backRouteId}?out=&back=&bags=`: seven outbound
 * by seven return days around the chosen ones, each the cheapest all-in price of the pair for
 * one adult (minor units of `currency`), or null.
 */
export async function getPriceGrid(
  request: PriceGridRequest,
  signal?: AbortSignal,
): Promise<PriceGridResponse> {
  const { outRouteId, backRouteId, out, back, bags } = request;
  const query = new URLSearchParams({ out, back, bags: String(bags) });
  const answer = await apiFetch<PriceGridResponse>(
    `/api/cheapest-price/grid/${outRouteId}/${backRouteId}?${query.toString()}`,
    { signal },
  );
  if (!answer.data) throw new Error('The price grid answered without a body');
  return answer.data;
}

export const priceGridQueryOptions = (request: PriceGridRequest) =>
  queryOptions({
    queryKey: [
      'cheapest-price',
      'grid',
      request.outRouteId,
      request.backRouteId,
      request.out,
      request.back,
      request.bags,
    ],
    queryFn: ({ signal }) => getPriceGrid(request, signal),
    // Indicative prices: the server lets browsers keep them a minute.
    staleTime: 60_000,
  });

/** The flexible-dates grid of a return trip. */
export function usePriceGrid(request: PriceGridRequest) {
  return useQuery(priceGridQueryOptions(request));
}
