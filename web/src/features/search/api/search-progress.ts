/**
 * A flight search from start to result (SPEC §4 "Search status", §7 "Search", §8, §9):
 *
 * 1. `POST /api/search/init`. A `done` answer with its result is used directly; an answer that
 *    is not a success (a refused search, no connection) ends the search with status `error`.
 * 2. Progress, until `done`, `error` or `expired`: server-sent events first
 *    (`/spp/search/ssestatus/{hash}`, events named `progress`), then the WebSocket
 *    (`/sp/search/status?hash=`), then polling (`/api/search/status/{hash}` every 100 ms, each
 *    request timing out after 15 s). A stream or socket that has not delivered its first message
 *    within 2 s is abandoned for the next method, and so is one that breaks before the search
 *    finishes. The server sends the current state as soon as a stream opens, so the first message
 *    is the proof that the stream really works (a proxy that buffers events "opens" the stream
 *    but delivers nothing). Polling retries after a timeout, a 408 or a broken connection; any
 *    other failure ends the search with status `error` and progress 0.
 * 3. After `done`, the result is fetched with `If-None-Match` when an earlier copy is held; a 304
 *    keeps that copy. `Cache-Control: max-age` says when the result expires.
 *
 * Identical searches in flight share one run: every caller gets the same outcome and the same
 * progress, and the run stops (streams closed, polling ended) only when every caller has gone.
 */
import type {
  SearchParams,
  SearchProgress,
  SearchResult,
  SearchStatus,
} from '@uniquair/contract/search';
import { SEARCH_POLL_RETRY_MS, SEARCH_STATUS_WAIT_CHECK_MS } from '@uniquair/domain/config/timings';
import { isApiError } from '../../../lib/api-client.ts';
import { getSearchResult } from './get-search-result.ts';
import { getSearchStatus } from './get-search-status.ts';
import { initSearch } from './init-search.ts';

export type ProgressTransport = 'sse' | 'websocket' | 'polling';

/** A progress report and where it came from (`init`: the answer that started the search). */
export interface ProgressUpdate extends SearchProgress {
  readonly transport: ProgressTransport | 'init';
}

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

/** What the progress transports are made of; the browser's own by default (tests pass fakes). */
export interface ProgressTransports {
  readonly EventSource?: typeof EventSource | undefined;
  readonly WebSocket?: typeof WebSocket | undefined;
  /** The page's protocol and host, for the socket's `ws:`/`wss:` URL. */
  readonly location?: { readonly protocol: string; readonly host: string };
  readonly pollStatus?: (hash: string, signal: AbortSignal) => Promise<SearchProgress>;
  /** Whether the browser believes it is online (polling waits for `online` when it is not). */
  readonly isOnline?: () => boolean;
}

const STATUSES: readonly SearchStatus[] = ['progress', 'done', 'error', 'expired'];

export function sseUrl(hash: string): string {
  return `/spp/search/ssestatus/${encodeURIComponent(hash)}`;
}

export function socketUrl(hash: string, location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/sp/search/status?hash=${encodeURIComponent(hash)}`;
}

/** Reads a progress message (`{"status","progress"}`); null for anything else. */
export function parseProgress(text: unknown): SearchProgress | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { status, progress } = value as { status?: unknown; progress?: unknown };
  if (!STATUSES.includes(status as SearchStatus)) return null;
  if (typeof progress !== 'number' || !Number.isInteger(progress) || progress < 0) return null;
  return { status: status as SearchStatus, progress: Math.min(progress, 100) };
}

function isFinished(status: SearchStatus): boolean {
  return status !== 'progress';
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The search was stopped.', 'AbortError');
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function untilOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      window.removeEventListener('online', done);
      reject(abortReason(signal));
    };
    window.addEventListener('online', done, { once: true });
    signal.addEventListener('abort', stop, { once: true });
  });
}

type Report = (update: ProgressUpdate) => void;

interface Resolved {
  readonly EventSource: typeof EventSource | undefined;
  readonly WebSocket: typeof WebSocket | undefined;
  readonly location: { readonly protocol: string; readonly host: string };
  readonly pollStatus: (hash: string, signal: AbortSignal) => Promise<SearchProgress>;
  readonly isOnline: () => boolean;
}

function resolveTransports(given: ProgressTransports): Resolved {
  return {
    EventSource: 'EventSource' in given ? given.EventSource : globalThis.EventSource,
    WebSocket: 'WebSocket' in given ? given.WebSocket : globalThis.WebSocket,
    location: given.location ?? window.location,
    pollStatus:
      given.pollStatus ??
      (async (hash, signal) => {
        const { status, progress } = await getSearchStatus(hash, signal);
        return { status, progress };
      }),
    isOnline: given.isOnline ?? (() => navigator.onLine !== false),
  };
}

/**
 * Follows one push transport: resolves with the finished progress, or null when the transport
 * did not deliver a first message within 2 s or broke before the search finished.
 */
function followStream(
  transport: 'sse' | 'websocket',
  hash: string,
  env: Resolved,
  report: Report,
  signal: AbortSignal,
): Promise<SearchProgress | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let closeStream: () => void = () => undefined;
    const settle = (value: SearchProgress | null, error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      closeStream();
      if (error === undefined) resolve(value);
      else reject(error);
    };
    const onAbort = () => settle(null, abortReason(signal));
    const timer = setTimeout(() => settle(null), SEARCH_STATUS_WAIT_CHECK_MS);
    signal.addEventListener('abort', onAbort, { once: true });
    const receive = (data: unknown) => {
      if (settled) return;
      const progress = parseProgress(data);
      if (!progress) return;
      clearTimeout(timer);
      report({ ...progress, transport });
      if (isFinished(progress.status)) settle(progress);
    };

    try {
      if (transport === 'sse') {
        if (!env.EventSource) {
          settle(null);
          return;
        }
        const source = new env.EventSource(sseUrl(hash));
        closeStream = () => source.close();
        source.addEventListener('progress', (event) => receive(event.data));
        source.addEventListener('error', () => settle(null));
      } else {
        if (!env.WebSocket) {
          settle(null);
          return;
        }
        const socket = new env.WebSocket(socketUrl(hash, env.location));
        closeStream = () => {
          // Closing a socket that is still connecting makes the browser log an error; it is
          // closed as soon as it opens instead.
          if (socket.readyState === socket.CONNECTING) {
            socket.addEventListener('open', () => socket.close(1000));
          } else if (socket.readyState === socket.OPEN) {
            socket.close(1000);
          }
        };
        socket.addEventListener('message', (event) => receive(event.data));
        socket.addEventListener('close', () => settle(null));
        socket.addEventListener('error', () => settle(null));
      }
    } catch {
      // A URL the browser refuses, or a blocked constructor: try the next method.
      settle(null);
    }
  });
}

function isRetryablePollFailure(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'TIMEOUT' || error.code === 'NETWORK_ERROR' || error.status === 408)
  );
}

async function poll(
  hash: string,
  env: Resolved,
  report: Report,
  signal: AbortSignal,
): Promise<SearchProgress> {
  for (;;) {
    try {
      const progress = await env.pollStatus(hash, signal);
      report({ status: progress.status, progress: progress.progress, transport: 'polling' });
      if (isFinished(progress.status)) return progress;
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      if (!isRetryablePollFailure(error)) return { status: 'error', progress: 0 };
      if (!env.isOnline()) await untilOnline(signal);
    }
    await delay(SEARCH_POLL_RETRY_MS, signal);
  }
}

/**
 * Follows a search's progress until it finishes: SSE, else WebSocket, else polling (see the
 * module comment). Rejects only when `signal` aborts.
 */
export async function followProgress(
  hash: string,
  report: Report,
  signal: AbortSignal,
  transports: ProgressTransports = {},
): Promise<SearchProgress> {
  const env = resolveTransports(transports);
  for (const transport of ['sse', 'websocket'] as const) {
    const finished = await followStream(transport, hash, env, report, signal);
    if (finished) return finished;
    if (signal.aborted) throw abortReason(signal);
  }
  return poll(hash, env, report, signal);
}

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
  return `${legs}|${adults}.${children}.${infants}`;
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
    return { status: 'done', ...fresh, expiresAt: null };
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
// Runs in flight, shared by identical searches, and their progress for the page.

interface Run {
  readonly promise: Promise<SearchOutcome>;
  readonly controller: AbortController;
  readonly listeners: Set<Report>;
  callers: number;
  settled: boolean;
}

const runs = new Map<string, Run>();
const latestProgress = new Map<string, ProgressUpdate>();
const progressListeners = new Set<() => void>();
let progressVersion = 0;

function publish(key: string, update: ProgressUpdate): void {
  const previous = latestProgress.get(key);
  // Progress never goes back while the search runs (a new transport may start from its own view).
  const progress =
    update.status === 'progress' && previous?.status === 'progress'
      ? Math.max(previous.progress, update.progress)
      : update.progress;
  latestProgress.set(key, { ...update, progress });
  progressVersion += 1;
  for (const listener of progressListeners) listener();
}

/** The last progress of the search with this key (see {@link searchKey}), if it has run. */
export function searchProgressOf(key: string): ProgressUpdate | undefined {
  return latestProgress.get(key);
}

/** A number that changes whenever any progress changes (a snapshot for `useSyncExternalStore`). */
export function searchProgressVersion(): number {
  return progressVersion;
}

/** Calls `listener` whenever the progress of any search changes; returns an unsubscribe. */
export function subscribeSearchProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

export interface RunSearchOptions {
  /** Stops waiting; the run itself stops when every caller has stopped. */
  readonly signal?: AbortSignal;
  readonly onProgress?: Report;
  readonly transports?: ProgressTransports;
}

function start(key: string, params: SearchParams, transports: ProgressTransports): Run {
  const controller = new AbortController();
  const listeners = new Set<Report>();
  const report: Report = (update) => {
    publish(key, update);
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
      publish(key, { status: 'done', progress: 100, transport: 'init' });
    else if (outcome.status === 'error')
      publish(key, { status: 'error', progress: 0, transport: 'init' });
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
 * Runs a search to its outcome (see the module comment), joining the identical search if one is
 * in flight. Rejects only when `signal` aborts.
 */
export function runSearch(
  params: SearchParams,
  { signal, onProgress, transports = {} }: RunSearchOptions = {},
): Promise<SearchOutcome> {
  const key = searchKey(params);
  let run = runs.get(key);
  if (!run) {
    run = start(key, params, transports);
    runs.set(key, run);
  }
  return join(run, signal, onProgress);
}

/** How many runs are in flight (identical searches count once). */
export function searchesInFlight(): number {
  return runs.size;
}

/** Forgets every held result, progress and run (sign-out; tests). Runs in flight are stopped. */
export function clearSearchState(): void {
  for (const run of runs.values()) run.controller.abort();
  runs.clear();
  heldResults.clear();
  hashesByKey.clear();
  latestProgress.clear();
  progressVersion += 1;
  for (const listener of progressListeners) listener();
}
