import { EmailRequestSchema } from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useZodResolver } from '../../../lib/form-resolver.ts';
import { recover } from '../api/recover.ts';
import { FormProblem, problemOf } from './form-problem.tsx';

/**
 * `/recover` (SPEC §2 "forgot/recover password"): sends a recovery link; the answer is the same
 * whether or not the address has an account.
 */
export function RecoverScreen() {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const form = useForm<z.input<typeof EmailRequestSchema>, unknown, { email: string }>({
    resolver: useZodResolver(EmailRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await recover(email);
      setSent(true);
    } catch (error) {
      setProblem(problemOf(error, 'auth.failed'));
    }
  });
  return (
    <Screen title={intl.formatMessage({ id: 'auth.recoverTitle' })}>
      {sent ? (
        <p role="status">{intl.formatMessage({ id: 'auth.recoverSent' })}</p>
      ) : (
        <form className={screenStyles.form} onSubmit={(event) => void submit(event)} noValidate>
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
