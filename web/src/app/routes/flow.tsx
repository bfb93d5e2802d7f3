import { useParams } from 'react-router';
import { useInitData } from '../../features/app-data/api/get-init-data.ts';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { ChooseFlow } from '../../features/booking/components/choose-flow.tsx';

export function FlowRoute() {
  const { currentView } = useParams();
  const init = useInitData();
  const { user } = useCurrentUser();
  const network = useRouteNetwork();
  return (
    <ChooseFlow
      currentView={currentView}
      countries={init.countries}
      titles={init.titles}
      user={user}
      airports={network.airports}
    />
  );
}
