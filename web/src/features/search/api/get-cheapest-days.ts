import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheapestDaysResponse } from '@uniquair/contract/pricing';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { apiFetch } from '../../../lib/api-client.ts';
import { bagsSearch } from '../bags.ts';

/** The price markers of a month: price (minor units of `currency`) and rating, by day. */
export interface DayPrices {
  readonly currency: string;
  readonly days: ReadonlyMap<Ymd, { readonly price: number; readonly rating: 0 | 1 | 2 }>;
  /** When the prices were worked out (the server's `Last-Modified`), or null when not said. */
  readonly updatedAt: Date | null;
}

export function lastModifiedDate(header: string | null): Date | null {
  if (!header) return null;
  const time = Date.parse(header);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * `GET /api/cheapest-price/days/{routeId}/{year}/{month}?bags=` (SPEC §7): the cheapest price of
 * each operated day of the month from today on, with its rating (0 lowest, 1 regular, 2 highest);
 * all-in with `bags` checked bags per passenger.
 */
export async function getCheapestDays(
  routeId: number,
  year: number,
  month: number,
  signal?: AbortSignal,
  bags: BagCount = 0,
): Promise<DayPrices> {
  const answer = await apiFetch<CheapestDaysResponse>(
    `/api/cheapest-price/days/${routeId}/${year}/${month}${bagsSearch(bags)}`,
    { signal },
  );
  const body = answer.data;
  return {
    currency: body?.currency ?? 'USD',
    days: new Map(
      (body?.days ?? []).map((day) => [day.date as Ymd, { price: day.price, rating: day.rating }]),
    ),
    updatedAt: lastModifiedDate(answer.headers.get('last-modified')),
  };
}

export const cheapestDaysQueryOptions = (
  routeId: number,
  year: number,
  month: number,
  bags: BagCount = 0,
) =>
  queryOptions({
    queryKey: ['cheapest-price', 'days', routeId, year, month, bags],
    queryFn: ({ signal }) => getCheapestDays(routeId, year, month, signal, bags),
    // Indicative prices: the server lets browsers keep them a minute.
    staleTime: 60_000,
  });

/** The price markers of a route's month (all-in with `bags`); off while `routeId` is null. */
export function useCheapestDays(
  routeId: number | null,
  year: number,
  month: number,
  bags: BagCount = 0,
) {
  return useQuery({
    ...cheapestDaysQueryOptions(routeId ?? 0, year, month, bags),
    enabled: routeId !== null,
  });
}
