import {
  PASSWORD_MIN_LENGTH,
  UpdatePasswordRequestSchema,
  type UpdatePasswordRequest,
} from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useZodResolver } from '../../../lib/form-resolver.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import styles from './account.module.css';
import { serverFieldErrors } from './server-field-errors.ts';

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
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const form = useForm<PasswordFormInput, unknown, z.output<typeof UpdatePasswordRequestSchema>>({
    resolver: useZodResolver(UpdatePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  const submit = form.handleSubmit(async (values: UpdatePasswordRequest) => {
    setProblem(null);
    try {
      await update.mutateAsync(values);
      form.reset(EMPTY);
      snackbar.show(intl.formatMessage({ id: 'account.passwordChanged' }));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.currentPassword) {
        form.setError('currentPassword', {
          message: intl.formatMessage({ id: fields.currentPassword }),
        });
        return;
      }
      setProblem(
        isApiError(error) && error.isNetworkError ? 'auth.unableToConnect' : 'account.failed',
      );
    }
  });
  const { errors } = form.formState;
  return (
    <section className={styles.section} aria-labelledby="password-heading">
      <h2 id="password-heading">{intl.formatMessage({ id: 'account.passwordTitle' })}</h2>
      <form className={screenStyles.form} onSubmit={(event) => void submit(event)} noValidate>
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
        {problem ? (
          <p role="alert" className={screenStyles.problem}>
            {intl.formatMessage({ id: problem })}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {intl.formatMessage({ id: 'account.passwordSubmit' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
