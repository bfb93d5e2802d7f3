import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/users/login-link`: e-mails a sign-in link; the same answer for any address. */
export async function requestLoginLink(email: string): Promise<void> {
  await apiPost('/api/users/login-link', { email }, { notifyUnauthorized: false });
}
