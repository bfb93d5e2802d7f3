import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/users/recover` with the e-mail address (SPEC §7). */
export async function recover(email: string): Promise<void> {
  await apiPost('/api/users/recover', { email }, { notifyUnauthorized: false });
}
