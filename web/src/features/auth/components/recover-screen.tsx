import { EmailRequestSchema } from '@uniquair/contract/users';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { FormProblem, useApiForm } from '../../../lib/api-form.tsx';
import { recover } from '../api/recover.ts';

/**
 * `/recover` (SPEC §2 "forgot/recover password"): sends a recovery link; the answer is the same
 * whether or not the address has an account.
 */
export function RecoverScreen() {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const { form, onSubmit, problem } = useApiForm<
    z.input<typeof EmailRequestSchema>,
    { email: string }
  >({
    schema: EmailRequestSchema,
    defaultValues: { email: '' },
    send: async ({ email }) => {
      await recover(email);
      setSent(true);
    },
  });
  return (
    <Screen title={intl.formatMessage({ id: 'auth.recoverTitle' })}>
      {sent ? (
        <p role="status">{intl.formatMessage({ id: 'auth.recoverSent' })}</p>
      ) : (
        <form className={screenStyles.form} onSubmit={onSubmit} noValidate>
          <TextInput
            label={intl.formatMessage({ id: 'auth.email' })}
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <FormProblem problem={problem} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {intl.formatMessage({ id: 'auth.recoverSubmit' })}
          </Button>
        </form>
      )}
    </Screen>
  );
}
