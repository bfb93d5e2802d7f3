import {
  UpdateEmailRequestSchema,
  type CurrentUser,
  type UpdateEmailRequest,
} from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import {
  ApiFormFrame,
  EmailField,
  FormTextField,
  problemOf,
  useApiForm,
} from '../../../lib/api-form.tsx';
import { useUpdateEmail } from '../api/update-email.ts';
import styles from './account.module.css';

/**
 * A new e-mail address, with the password (`POST /api/users/update-email`): the address changes
 * once the link sent to it is opened.
 */
export function EmailForm({ user }: { readonly user: CurrentUser }) {
  const intl = useIntl();
  const update = useUpdateEmail();
  const api = useApiForm<UpdateEmailRequest, UpdateEmailRequest>({
    schema: UpdateEmailRequestSchema,
    defaultValues: { email: '', password: '' },
    send: async (values, sent) => {
      await update.mutateAsync(values);
      sent.reset({ email: '', password: '' });
    },
    problem: (error) => problemOf(error, 'account.failed'),
    serverFields: ['email', 'password'],
  });
  return (
    <section className={styles.section} aria-labelledby="email-heading">
      <h2 id="email-heading">{intl.formatMessage({ id: 'account.emailTitle' })}</h2>
      <p>{intl.formatMessage({ id: 'account.currentEmail' }, { email: user.email })}</p>
      {user.pendingEmail ? (
        <p role="status">
          {intl.formatMessage({ id: 'account.emailPending' }, { email: user.pendingEmail })}
        </p>
      ) : null}
      <ApiFormFrame api={api} submit="account.emailSubmit" compactSubmit>
        <EmailField form={api.form} label="account.newEmail" />
        <FormTextField
          form={api.form}
          name="password"
          label="account.currentPassword"
          type="password"
          autoComplete="current-password"
        />
      </ApiFormFrame>
    </section>
  );
}
