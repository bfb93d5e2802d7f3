import type { SearchParams, SearchProgress } from '@uniquair/contract/search';
import {
  SEARCH_POLL_RETRY_MS,
  SEARCH_STATUS_REQUEST_TIMEOUT_MS,
  SEARCH_STATUS_WAIT_CHECK_MS,
} from '@uniquair/domain/config/timings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { errorBody, json, mockApi } from '../../../testing/mock-api.ts';
import {
  FakeEventSource,
  fakeTransports,
  FakeWebSocket,
  resetFakeTransports,
} from '../testing/fake-transports.ts';
import { hashOf, legResult, makeFlight } from '../testing/search-fixtures.ts';
import { getSearchStatus } from './get-search-status.ts';
import {
  clearSearchState,
  fetchSearchResult,
  followProgress,
  parseProgress,
  runSearch,
  searchKey,
  searchProgressOf,
  searchesInFlight,
  socketUrl,
  type ProgressUpdate,
} from './search-progress.ts';

const HASH = hashOf('a1');
const PARAMS: SearchParams = {
  destinations: [{ route: 12, date: '2026-12-01' }],
  passengers: { adults: 1, children: 0, infants: 0 },
};
const RESULT = legResult(12, '2026-12-01', [makeFlight({ id: '10' })]);

const started = (status: 'progress' | 'done' = 'progress') =>
  json({ success: true, hash: HASH, status, progress: status === 'done' ? 100 : 0 });

const resultAnswer = (etag = '"r1"', maxAge = 900) =>
  json(
    { success: true, hash: HASH, result: RESULT },
    { headers: { etag, 'cache-control': `private, max-age=${maxAge}` } },
  );

/** Lets promise callbacks run without moving the fake clock. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  resetFakeTransports();
  clearSearchState();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('parseProgress', () => {
  it.each([
    ['{"status":"progress","progress":40}', { status: 'progress', progress: 40 }],
    ['{"status":"done","progress":100}', { status: 'done', progress: 100 }],
    ['{"status":"progress","progress":140}', { status: 'progress', progress: 100 }],
    ['{"status":"paused","progress":10}', null],
    ['{"status":"progress","progress":-1}', null],
    ['{"status":"progress","progress":1.5}', null],
    ['not json', null],
    ['null', null],
    [42, null],
  ] as const)('%s → %o', (text, expected) => {
    expect(parseProgress(text)).toEqual(expected);
  });
});

describe('socketUrl', () => {
  it('uses ws: for http and wss: for https', () => {
    expect(socketUrl(HASH, { protocol: 'http:', host: 'a.test:3000' })).toBe(
      `ws://a.test:3000/sp/search/status?hash=${HASH}`,
    );
    expect(socketUrl(HASH, { protocol: 'https:', host: 'a.test' })).toBe(
      `wss://a.test/sp/search/status?hash=${HASH}`,
    );
  });
});

describe('followProgress', () => {
  const follow = (transports = {}) => {
    const updates: ProgressUpdate[] = [];
    const controller = new AbortController();
    const finished = followProgress(HASH, (update) => updates.push(update), controller.signal, {
      ...fakeTransports,
      ...transports,
    });
    return { updates, finished, controller };
  };

  it('follows server-sent events and closes the stream once the search is done', async () => {
    const { updates, finished } = follow();
    const source = FakeEventSource.instances[0];
    expect(source?.url).toBe(`/spp/search/ssestatus/${HASH}`);
    source?.emit({ status: 'progress', progress: 40 });
    source?.emit({ status: 'done', progress: 100 });
    await expect(finished).resolves.toEqual({ status: 'done', progress: 100 });
    expect(updates.map((update) => [update.transport, update.progress])).toEqual([
      ['sse', 40],
      ['sse', 100],
    ]);
    expect(source?.closed).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('abandons a stream without a first message after 2 s for the WebSocket', async () => {
    const { updates, finished } = follow();
    await vi.advanceTimersByTimeAsync(SEARCH_STATUS_WAIT_CHECK_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances[0]?.closed).toBe(true);
    const socket = FakeWebSocket.instances[0];
    expect(socket?.url).toBe(`ws://app.test/sp/search/status?hash=${HASH}`);
    socket?.message({ status: 'progress', progress: 70 });
    socket?.message({ status: 'done', progress: 100 });
    await expect(finished).resolves.toEqual({ status: 'done', progress: 100 });
    expect(updates.map((update) => update.transport)).toEqual(['websocket', 'websocket']);
    expect(socket?.closedWith).toBe(1000);
  });

  it('moves on at once when the stream is refused, and when it breaks before the end', async () => {
    const refused = follow();
    FakeEventSource.instances[0]?.fail();
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(1);
    refused.controller.abort();
    await expect(refused.finished).rejects.toBeDefined();

    resetFakeTransports();
    const broken = follow();
    FakeEventSource.instances[0]?.emit({ status: 'progress', progress: 20 });
    FakeEventSource.instances[0]?.fail();
    await settle();
    FakeWebSocket.instances[0]?.message({ status: 'done', progress: 100 });
    await expect(broken.finished).resolves.toEqual({ status: 'done', progress: 100 });
  });

  it('closes a socket that is still connecting only once it opens', async () => {
    const pollStatus = vi.fn(async (): Promise<SearchProgress> => ({
      status: 'done',
      progress: 100,
    }));
    const { finished } = follow({ pollStatus });
    await vi.advanceTimersByTimeAsync(SEARCH_STATUS_WAIT_CHECK_MS);
    await vi.advanceTimersByTimeAsync(SEARCH_STATUS_WAIT_CHECK_MS);
    await expect(finished).resolves.toEqual({ status: 'done', progress: 100 });
    const socket = FakeWebSocket.instances[0];
    // Abandoned while connecting: closing it then would make the browser log an error.
    expect(socket?.closedWith).toBeNull();
    socket?.open();
    expect(socket?.closedWith).toBe(1000);
  });

  it('polls every 100 ms when neither stream works, retrying timeouts, 408s and broken connections', async () => {
    const answers: (SearchProgress | Error)[] = [
      { status: 'progress', progress: 10 },
      new ApiError(0, 'TIMEOUT'),
      new ApiError(408, 'HTTP_ERROR'),
      new ApiError(0, 'NETWORK_ERROR'),
      { status: 'progress', progress: 60 },
      { status: 'done', progress: 100 },
    ];
    const calls: number[] = [];
    const pollStatus = vi.fn(async () => {
      calls.push(Date.now());
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as SearchProgress;
    });
    const { updates, finished } = follow({ pollStatus, isOnline: () => true });
    FakeEventSource.instances[0]?.fail();
    await settle();
    FakeWebSocket.instances[0]?.closeFromServer(1006);
    await settle();
    await vi.advanceTimersByTimeAsync(SEARCH_POLL_RETRY_MS * 6);
    await expect(finished).resolves.toEqual({ status: 'done', progress: 100 });
    expect(pollStatus).toHaveBeenCalledTimes(6);
    const gaps = calls.slice(1).map((time, index) => time - (calls[index] ?? 0));
    expect(gaps.every((gap) => gap === SEARCH_POLL_RETRY_MS)).toBe(true);
    expect(updates.filter((u) => u.transport === 'polling').map((u) => u.progress)).toEqual([
      10, 60, 100,
    ]);
  });

  it('ends with status error and progress 0 when polling fails otherwise', async () => {
    const pollStatus = vi.fn(async () => {
      throw new ApiError(404, 'NOT_FOUND');
    });
    const { finished } = follow({ EventSource: undefined, WebSocket: undefined, pollStatus });
    await expect(finished).resolves.toEqual({ status: 'error', progress: 0 });
    expect(pollStatus).toHaveBeenCalledTimes(1);
  });

  it('waits for the connection to come back before polling again while offline', async () => {
    let online = false;
    const pollStatus = vi
      .fn<(hash: string, signal: AbortSignal) => Promise<SearchProgress>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR'))
      .mockResolvedValueOnce({ status: 'done', progress: 100 });
    const { finished } = follow({
      EventSource: undefined,
      WebSocket: undefined,
      pollStatus,
      isOnline: () => online,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pollStatus).toHaveBeenCalledTimes(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(SEARCH_POLL_RETRY_MS);
    await expect(finished).resolves.toEqual({ status: 'done', progress: 100 });
  });

  it('stops every transport when aborted', async () => {
    const { finished, controller } = follow();
    const source = FakeEventSource.instances[0];
    controller.abort();
    await expect(finished).rejects.toBeDefined();
    expect(source?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('getSearchStatus', () => {
  it('gives up on a status request after 15 s', async () => {
    globalThis.fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const answer = getSearchStatus(HASH);
    const failure = expect(answer).rejects.toMatchObject({ code: 'TIMEOUT', status: 0 });
    await vi.advanceTimersByTimeAsync(SEARCH_STATUS_REQUEST_TIMEOUT_MS);
    await failure;
  });
});

describe('runSearch', () => {
  it('uses the result of an init that answers done, opening no stream', async () => {
    const api = mockApi({
      'POST /api/search/init': () =>
        json(
          { success: true, hash: HASH, status: 'done', progress: 100, result: RESULT },
          { headers: { etag: '"e1"', 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' } },
        ),
    });
    const outcome = await runSearch(PARAMS, { transports: fakeTransports });
    expect(outcome).toMatchObject({
      status: 'done',
      hash: HASH,
      result: RESULT,
      etag: '"e1"',
      expiresAt: null,
    });
    expect(api.calls).toEqual(['POST /api/search/init']);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(searchProgressOf(searchKey(PARAMS))).toMatchObject({ status: 'done', progress: 100 });
  });

  it('follows progress, then fetches the result and when it expires', async () => {
    const api = mockApi({
      'POST /api/search/init': ({ body }) => {
        expect(body).toEqual(PARAMS);
        return started();
      },
      'GET /api/search/result/a1000000000000000000000000000000': () => resultAnswer('"r1"', 600),
    });
    const progress: number[] = [];
    const outcome = runSearch(PARAMS, {
      transports: fakeTransports,
      onProgress: (update) => progress.push(update.progress),
    });
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'progress', progress: 50 });
    expect(searchProgressOf(searchKey(PARAMS))?.progress).toBe(50);
    FakeEventSource.instances[0]?.emit({ status: 'done', progress: 100 });
    const done = await outcome;
    expect(done).toMatchObject({ status: 'done', result: RESULT, etag: '"r1"' });
    expect(done.status === 'done' ? done.expiresAt : null).toBe(Date.now() + 600_000);
    expect(progress).toEqual([0, 50, 100]);
    expect(api.calls).toEqual(['POST /api/search/init', `GET /api/search/result/${HASH}`]);
  });

  it('asks again with the ETag of the result it holds and keeps it on 304', async () => {
    let inits = 0;
    const api = mockApi({
      'POST /api/search/init': ({ headers }) => {
        inits += 1;
        if (inits === 1) return started();
        expect(headers.get('if-none-match')).toBe('"r1"');
        return new Response(null, { status: 304 });
      },
      [`GET /api/search/result/${HASH}`]: ({ headers }) => {
        if (headers.get('if-none-match') === '"r1"') {
          return new Response(null, {
            status: 304,
            headers: { 'cache-control': 'private, max-age=120' },
          });
        }
        return resultAnswer('"r1"');
      },
    });
    const first = runSearch(PARAMS, { transports: fakeTransports });
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'done', progress: 100 });
    await first;
    const again = await runSearch(PARAMS, { transports: fakeTransports });
    expect(again).toMatchObject({ status: 'done', result: RESULT, expiresAt: null });
    const checked = await fetchSearchResult(HASH);
    expect(checked).toMatchObject({ status: 'done', result: RESULT });
    expect(checked.status === 'done' ? checked.expiresAt : null).toBe(Date.now() + 120_000);
    expect(api.calls.filter((call) => call.startsWith('POST'))).toHaveLength(2);
  });

  it('shares one run between identical searches in flight', async () => {
    const api = mockApi({
      'POST /api/search/init': () => started(),
      [`GET /api/search/result/${HASH}`]: () => resultAnswer(),
    });
    const first: number[] = [];
    const second: number[] = [];
    const a = runSearch(PARAMS, {
      transports: fakeTransports,
      onProgress: (u) => first.push(u.progress),
    });
    const b = runSearch(
      { ...PARAMS, destinations: [{ route: 12, date: '2026-12-01' }] },
      { transports: fakeTransports, onProgress: (u) => second.push(u.progress) },
    );
    expect(searchesInFlight()).toBe(1);
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'progress', progress: 30 });
    FakeEventSource.instances[0]?.emit({ status: 'done', progress: 100 });
    const [one, two] = await Promise.all([a, b]);
    expect(one).toBe(two);
    expect(api.calls).toEqual(['POST /api/search/init', `GET /api/search/result/${HASH}`]);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(first).toEqual([0, 30, 100]);
    expect(second).toEqual([0, 30, 100]);
    expect(searchesInFlight()).toBe(0);
  });

  it('keeps the run while one caller waits and stops it when the last one leaves', async () => {
    mockApi({ 'POST /api/search/init': () => started() });
    const leaving = new AbortController();
    const staying = new AbortController();
    const a = runSearch(PARAMS, { transports: fakeTransports, signal: leaving.signal });
    const b = runSearch(PARAMS, { transports: fakeTransports, signal: staying.signal });
    await settle();
    const source = FakeEventSource.instances[0];
    leaving.abort();
    await expect(a).rejects.toBeDefined();
    expect(source?.closed).toBe(false);
    staying.abort();
    await expect(b).rejects.toBeDefined();
    await settle();
    expect(source?.closed).toBe(true);
    expect(searchesInFlight()).toBe(0);
  });

  it.each([
    [errorBody(400, 'VALIDATION_ERROR'), 'invalid'],
    [errorBody(429, 'TOO_MANY_REQUESTS'), 'busy'],
    [errorBody(500, 'INTERNAL_ERROR'), 'failed'],
  ] as const)('ends with status error when init is not a success (%#)', async (answer, failure) => {
    mockApi({ 'POST /api/search/init': () => answer.clone() });
    await expect(runSearch(PARAMS, { transports: fakeTransports })).resolves.toMatchObject({
      status: 'error',
      progress: 0,
      failure,
    });
    expect(searchProgressOf(searchKey(PARAMS))).toMatchObject({ status: 'error', progress: 0 });
  });

  it('passes on the server’s messages of a refused search', async () => {
    mockApi({
      'POST /api/search/init': () =>
        json(
          {
            success: false,
            code: 'VALIDATION_ERROR',
            errors: { 'body.destinations.0.date': ['The route does not fly on this day'] },
          },
          { status: 400 },
        ),
    });
    await expect(runSearch(PARAMS, { transports: fakeTransports })).resolves.toMatchObject({
      failure: 'invalid',
      errors: { 'body.destinations.0.date': ['The route does not fly on this day'] },
    });
  });

  it('is offline when init gets no answer', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(runSearch(PARAMS, { transports: fakeTransports })).resolves.toMatchObject({
      status: 'error',
      failure: 'offline',
    });
  });

  it('reports a search that failed or expired while running', async () => {
    mockApi({ 'POST /api/search/init': () => started() });
    const failed = runSearch(PARAMS, { transports: fakeTransports });
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'error', progress: 40 });
    await expect(failed).resolves.toMatchObject({ status: 'error', failure: 'failed', hash: HASH });

    const expired = runSearch(PARAMS, { transports: fakeTransports });
    await settle();
    FakeEventSource.instances[1]?.emit({ status: 'expired', progress: 100 });
    await expect(expired).resolves.toEqual({ status: 'expired', hash: HASH });
  });

  it('says expired when the result is gone (410)', async () => {
    mockApi({
      [`GET /api/search/result/${HASH}`]: () => errorBody(410, 'SEARCH_EXPIRED'),
    });
    await expect(fetchSearchResult(HASH)).resolves.toEqual({ status: 'expired', hash: HASH });
  });
});
