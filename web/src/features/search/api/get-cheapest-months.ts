import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheapestMonthsResponse } from '@uniquair/contract/pricing';
import { apiFetch } from '../../../lib/api-client.ts';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { bagsSearch } from '../bags.ts';
import { lastModifiedDate } from './get-cheapest-days.ts';

export interface MonthPrices {
  readonly currency: string;
  /** Cheapest price (minor units of `currency`) by `year-month` key, e.g. `2026-12`; null: none. */
  readonly months: ReadonlyMap<string, number | null>;
  readonly updatedAt: Date | null;
}

export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * `GET /api/cheapest-price/months/{routeId}?bags=` (SPEC §7): the cheapest day of the current
 * month and the eleven after it, all-in with `bags` checked bags per passenger.
 */
export async function getCheapestMonths(
  routeId: number,
  signal?: AbortSignal,
  bags: BagCount = 0,
): Promise<MonthPrices> {
  const answer = await apiFetch<CheapestMonthsResponse>(
    `/api/cheapest-price/months/${routeId}${bagsSearch(bags)}`,
    { signal },
  );
  const body = answer.data;
  return {
    currency: body?.currency ?? 'USD',
    months: new Map(
      (body?.months ?? []).map((entry) => [monthKey(entry.year, entry.month), entry.price]),
    ),
    updatedAt: lastModifiedDate(answer.headers.get('last-modified')),
  };
}

export const cheapestMonthsQueryOptions = (routeId: number, bags: BagCount = 0) =>
  queryOptions({
    queryKey: ['cheapest-price', 'months', routeId, bags],
    queryFn: ({ signal }) => getCheapestMonths(routeId, signal, bags),
    staleTime: 60_000,
  });

export function useCheapestMonths(routeId: number | null, bags: BagCount = 0) {
  return useQuery({
    ...cheapestMonthsQueryOptions(routeId ?? 0, bags),
    enabled: routeId !== null,
  });
}
