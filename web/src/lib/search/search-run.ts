/**
 * The web app's one search client (SPEC §4 "Search status", §7 "Search", §8, §9), used by the
 * results pages, the basket and the booking flow alike:
 *
 * 1. `POST /api/search/init`. A `done` answer with its result is used directly, with its expiry
 *    (`expiresIn`); an answer that is not a success (a refused search, no connection) ends the
 *    search with status `error`.
 * 2. Progress until `done`, `error` or `expired`: SSE, else WebSocket, else polling
 *    (`progress-transports.ts`). Each report goes into the TanStack Query cache under
 *    {@link searchProgressQueryKey}, where any screen reads it with {@link useSearchProgress}.
 * 3. After `done`, the result is fetched with `If-None-Match` when an earlier copy is held; a 304
 *    keeps that copy. `Cache-Control: max-age` says when the result expires.
 *
 * Identical searches in flight share one run: every caller gets the same outcome and the same
 * progress, and the run stops (streams closed, polling ended) only when every caller has gone.
 */
import { skipToken, useQueries, type QueryClient } from '@tanstack/react-query';
import type { SearchParams, SearchProgress, SearchResult } from '@uniquair/contract/search';
import { isApiError } from '../api-client.ts';
import {
  abortReason,
  followProgress,
  type ProgressTransports,
  type ProgressUpdate,
  type Report,
} from './progress-transports.ts';
import { getSearchResult, initSearch } from './search-requests.ts';

/**
 * Why a search ended without a result: `invalid` the server refused the parameters (400),
 * `busy` too many searches (429), `offline` no answer at all, `failed` the search itself failed.
 */
export type SearchFailure = 'invalid' | 'busy' | 'offline' | 'failed';

export interface HeldResult {
  readonly hash: string;
  readonly result: SearchResult;
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type SearchOutcome =
  | (HeldResult & {
      readonly status: 'done';
      /** When the result expires (ms since the epoch), or null while that is not known. */
      readonly expiresAt: number | null;
    })
  | {
      readonly status: 'error';
      readonly hash: string | null;
      readonly progress: 0;
      readonly failure: SearchFailure;
      /** The server's messages by field, for a refused search. */
      readonly errors: Readonly<Record<string, readonly string[]>>;
    }
  | { readonly status: 'expired'; readonly hash: string };

// ---------------------------------------------------------------------------------------------
// Results held by this page: by hash, with their validators, for conditional requests.

const MAX_HELD_RESULTS = 40;
const heldResults = new Map<string, HeldResult>();
/** The hash each search (by its key) had last time. */
const hashesByKey = new Map<string, string>();

function hold(held: HeldResult): HeldResult {
  heldResults.delete(held.hash);
  heldResults.set(held.hash, held);
  while (heldResults.size > MAX_HELD_RESULTS) {
    const oldest = heldResults.keys().next().value;
    if (oldest === undefined) break;
    heldResults.delete(oldest);
  }
  return held;
}

/** Drops a result known to have expired, so that it is never offered to the server again. */
export function forgetResult(hash: string): void {
  heldResults.delete(hash);
}

/** The same search always has the same key: its legs in order and its passenger counts. */
export function searchKey(params: SearchParams): string {
  const { adults, children, infants } = params.passengers;
  const legs = params.destinations.map((leg) => `${leg.route}.${leg.date}`).join('/');
  // A search with checked bags is a search of its own (its prices are all-in).
  const bags = params.bags ? `|bags${params.bags}` : '';
  return `${legs}|${adults}.${children}.${infants}${bags}`;
}

function failureOf(hash: string | null, error: unknown): SearchOutcome {
  let failure: SearchFailure = 'failed';
  let errors: Readonly<Record<string, readonly string[]>> = {};
  if (isApiError(error)) {
    if (error.isNetworkError) failure = 'offline';
    else if (error.status === 429) failure = 'busy';
    else if (error.status === 400) {
      failure = 'invalid';
      errors = error.errors;
    }
  }
  return { status: 'error', hash, progress: 0, failure, errors };
}

function expiryOf(maxAgeSeconds: number | null): number | null {
  return maxAgeSeconds === null ? null : Date.now() + maxAgeSeconds * 1000;
}

/**
 * Fetches a done search's result, conditionally when a copy is held: a 304 keeps the copy. Also
 * tells when the result expires. A result that has expired (410) gives `expired`.
 */
export async function fetchSearchResult(
  hash: string,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  const held = heldResults.get(hash);
  try {
    let answer = await getSearchResult(hash, { etag: held?.etag, signal });
    if (answer.notModified && !held) answer = await getSearchResult(hash, { signal });
    if (answer.notModified) {
      if (!held) return failureOf(hash, null);
      return { status: 'done', ...held, expiresAt: expiryOf(answer.maxAgeSeconds) };
    }
    const fresh = hold({
      hash,
      result: answer.result,
      etag: answer.etag,
      lastModified: answer.lastModified,
    });
    return { status: 'done', ...fresh, expiresAt: expiryOf(answer.maxAgeSeconds) };
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (isApiError(error) && (error.status === 410 || error.code === 'SEARCH_EXPIRED')) {
      forgetResult(hash);
      return { status: 'expired', hash };
    }
    return failureOf(hash, error);
  }
}

async function execute(
  key: string,
  params: SearchParams,
  report: Report,
  signal: AbortSignal,
  transports: ProgressTransports,
): Promise<SearchOutcome> {
  const knownHash = hashesByKey.get(key);
  const held = knownHash === undefined ? undefined : heldResults.get(knownHash);
  let answer;
  try {
    answer = await initSearch(params, { etag: held?.etag, signal });
    if (answer.notModified && !held) answer = await initSearch(params, { signal });
  } catch (error) {
    if (signal.aborted) throw abortReason(signal);
    return failureOf(null, error);
  }
  if (answer.notModified) {
    if (!held) return failureOf(null, null);
    report({ status: 'done', progress: 100, transport: 'init' });
    return { status: 'done', ...held, expiresAt: null };
  }

  const { body } = answer;
  hashesByKey.set(key, body.hash);
  report({ status: body.status, progress: body.progress, transport: 'init' });
  if (body.status === 'done' && body.result) {
    const fresh = hold({
      hash: body.hash,
      result: body.result,
      etag: answer.etag,
      lastModified: answer.lastModified,
    });
    return { status: 'done', ...fresh, expiresAt: expiryOf(body.expiresIn ?? null) };
  }
  let finished: SearchProgress = body;
  if (body.status === 'progress') {
    finished = await followProgress(body.hash, report, signal, transports);
  }
  if (finished.status === 'error') return failureOf(body.hash, null);
  if (finished.status === 'expired') {
    forgetResult(body.hash);
    return { status: 'expired', hash: body.hash };
  }
  return fetchSearchResult(body.hash, signal);
}

// ---------------------------------------------------------------------------------------------
// Runs in flight, shared by identical searches; their progress in the query cache.

/** Where the progress of a search (by its parameters) is kept in the query cache. */
export function searchProgressQueryKey(params: SearchParams) {
  return ['search-progress', searchKey(params)] as const;
}

function publish(queryClient: QueryClient, params: SearchParams, update: ProgressUpdate): void {
  queryClient.setQueryData<ProgressUpdate>(searchProgressQueryKey(params), (previous) => {
    // Progress never goes back while the search runs (a new transport may start from its own
    // view).
    const progress =
      update.status === 'progress' && previous?.status === 'progress'
        ? Math.max(previous.progress, update.progress)
        : update.progress;
    return { ...update, progress };
  });
}

/**
 * The last progress of each of these searches, if it has run, from the query cache: the screen
 * renders again whenever one of them changes.
 */
export function useSearchProgress(
  params: readonly SearchParams[],
): readonly (ProgressUpdate | undefined)[] {
  return useQueries({
    queries: params.map((search) => ({
      queryKey: searchProgressQueryKey(search),
      // Written by the runs only (`setQueryData`), never fetched.
      queryFn: skipToken,
      staleTime: Infinity,
    })),
    combine: (results) => results.map((result) => result.data as ProgressUpdate | undefined),
  });
}

interface Run {
  readonly promise: Promise<SearchOutcome>;
  readonly controller: AbortController;
  readonly listeners: Set<Report>;
  callers: number;
  settled: boolean;
}

const runs = new Map<string, Run>();

export interface RunSearchOptions {
  /** Where the progress is kept (see {@link searchProgressQueryKey}). */
  readonly queryClient: QueryClient;
  /** Stops waiting; the run itself stops when every caller has stopped. */
  readonly signal?: AbortSignal;
  readonly onProgress?: Report;
  readonly transports?: ProgressTransports;
}

function start(
  key: string,
  params: SearchParams,
  queryClient: QueryClient,
  transports: ProgressTransports,
): Run {
  const controller = new AbortController();
  const listeners = new Set<Report>();
  const report: Report = (update) => {
    publish(queryClient, params, update);
    for (const listener of listeners) listener(update);
  };
  report({ status: 'progress', progress: 0, transport: 'init' });
  const run: Run = {
    promise: execute(key, params, report, controller.signal, transports),
    controller,
    listeners,
    callers: 0,
    settled: false,
  };
  const finish = () => {
    run.settled = true;
    if (runs.get(key) === run) runs.delete(key);
  };
  run.promise.then((outcome) => {
    finish();
    if (outcome.status === 'done')
      publish(queryClient, params, { status: 'done', progress: 100, transport: 'init' });
    else if (outcome.status === 'error')
      publish(queryClient, params, { status: 'error', progress: 0, transport: 'init' });
  }, finish);
  return run;
}

function join(run: Run, signal?: AbortSignal, onProgress?: Report): Promise<SearchOutcome> {
  run.callers += 1;
  if (onProgress) run.listeners.add(onProgress);
  return new Promise<SearchOutcome>((resolve, reject) => {
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      run.callers -= 1;
      if (onProgress) run.listeners.delete(onProgress);
      signal?.removeEventListener('abort', onAbort);
      if (run.callers === 0 && !run.settled) run.controller.abort();
    };
    const onAbort = () => {
      leave();
      if (signal) reject(abortReason(signal));
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    run.promise.then(
      (outcome) => {
        leave();
        resolve(outcome);
      },
      (error: unknown) => {
        leave();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Runs a search to its outcome (see the comment at the top), joining the identical search if one
 * is in flight. Rejects only when `signal` aborts.
 */
export function runSearch(
  params: SearchParams,
  { queryClient, signal, onProgress, transports = {} }: RunSearchOptions,
): Promise<SearchOutcome> {
  const key = searchKey(params);
  let run = runs.get(key);
  if (!run) {
    run = start(key, params, queryClient, transports);
    runs.set(key, run);
  }
  return join(run, signal, onProgress);
}

/** How many runs are in flight (identical searches count once). */
export function searchesInFlight(): number {
  return runs.size;
}

/**
 * Forgets every held result and run (sign-out; tests). Runs in flight are stopped; their progress
 * goes with the query cache.
 */
export function clearSearchState(): void {
  for (const run of runs.values()) run.controller.abort();
  runs.clear();
  heldResults.clear();
  hashesByKey.clear();
}
