import { useQueryClient } from '@tanstack/react-query';
import { USER_TITLE_IDS } from '@uniquair/contract/users';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AccountScreen } from '../../features/account/components/account-screen.tsx';
import { useInitData } from '../../features/app-data/api/get-init-data.ts';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';

const USER_TITLES: readonly number[] = USER_TITLE_IDS;

export function AccountRoute() {
  const { user } = useCurrentUser();
  const init = useInitData();
  const { airports } = useRouteNetwork();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <AccountScreen
      user={user}
      titles={init.titles.filter((title) => USER_TITLES.includes(title.id))}
      onSignOut={() => void signOut(queryClient).then(() => navigate(paths.home.getHref()))}
      airports={airports}
    />
  );
}
