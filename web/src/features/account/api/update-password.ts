import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse, UpdatePasswordRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';
import { currentUserKey } from './current-user-key.ts';

/** `POST /api/users/update-password`, optionally signing out the other devices. */
export function updatePassword(input: UpdatePasswordRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/update-password', input);
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (answer) => queryClient.setQueryData(currentUserKey, answer),
  });
}
