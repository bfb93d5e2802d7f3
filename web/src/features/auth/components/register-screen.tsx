import {
  PASSWORD_MIN_LENGTH,
  RegisterRequestSchema,
  type RegisterRequest,
} from '@uniquair/contract/users';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';
import {
  ApiFormFrame,
  EmailField,
  FormTextField,
  NameFields,
  useApiForm,
} from '../../../lib/api-form.tsx';
import { useCurrentUser } from '../api/get-current-user.ts';
import { register } from '../api/register.ts';

/**
 * `/register` (SPEC §2 "sign up"): names, e-mail and password. The account is usable once the
 * link e-mailed to the address is opened, which signs the user in; the answer never says whether
 * the address already had an account.
 */
export function RegisterScreen() {
  const intl = useIntl();
  const current = useCurrentUser();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const api = useApiForm<RegisterRequest, RegisterRequest>({
    schema: RegisterRequestSchema,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    send: async (values) => {
      await register(values);
      setSentTo(values.email);
    },
    serverFields: ['password', 'firstName', 'lastName'],
  });

  if (current.isLogged) return <Navigate to={paths.account.getHref()} replace />;
  return (
    <Screen title={intl.formatMessage({ id: 'nav.register' })}>
      {sentTo !== null ? (
        <p role="status">{intl.formatMessage({ id: 'auth.registerSent' }, { email: sentTo })}</p>
      ) : (
        <ApiFormFrame api={api} submit="auth.registerSubmit">
          <NameFields form={api.form} />
          <EmailField form={api.form} />
          <FormTextField
            form={api.form}
            name="password"
            label="auth.password"
            type="password"
            autoComplete="new-password"
            hint={intl.formatMessage({ id: 'auth.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
          />
        </ApiFormFrame>
      )}
      <div className={screenStyles.links}>
        <Link to={paths.signin.getHref()}>{intl.formatMessage({ id: 'auth.haveAccount' })}</Link>
      </div>
    </Screen>
  );
}
