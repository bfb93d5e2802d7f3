import {
  UpdateEmailRequestSchema,
  type CurrentUser,
  type UpdateEmailRequest,
} from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useZodResolver } from '../../../lib/form-resolver.ts';
import { useUpdateEmail } from '../api/update-email.ts';
import styles from './account.module.css';
import { serverFieldErrors } from './server-field-errors.ts';

/**
 * A new e-mail address, with the password (`POST /api/users/update-email`): the address changes
 * once the link sent to it is opened.
 */
export function EmailForm({ user }: { readonly user: CurrentUser }) {
  const intl = useIntl();
  const update = useUpdateEmail();
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const form = useForm<UpdateEmailRequest, unknown, UpdateEmailRequest>({
    resolver: useZodResolver(UpdateEmailRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await update.mutateAsync(values);
      form.reset({ email: '', password: '' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      for (const [field, id] of Object.entries(fields)) {
        if (field === 'email' || field === 'password') {
          form.setError(field, { message: intl.formatMessage({ id }) });
        }
      }
      if (Object.keys(fields).length === 0) {
        setProblem(
          isApiError(error) && error.isNetworkError ? 'auth.unableToConnect' : 'account.failed',
        );
      }
    }
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
      <form className={screenStyles.form} onSubmit={(event) => void submit(event)} noValidate>
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
        {problem ? (
          <p role="alert" className={screenStyles.problem}>
            {intl.formatMessage({ id: problem })}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {intl.formatMessage({ id: 'account.emailSubmit' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
