import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse, UpdateEmailRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';
import { currentUserKey } from './current-user-key.ts';

/** `POST /api/users/update-email`: the new address waits for its e-mailed confirmation link. */
export function updateEmail(input: UpdateEmailRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/update-email', input);
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (answer) => queryClient.setQueryData(currentUserKey, answer),
  });
}
