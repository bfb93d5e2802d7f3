import {
  PASSWORD_MIN_LENGTH,
  UpdatePasswordRequestSchema,
  type UpdatePasswordRequest,
} from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { FormProblem, problemOf, useApiForm } from '../../../lib/api-form.tsx';
import { useUpdatePassword } from '../api/update-password.ts';
import styles from './account.module.css';

type PasswordFormInput = z.input<typeof UpdatePasswordRequestSchema>;

const EMPTY: PasswordFormInput = {
  currentPassword: '',
  newPassword: { first: '', second: '' },
  endOtherSessions: true,
};

/**
 * The change-password screen of SPEC §2: the current password, the new one twice, and the offer
 * to sign out every other device (ASVS 7.4.3), on by default.
 */
export function PasswordForm() {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const update = useUpdatePassword();
  const { form, onSubmit, problem } = useApiForm<PasswordFormInput, UpdatePasswordRequest>({
    schema: UpdatePasswordRequestSchema,
    defaultValues: EMPTY,
    send: async (values, sent) => {
      await update.mutateAsync(values);
      sent.reset(EMPTY);
      snackbar.show(intl.formatMessage({ id: 'account.passwordChanged' }));
    },
    problem: (error) => problemOf(error, 'account.failed'),
    serverFields: ['currentPassword'],
  });
  const { errors } = form.formState;
  return (
    <section className={styles.section} aria-labelledby="password-heading">
      <h2 id="password-heading">{intl.formatMessage({ id: 'account.passwordTitle' })}</h2>
      <form className={screenStyles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={intl.formatMessage({ id: 'account.currentPassword' })}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'auth.newPassword' })}
          type="password"
          autoComplete="new-password"
          required
          hint={intl.formatMessage({ id: 'auth.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
          error={errors.newPassword?.first?.message}
          {...form.register('newPassword.first')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'auth.repeatPassword' })}
          type="password"
          autoComplete="new-password"
          required
          error={errors.newPassword?.second?.message}
          {...form.register('newPassword.second')}
        />
        <label className={styles.check}>
          <input type="checkbox" {...form.register('endOtherSessions')} />
          {intl.formatMessage({ id: 'account.endOtherSessions' })}
        </label>
        <FormProblem problem={problem} />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {intl.formatMessage({ id: 'account.passwordSubmit' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
