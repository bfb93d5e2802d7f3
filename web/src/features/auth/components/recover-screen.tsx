import { EmailRequestSchema } from '@uniquair/contract/users';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { Screen } from '../../../components/layouts/screen.tsx';
import { ApiFormFrame, EmailField, useApiForm } from '../../../lib/api-form.tsx';
import { recover } from '../api/recover.ts';

/**
 * `/recover` (SPEC §2 "forgot/recover password"): sends a recovery link; the answer is the same
 * whether or not the address has an account.
 */
export function RecoverScreen() {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const api = useApiForm<z.input<typeof EmailRequestSchema>, { email: string }>({
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
        <ApiFormFrame api={api} submit="auth.recoverSubmit">
          <EmailField form={api.form} />
        </ApiFormFrame>
      )}
    </Screen>
  );
}
