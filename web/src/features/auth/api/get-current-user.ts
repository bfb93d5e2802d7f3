import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@uniquair/contract/users';
import { apiGet, isApiError } from '../../../lib/api-client.ts';

export const ANONYMOUS: CurrentUserResponse = { success: true, isLogged: false, user: null };

/**
 * `GET /api/users/current` (SPEC §7). Not signed in (401), no such endpoint (404) and
 * `{isLogged: false}` all mean an anonymous visitor. Other failures reject, so the caller can
 * fall back to what it knew.
 */
export async function getCurrentUser(): Promise<CurrentUserResponse> {
  try {
    const answer = await apiGet<CurrentUserResponse>('/api/users/current', {
      notifyUnauthorized: false,
    });
    return answer?.isLogged && answer.user ? answer : ANONYMOUS;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) return ANONYMOUS;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'current'],
    queryFn: getCurrentUser,
    retry: false,
    // Offline the last answer stands; the server is asked again once back online.
    networkMode: 'online',
  });

/**
 * How old an answer may be and still count as asked afresh: the start-up's own answer, when a
 * guarded page is the first one opened and its gate asks right after.
 */
const FRESH_ANSWER_MS = 2_000;

/**
 * Who the visitor is, asked afresh when online (start-up, guarded routes): an answer of the last
 * two seconds is used as it is. Offline, or when the server cannot answer, the last known answer
 * stands, and anonymous when there is none.
 */
export async function fetchCurrentUser(queryClient: QueryClient): Promise<CurrentUserResponse> {
  const known = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  if (!navigator.onLine) return known ?? ANONYMOUS;
  try {
    return await queryClient.fetchQuery({
      ...currentUserQueryOptions(),
      staleTime: FRESH_ANSWER_MS,
    });
  } catch {
    return known ?? ANONYMOUS;
  }
}

export function useCurrentUser(): CurrentUserResponse {
  const { data } = useQuery(currentUserQueryOptions());
  return data ?? ANONYMOUS;
}
