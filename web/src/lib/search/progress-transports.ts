/**
 * A search's progress until it finishes (SPEC §4 "Search status", §8, §9): server-sent events
 * first (`/spp/search/ssestatus/{hash}`, events named `progress`), then the WebSocket
 * (`/sp/search/status?hash=`), then polling (`/api/search/status/{hash}` every 100 ms, each
 * request timing out after 15 s). A stream or socket that has not delivered its first message
 * within 2 s is abandoned for the next method, and so is one that breaks before the search
 * finishes. The server sends the current state as soon as a stream opens, so the first message
 * is the proof that the stream really works (a proxy that buffers events "opens" the stream but
 * delivers nothing). Polling retries after a timeout, a 408 or a broken connection; any other
 * failure ends the search with status `error` and progress 0.
 */
import type { SearchProgress, SearchStatus } from '@uniquair/contract/search';
import { SEARCH_POLL_RETRY_MS, SEARCH_STATUS_WAIT_CHECK_MS } from '@uniquair/domain/config/timings';
import { isApiError } from '../api-client.ts';
import { getSearchStatus } from './search-requests.ts';

export type ProgressTransport = 'sse' | 'websocket' | 'polling';

/** A progress report and where it came from (`init`: the answer that started the search). */
export interface ProgressUpdate extends SearchProgress {
  readonly transport: ProgressTransport | 'init';
}

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

export function abortReason(signal: AbortSignal): Error {
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

export type Report = (update: ProgressUpdate) => void;

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
 * comment at the top). Rejects only when `signal` aborts.
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
