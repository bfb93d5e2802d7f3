import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse, UpdateProfileRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';
import { currentUserKey } from './current-user-key.ts';

/** `POST /api/users/update-profile`: names, title and notification preference. */
export function updateProfile(input: UpdateProfileRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/update-profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => queryClient.setQueryData(currentUserKey, answer),
  });
}
