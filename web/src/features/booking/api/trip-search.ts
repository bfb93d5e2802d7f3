import type {
  SearchInitResponse,
  SearchParams,
  SearchResult,
  SearchResultResponse,
  SearchStatusResponse,
} from '@uniquair/contract/search';
import {
  SEARCH_POLL_RETRY_MS,
  SEARCH_STATUS_REQUEST_TIMEOUT_MS,
} from '@uniquair/domain/config/timings';
import { ApiError, apiGet, apiPost, isApiError } from '../../../lib/api-client.ts';

/**
 * The search the booking is made from: ONE search with every leg of the trip and its passengers
 * (`POST /api/search/init`), so that one search hash names all the chosen flights. A search is
 * deterministic and cached by the server, so a trip searched again joins the stored result.
 * Progress is polled (`GET /api/search/status/{hash}` every 100 ms, each request timing out
 * after 15 s and asked again), then the result is read (`GET /api/search/result/{hash}`).
 */

export interface TripSearch {
  readonly hash: string;
  readonly result: SearchResult;
}

/** The search ended without a result: `expired` (search again) or `error`. */
export class TripSearchError extends Error {
  override readonly name = 'TripSearchError';
  constructor(readonly status: 'expired' | 'error') {
    super(`The trip search ended with status ${status}`);
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });
}

/** Whether a status request is worth asking again: a timeout, a 408 or a broken connection. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 408);
}

async function waitUntilFinished(hash: string, signal?: AbortSignal): Promise<void> {
  for (;;) {
    let status: SearchStatusResponse;
    try {
      status = await apiGet<SearchStatusResponse>(
        `/api/search/status/${encodeURIComponent(hash)}`,
        { signal, timeoutMs: SEARCH_STATUS_REQUEST_TIMEOUT_MS },
      );
    } catch (error) {
      if (signal?.aborted || !isTransient(error)) throw error;
      await wait(SEARCH_POLL_RETRY_MS, signal);
      continue;
    }
    if (status.status === 'done') return;
    if (status.status === 'expired' || status.status === 'error') {
      throw new TripSearchError(status.status);
    }
    await wait(SEARCH_POLL_RETRY_MS, signal);
  }
}

/** Runs (or joins) the trip's search and resolves with its hash and result. */
export async function searchTrip(params: SearchParams, signal?: AbortSignal): Promise<TripSearch> {
  const init = await apiPost<SearchInitResponse>('/api/search/init', params, { signal });
  if (init.status === 'done' && init.result) return { hash: init.hash, result: init.result };
  if (init.status === 'expired' || init.status === 'error') throw new TripSearchError(init.status);
  if (init.status !== 'done') await waitUntilFinished(init.hash, signal);
  try {
    const answer = await apiGet<SearchResultResponse>(
      `/api/search/result/${encodeURIComponent(init.hash)}`,
      { signal },
    );
    return { hash: init.hash, result: answer.result };
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) throw new TripSearchError('expired');
    throw error;
  }
}
