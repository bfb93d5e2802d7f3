import type { CurrentUserResponse, SignInRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/users/sign-in` (SPEC §7); answers with the signed-in user. */
export function signIn(input: SignInRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/sign-in', input, { notifyUnauthorized: false });
}
