/**
 * The three calls of a search (SPEC §7): `POST /api/search/init`, `GET /api/search/status/{hash}`
 * and `GET /api/search/result/{hash}`. `search-run.ts` puts them together; nothing else calls
 * them.
 */
import type {
  SearchInitResponse,
  SearchParams,
  SearchResult,
  SearchResultResponse,
  SearchStatusResponse,
} from '@uniquair/contract/search';
import { SEARCH_STATUS_REQUEST_TIMEOUT_MS } from '@uniquair/domain/config/timings';
import { apiFetch, apiGet } from '../api-client.ts';

export const SEARCH_INIT_URL = '/api/search/init';

export function searchStatusUrl(hash: string): string {
  return `/api/search/status/${encodeURIComponent(hash)}`;
}

export function searchResultUrl(hash: string): string {
  return `/api/search/result/${encodeURIComponent(hash)}`;
}

interface Conditional {
  /** The `ETag` of the result the client holds: a 304 then says it is still current. */
  readonly etag?: string | null;
  readonly signal?: AbortSignal;
}

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
 * `POST /api/search/init`: starts the search or joins the identical one in flight. With the
 * `ETag` of a result the client holds, a 304 says that result is still current.
 */
export async function initSearch(
  params: SearchParams,
  { etag, signal }: Conditional = {},
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

/**
 * `GET /api/search/status/{hash}`: where a search stands, for polling. Each request gives up
 * after 15 s (SPEC §9), which the poller treats as "ask again".
 */
export function getSearchStatus(hash: string, signal?: AbortSignal): Promise<SearchStatusResponse> {
  return apiGet<SearchStatusResponse>(searchStatusUrl(hash), {
    signal,
    timeoutMs: SEARCH_STATUS_REQUEST_TIMEOUT_MS,
  });
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
 * `GET /api/search/result/{hash}`, conditional: with the `ETag` of the result the client holds,
 * a 304 keeps it. `Cache-Control: max-age` says how long until the result expires. A running
 * search is 409, an expired one 410, a failed one 502 (`ApiError`).
 */
export async function getSearchResult(
  hash: string,
  { etag, signal }: Conditional = {},
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
