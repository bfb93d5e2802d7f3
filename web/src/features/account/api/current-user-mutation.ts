import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@uniquair/contract/users';
import { currentUserKey } from './current-user-key.ts';

/**
 * A mutation of the signed-in user's account: the server answers with the updated user, which
 * replaces the cached current user so the whole shell shows the change at once.
 */
export function useCurrentUserMutation<Input>(
  mutationFn: (input: Input) => Promise<CurrentUserResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => queryClient.setQueryData(currentUserKey, answer),
  });
}
