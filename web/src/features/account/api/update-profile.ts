import type { CurrentUserResponse, UpdateProfileRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';
import { useCurrentUserMutation } from './current-user-mutation.ts';

/** `POST /api/users/update-profile`: names, title and notification preference. */
export function updateProfile(input: UpdateProfileRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/update-profile', input);
}

export function useUpdateProfile() {
  return useCurrentUserMutation(updateProfile);
}
