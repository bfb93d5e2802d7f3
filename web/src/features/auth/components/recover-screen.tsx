import { useIntl } from 'react-intl';
import { Screen } from '../../../components/layouts/screen.tsx';
import { ApiFormFrame, EmailField } from '../../../lib/api-form.tsx';
import { recover } from '../api/recover.ts';
import { useEmailLinkForm } from '../hooks/use-email-link-form.ts';

/**
 * `/recover` (SPEC §2 "forgot/recover password"): sends a recovery link; the answer is the same
 * whether or not the address has an account.
 */
export function RecoverScreen() {
  const intl = useIntl();
  const { api, sent } = useEmailLinkForm(recover);
  return (
    <Screen title={intl.formatMessage({ id: 'auth.recoverTitle' })}>
      {sent ? (
        <p role="status">{intl.formatMessage({ id: 'auth.recoverSent' })}</p>
      ) : (
        <ApiFormFrame api={api} submit="auth.recoverSubmit">
          <EmailField form={api.form} />
        </ApiFormFrame>
      )}
    </Screen>
  );
}
