import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoutesResponse } from '@uniquair/contract/data';
import { conditionalGet, type ResponseStore } from '../../../lib/conditional-get.ts';

export const ROUTES_URL = '/api/data/routes';

/**
 * `GET /api/data/routes` (SPEC §7): the route network, kept in the browser with its
 * `Last-Modified` date and asked again with `If-Modified-Since`; a `304` keeps the stored copy.
 */
export function getRoutes(store?: ResponseStore): Promise<RoutesResponse> {
  return conditionalGet<RoutesResponse>(ROUTES_URL, store);
}

export const routesQueryOptions = () =>
  queryOptions({ queryKey: ['data', 'routes'], queryFn: () => getRoutes(), staleTime: Infinity });

/** The route list; the root loader has fetched it before any page renders. */
export function useRouteNetwork(): RoutesResponse {
  const { data } = useQuery(routesQueryOptions());
  if (!data) throw new Error('useRouteNetwork needs the route list loaded by the root route.');
  return data;
}
