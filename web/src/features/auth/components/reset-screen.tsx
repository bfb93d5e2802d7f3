import { ResetPasswordRequestSchema } from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiFormFrame, NewPasswordFields, problemOf, useApiForm } from '../../../lib/api-form.tsx';
import { resetPassword } from '../api/reset-password.ts';
import type { SignInNotice } from './sign-in-screen.tsx';

type ResetForm = z.input<typeof ResetPasswordRequestSchema>;

/**
 * `/reset/{token}` (SPEC §2): the new password, twice. An expired or used link reads 'Your
 * recovery link has expired', with the way to ask for a new one. Afterwards the visitor signs in
 * with the new password (every session of the account has ended).
 */
export function ResetScreen({ token }: { readonly token: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const api = useApiForm<ResetForm, z.output<typeof ResetPasswordRequestSchema>>({
    schema: ResetPasswordRequestSchema,
    defaultValues: { newPassword: { first: '', second: '' } },
    send: async ({ newPassword }) => {
      await resetPassword(token, newPassword.first, newPassword.second);
      const state: SignInNotice = { notice: 'passwordReset' };
      await navigate(paths.signin.getHref(), { replace: true, state });
    },
    problem: (error) =>
      problemOf(error, 'auth.failed', { 404: 'auth.linkExpired', 410: 'auth.linkExpired' }),
    serverFields: ['newPassword.first'],
  });
  return (
    <Screen title={intl.formatMessage({ id: 'auth.resetTitle' })}>
      <ApiFormFrame api={api} submit="auth.resetSubmit">
        <NewPasswordFields form={api.form} />
      </ApiFormFrame>
      {api.problem === 'auth.linkExpired' ? (
        <div className={screenStyles.links}>
          <Link to={paths.recover.getHref()}>
            {intl.formatMessage({ id: 'auth.recoverAgain' })}
          </Link>
        </div>
      ) : null}
    </Screen>
  );
}
