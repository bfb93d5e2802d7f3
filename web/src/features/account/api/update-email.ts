import type { CurrentUserResponse, UpdateEmailRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';
import { useCurrentUserMutation } from './current-user-mutation.ts';

/** `POST /api/users/update-email`: the new address waits for its e-mailed confirmation link. */
export function updateEmail(input: UpdateEmailRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/update-email', input);
}

export function useUpdateEmail() {
  return useCurrentUserMutation(updateEmail);
}
