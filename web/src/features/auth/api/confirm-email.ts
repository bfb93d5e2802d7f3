import type { CurrentUserResponse } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/users/email/{token}/confirm`: confirms an address (once) and signs in. */
export function confirmEmail(token: string): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>(
    `/api/users/email/${encodeURIComponent(token)}/confirm`,
    undefined,
    { notifyUnauthorized: false },
  );
}
