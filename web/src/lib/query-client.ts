import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Retries only what may pass on a second try: no answer at all, or a server-side failure. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.isNetworkError || error.status >= 500;
}

/**
 * The app's query client: reference data stays fresh for a minute, no refetch on focus. Reads run
 * even when the browser says it is offline (`offlineFirst`): the service worker or the offline
 * copies may answer them (SPEC §8); only the retries wait for the connection.
 */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes "online" until the first `offline` event; a page opened offline is not.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
