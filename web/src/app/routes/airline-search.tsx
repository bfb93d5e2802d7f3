import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { AirlineSearch } from '../../features/airline/components/airline-search.tsx';

export function AirlineSearchRoute() {
  const network = useRouteNetwork();
  return <AirlineSearch airports={network.airports} routes={network.routes} />;
}
