import {
  UpdateEmailRequestSchema,
  type CurrentUser,
  type UpdateEmailRequest,
} from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { FormProblem, problemOf, useApiForm } from '../../../lib/api-form.tsx';
import { useUpdateEmail } from '../api/update-email.ts';
import styles from './account.module.css';

/**
 * A new e-mail address, with the password (`POST /api/users/update-email`): the address changes
 * once the link sent to it is opened.
 */
export function EmailForm({ user }: { readonly user: CurrentUser }) {
  const intl = useIntl();
  const update = useUpdateEmail();
  const { form, onSubmit, problem } = useApiForm<UpdateEmailRequest, UpdateEmailRequest>({
    schema: UpdateEmailRequestSchema,
    defaultValues: { email: '', password: '' },
    send: async (values, sent) => {
      await update.mutateAsync(values);
      sent.reset({ email: '', password: '' });
    },
    problem: (error) => problemOf(error, 'account.failed'),
    serverFields: ['email', 'password'],
  });
  const { errors } = form.formState;
  return (
    <section className={styles.section} aria-labelledby="email-heading">
      <h2 id="email-heading">{intl.formatMessage({ id: 'account.emailTitle' })}</h2>
      <p>{intl.formatMessage({ id: 'account.currentEmail' }, { email: user.email })}</p>
      {user.pendingEmail ? (
        <p role="status">
          {intl.formatMessage({ id: 'account.emailPending' }, { email: user.pendingEmail })}
        </p>
      ) : null}
      <form className={screenStyles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={intl.formatMessage({ id: 'account.newEmail' })}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'account.currentPassword' })}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormProblem problem={problem} />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {intl.formatMessage({ id: 'account.emailSubmit' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
