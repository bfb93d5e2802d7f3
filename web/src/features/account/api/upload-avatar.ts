import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@uniquair/contract/users';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentUserKey } from './current-user-key.ts';

/** `POST /api/users/upload-avatar`: a multipart form with the image in the field `avatar`. */
export async function uploadAvatar(file: File): Promise<CurrentUserResponse> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const response = await apiFetch<CurrentUserResponse>('/api/users/upload-avatar', {
    method: 'POST',
    body: form,
  });
  return response.data as CurrentUserResponse;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (answer) => queryClient.setQueryData(currentUserKey, answer),
  });
}
