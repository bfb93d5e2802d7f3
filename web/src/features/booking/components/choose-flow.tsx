import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';

/** `/choose/{currentView?}`: choosing flights, passengers and contact; starts from a search. */
export function ChooseFlow() {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'flow.title' })}>
      <EmptyState
        action={
          <Link className={screenStyles.action} to={paths.home.getHref()}>
            {intl.formatMessage({ id: 'nav.findFlights' })}
          </Link>
        }
      >
        {intl.formatMessage({ id: 'basket.empty' })}
      </EmptyState>
    </Screen>
  );
}
