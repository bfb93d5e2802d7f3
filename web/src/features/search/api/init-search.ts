import type { SearchInitResponse, SearchParams } from '@uniquair/contract/search';
import { apiFetch } from '../../../lib/api-client.ts';

export const SEARCH_INIT_URL = '/api/search/init';

export type InitSearchAnswer =
  /** The result the client holds (sent as `If-None-Match`) is current. */
  | { readonly notModified: true }
  | {
      readonly notModified: false;
      readonly body: SearchInitResponse;
      /** Validators of a done result (sent with `status: "done"`), else null. */
      readonly etag: string | null;
      readonly lastModified: string | null;
    };

/**
 * `POST /api/search/init` (SPEC §7): starts the search or joins the identical one in flight. With
 * the `ETag` of a result the client holds, a 304 says that result is still current.
 */
export async function initSearch(
  params: SearchParams,
  { etag, signal }: { readonly etag?: string | null; readonly signal?: AbortSignal } = {},
): Promise<InitSearchAnswer> {
  const answer = await apiFetch<SearchInitResponse>(SEARCH_INIT_URL, {
    method: 'POST',
    body: params,
    headers: etag ? { 'if-none-match': etag } : undefined,
    signal,
  });
  if (answer.status === 304 || answer.data === undefined) return { notModified: true };
  return {
    notModified: false,
    body: answer.data,
    etag: answer.headers.get('etag'),
    lastModified: answer.headers.get('last-modified'),
  };
}
