import type { CurrentUserResponse } from '@uniquair/contract/users';
import { apiFetch } from '../../../lib/api-client.ts';
import { useCurrentUserMutation } from './current-user-mutation.ts';

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
  return useCurrentUserMutation(uploadAvatar);
}
