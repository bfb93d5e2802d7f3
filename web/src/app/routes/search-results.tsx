import type { Destination } from '@uniquair/domain/search/destination-codec';
import type { Passengers } from '@uniquair/domain/search/passengers';
import type { SearchView } from '@uniquair/domain/search/search-path';
import { useLoaderData } from 'react-router';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { SearchResults } from '../../features/search/components/search-results.tsx';

export function SearchResultsRoute() {
  const { view, passengers, destinations } = useLoaderData<{
    view: SearchView;
    passengers: Passengers;
    destinations: Destination[];
  }>();
  const network = useRouteNetwork();
  return (
    <SearchResults
      view={view}
      passengers={passengers}
      destinations={destinations}
      network={network}
    />
  );
}
