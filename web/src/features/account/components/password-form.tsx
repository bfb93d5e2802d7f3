import { UpdatePasswordRequestSchema, type UpdatePasswordRequest } from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import {
  ApiFormFrame,
  FormTextField,
  NewPasswordFields,
  problemOf,
  useApiForm,
} from '../../../lib/api-form.tsx';
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
  const api = useApiForm<PasswordFormInput, UpdatePasswordRequest>({
    schema: UpdatePasswordRequestSchema,
    defaultValues: EMPTY,
    send: async (values, sent) => {
      await update.mutateAsync(values);
      sent.reset(EMPTY);
      snackbar.show(intl.formatMessage({ id: 'account.passwordChanged' }));
    },
    problem: (error) => problemOf(error, 'account.failed'),
    serverFields: ['currentPassword', 'newPassword.first'],
  });
  return (
    <section className={styles.section} aria-labelledby="password-heading">
      <h2 id="password-heading">{intl.formatMessage({ id: 'account.passwordTitle' })}</h2>
      <ApiFormFrame api={api} submit="account.passwordSubmit" compactSubmit>
        <FormTextField
          form={api.form}
          name="currentPassword"
          label="account.currentPassword"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={api.form} />
        <label className={styles.check}>
          <input type="checkbox" {...api.form.register('endOtherSessions')} />
          {intl.formatMessage({ id: 'account.endOtherSessions' })}
        </label>
      </ApiFormFrame>
    </section>
  );
}
