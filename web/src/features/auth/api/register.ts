import type { CurrentUserResponse, RegisterRequest } from '@uniquair/contract/users';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /api/users/register` (SPEC §7). The answer is the same whether or not the address has an
 * account; the account is usable once the e-mailed link is opened.
 */
export function register(input: RegisterRequest): Promise<CurrentUserResponse> {
  return apiPost<CurrentUserResponse>('/api/users/register', input, { notifyUnauthorized: false });
}
