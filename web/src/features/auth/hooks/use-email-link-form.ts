import { EmailRequestSchema } from '@uniquair/contract/users';
import { useState } from 'react';
import type { z } from 'zod';
import { useApiForm } from '../../../lib/api-form.tsx';

/**
 * The form of one e-mail address that asks the server to mail a link to it (sign-in or
 * recovery link); `sent` once the server took it, so the screen can say where to look.
 */
export function useEmailLinkForm(request: (email: string) => Promise<unknown>) {
  const [sent, setSent] = useState(false);
  const api = useApiForm<z.input<typeof EmailRequestSchema>, { email: string }>({
    schema: EmailRequestSchema,
    defaultValues: { email: '' },
    send: async ({ email }) => {
      await request(email);
      setSent(true);
    },
  });
  return { api, sent };
}
