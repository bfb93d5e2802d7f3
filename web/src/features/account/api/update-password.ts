import type { CurrentUserResponse, UpdatePasswordRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';
import { useCurrentUserMutation } from './current-user-mutation.ts';

/** `POST /api/users/update-password`, optionally signing out the other devices. */
export function updatePassword(input: UpdatePasswordRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/update-password', input);
}

export function useUpdatePassword() {
  return useCurrentUserMutation(updatePassword);
}
