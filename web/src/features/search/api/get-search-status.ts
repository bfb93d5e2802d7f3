import type { SearchStatusResponse } from '@uniquair/contract/search';
import { SEARCH_STATUS_REQUEST_TIMEOUT_MS } from '@uniquair/domain/config/timings';
import { apiGet } from '../../../lib/api-client.ts';

export function searchStatusUrl(hash: string): string {
  return `/api/search/status/${encodeURIComponent(hash)}`;
}

/**
 * `GET /api/search/status/{hash}` (SPEC §7): where a search stands, for polling. Each request
 * gives up after 15 s (SPEC §9), which the poller treats as "ask again".
 */
export function getSearchStatus(hash: string, signal?: AbortSignal): Promise<SearchStatusResponse> {
  return apiGet<SearchStatusResponse>(searchStatusUrl(hash), {
    signal,
    timeoutMs: SEARCH_STATUS_REQUEST_TIMEOUT_MS,
  });
}
