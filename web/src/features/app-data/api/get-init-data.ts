import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InitResponse } from '@uniquair/contract/data';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /api/data/init`: everything the app needs at start-up (SPEC §7). */
export function getInitData(): Promise<InitResponse> {
  return apiGet<InitResponse>('/api/data/init');
}

/** One key for the visitor's init data; a language change invalidates it. */
export const initDataQueryOptions = () =>
  queryOptions({ queryKey: ['data', 'init'], queryFn: getInitData, staleTime: Infinity });

/** The init data; the root loader has fetched it before any page renders. */
export function useInitData(): InitResponse {
  const { data } = useQuery(initDataQueryOptions());
  if (!data) throw new Error('useInitData needs the init data loaded by the root route.');
  return data;
}
