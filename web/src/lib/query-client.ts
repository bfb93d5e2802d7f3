import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Retries only what may pass on a second try: no answer at all, or a server-side failure. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.isNetworkError || error.status >= 500;
}

/** The app's query client: reference data stays fresh for a minute, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
