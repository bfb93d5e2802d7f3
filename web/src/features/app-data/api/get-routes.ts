import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoutesResponse } from '@uniquair/contract/data';
import { apiGet } from '../../../lib/api-client.ts';

export const ROUTES_URL = '/api/data/routes';

/**
 * `GET /api/data/routes` (SPEC §7): the route network. The request is the one index.html
 * preloads (`app/startup-reads.ts`), with no header of its own, so the browser answers it with
 * the preloaded response instead of asking again. The browser's HTTP cache keeps the answer
 * (`Cache-Control: public, max-age=300, stale-while-revalidate=86400`) and revalidates it with
 * its validators (`If-None-Match`, `If-Modified-Since`; a `304` keeps its copy); offline, the
 * service worker's copy answers (docs/pwa.md).
 */
export function getRoutes(): Promise<RoutesResponse> {
  return apiGet<RoutesResponse>(ROUTES_URL);
}

export const routesQueryOptions = () =>
  queryOptions({ queryKey: ['data', 'routes'], queryFn: () => getRoutes(), staleTime: Infinity });

/** The route list; the root loader has fetched it before any page renders. */
export function useRouteNetwork(): RoutesResponse {
  const { data } = useQuery(routesQueryOptions());
  if (!data) throw new Error('useRouteNetwork needs the route list loaded by the root route.');
  return data;
}
