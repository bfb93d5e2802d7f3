import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/users/password/{token}/reset` with the new password twice (SPEC §7). */
export async function resetPassword(token: string, first: string, second: string): Promise<void> {
  await apiPost(
    `/api/users/password/${encodeURIComponent(token)}/reset`,
    { newPassword: { first, second } },
    { notifyUnauthorized: false },
  );
}
