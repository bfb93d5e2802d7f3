import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLoaderData } from 'react-router';
import { Screen } from '../../components/layouts/screen.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/**
 * An e-mailed link under `/{locale}/…` whose work is the server's (SPEC §2): the browser goes to
 * the server path, replacing this address in the history.
 */
export function HandOffRoute() {
  const intl = useIntl();
  const { href } = useLoaderData<{ href: string }>();
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <Screen title={intl.formatMessage({ id: 'handOff.title' })}>
      <Spinner size={48} />
      <p>
        <a href={href}>{intl.formatMessage({ id: 'handOff.continue' })}</a>
      </p>
    </Screen>
  );
}
