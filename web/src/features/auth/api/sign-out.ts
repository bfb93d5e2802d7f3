import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { clearPersonalData } from '../../../lib/device-data.ts';
import { ANONYMOUS, currentUserQueryOptions } from './get-current-user.ts';

/**
 * Forgets the signed-in visitor in the browser (SPEC §4): the user, every cached answer that
 * belongs to them, the bookings and search data kept on the device, and the service worker's
 * Cache Storage. Used after sign-out and when the server answers `401`.
 */
export async function forgetUser(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(currentUserQueryOptions().queryKey, ANONYMOUS);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'data' && query.queryKey[0] !== 'users',
  });
  await clearPersonalData();
}

/** `POST /api/users/sign-out`; the browser forgets the user whether or not the server answers. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiPost('/api/users/sign-out', undefined, { notifyUnauthorized: false });
  } catch {
    // Signed out locally all the same; the server session expires on its own.
  }
  await forgetUser(queryClient);
}
