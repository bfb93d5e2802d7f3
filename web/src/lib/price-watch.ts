import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CreatePriceWatchRequest,
  CreatePriceWatchResponse,
  PriceWatchListResponse,
} from '@uniquair/contract/price-watch';
import { apiFetch, apiGet, apiPost } from './api-client.ts';
import { apiSubscription, subscribeBrowser, type PushState } from './pwa/push.ts';

/**
 * Price watches (docs/price-watch.md): "Tell me when it's cheaper" on the results, and the
 * signed-in traveller's watches on the account page. A watch needs only this browser's push
 * subscription; the answer's id is the secret that ends it.
 */
export const PRICE_WATCH_PATH = '/api/price-watch';

export type WatchRequest = Omit<CreatePriceWatchRequest, 'subscription'>;

/** Subscribes this browser to push (asking permission) and starts the watch. */
export async function startPriceWatch(
  request: WatchRequest,
): Promise<
  | { readonly state: 'watching'; readonly answer: CreatePriceWatchResponse }
  | { readonly state: Exclude<PushState, 'subscribed'> }
> {
  const browser = await subscribeBrowser();
  if (browser.state !== 'subscribed') return { state: browser.state };
  const answer = await apiPost<CreatePriceWatchResponse>(
    PRICE_WATCH_PATH,
    { ...request, subscription: apiSubscription(browser.subscription) },
    { notifyUnauthorized: false },
  );
  return { state: 'watching', answer };
}

/** `DELETE /api/price-watch/{id}`: by the watch's id, or its number for the signed-in owner. */
export async function stopPriceWatch(id: string | number): Promise<void> {
  await apiFetch(`${PRICE_WATCH_PATH}/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
}

export const priceWatchesQueryOptions = () =>
  queryOptions({
    queryKey: ['price-watches'],
    queryFn: () => apiGet<PriceWatchListResponse>(PRICE_WATCH_PATH),
  });

/** The signed-in traveller's watches. */
export function usePriceWatches() {
  return useQuery(priceWatchesQueryOptions());
}
