import type { SearchResult, SearchResultResponse } from '@uniquair/contract/search';
import { apiFetch } from '../../../lib/api-client.ts';

export function searchResultUrl(hash: string): string {
  return `/api/search/result/${encodeURIComponent(hash)}`;
}

export type SearchResultAnswer =
  | {
      /** The result held by the client (its `ETag` was sent) is current. */
      readonly notModified: true;
      readonly maxAgeSeconds: number | null;
    }
  | {
      readonly notModified: false;
      readonly result: SearchResult;
      readonly etag: string | null;
      readonly lastModified: string | null;
      readonly maxAgeSeconds: number | null;
    };

/** `max-age` of a `Cache-Control` header: how many seconds the result stays valid. */
export function maxAgeOf(cacheControl: string | null): number | null {
  const match = /(?:^|,)\s*max-age=(\d+)\s*(?:,|$)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * `GET /api/search/result/{hash}` (SPEC §7), conditional: with the `ETag` of the result the
 * client holds, a 304 keeps it. `Cache-Control: max-age` says how long until the result expires.
 * A running search is 409, an expired one 410, a failed one 502 (`ApiError`).
 */
export async function getSearchResult(
  hash: string,
  { etag, signal }: { readonly etag?: string | null; readonly signal?: AbortSignal } = {},
): Promise<SearchResultAnswer> {
  const answer = await apiFetch<SearchResultResponse>(searchResultUrl(hash), {
    headers: etag ? { 'if-none-match': etag } : undefined,
    signal,
  });
  const maxAgeSeconds = maxAgeOf(answer.headers.get('cache-control'));
  if (answer.status === 304 || answer.data === undefined)
    return { notModified: true, maxAgeSeconds };
  return {
    notModified: false,
    result: answer.data.result,
    etag: answer.headers.get('etag'),
    lastModified: answer.headers.get('last-modified'),
    maxAgeSeconds,
  };
}
