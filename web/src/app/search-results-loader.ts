import type { QueryClient } from '@tanstack/react-query';
import { decideSearchRoute } from '@uniquair/domain/search/route-guard';
import { parseSearchParams, type SearchView } from '@uniquair/domain/search/search-path';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths.ts';
import { routesQueryOptions } from '../features/app-data/api/get-routes.ts';

/**
 * The search route guard, a module of its own: it loads with the results page, so the start-up
 * bundle carries none of the search rules.
 */

type Params = LoaderFunctionArgs['params'];

/**
 * The search result routes (SPEC §4 search route guard): invalid destinations are dropped and the
 * visitor redirected to the cleaned URL, three or more legs (or two that do not make a return)
 * go to `multi`, nothing left goes home.
 */
export async function searchResultsLoader(
  queryClient: QueryClient,
  view: SearchView,
  params: Params,
) {
  const network = await queryClient.ensureQueryData(routesQueryOptions());
  const byId = new Map(
    network.routes.map((route) => [
      route.id,
      {
        from: route.from,
        to: route.to,
        dow: route.dow,
        availableFrom: route.af,
        availableUntil: route.au,
      },
    ]),
  );
  const decision = decideSearchRoute(
    parseSearchParams({
      view,
      adults: params.adults ?? '',
      children: params.children ?? '',
      infants: params.infants ?? '',
      destinations: params['*'] ?? '',
    }),
    (id) => byId.get(id),
  );
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirect
  if (decision.kind === 'home') throw redirect(paths.home.getHref());
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirect
  if (decision.kind === 'redirect') throw redirect(decision.path);
  return {
    view: decision.view,
    passengers: decision.passengers,
    destinations: decision.destinations,
  };
}
