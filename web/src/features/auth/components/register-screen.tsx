import {
  PASSWORD_MIN_LENGTH,
  RegisterRequestSchema,
  type RegisterRequest,
} from '@uniquair/contract/users';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { FormProblem, useApiForm } from '../../../lib/api-form.tsx';
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
  const { form, onSubmit, problem } = useApiForm<RegisterRequest, RegisterRequest>({
    schema: RegisterRequestSchema,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    send: async (values) => {
      await register(values);
      setSentTo(values.email);
    },
  });
  const { errors } = form.formState;

  if (current.isLogged) return <Navigate to={paths.account.getHref()} replace />;
  return (
    <Screen title={intl.formatMessage({ id: 'nav.register' })}>
      {sentTo !== null ? (
        <p role="status">{intl.formatMessage({ id: 'auth.registerSent' }, { email: sentTo })}</p>
      ) : (
        <form className={screenStyles.form} onSubmit={onSubmit} noValidate>
          <TextInput
            label={intl.formatMessage({ id: 'auth.firstName' })}
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'auth.lastName' })}
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'auth.email' })}
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'auth.password' })}
            type="password"
            autoComplete="new-password"
            required
            hint={intl.formatMessage({ id: 'auth.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormProblem problem={problem} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {intl.formatMessage({ id: 'auth.registerSubmit' })}
          </Button>
        </form>
      )}
      <div className={screenStyles.links}>
        <Link to={paths.signin.getHref()}>{intl.formatMessage({ id: 'auth.haveAccount' })}</Link>
      </div>
    </Screen>
  );
}
