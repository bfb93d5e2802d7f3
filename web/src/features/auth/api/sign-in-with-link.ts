import type { CurrentUserResponse } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/users/{token}/login`: uses an e-mailed sign-in link (once). */
export function signInWithLink(token: string): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>(`/api/users/${encodeURIComponent(token)}/login`, undefined, {
    notifyUnauthorized: false,
  });
}
