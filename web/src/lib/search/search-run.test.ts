import { QueryClient } from '@tanstack/react-query';
import type { SearchParams } from '@uniquair/contract/search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeEventSource,
  fakeTransports,
  resetFakeTransports,
} from '../../testing/fake-transports.ts';
import { errorBody, json, mockApi, noAnswer } from '../../testing/mock-api.ts';
import { hashOf, legResult, makeFlight } from '../../testing/search-fixtures.ts';
import type { ProgressUpdate } from './progress-transports.ts';
import {
  clearSearchState,
  fetchSearchResult,
  runSearch,
  searchesInFlight,
  searchProgressQueryKey,
} from './search-run.ts';

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

/** The cache the runs report their progress to. */
let queryClient: QueryClient;

/** The last progress of a search, as the screens read it. */
const progressOf = (params: SearchParams) =>
  queryClient.getQueryData<ProgressUpdate>(searchProgressQueryKey(params));

beforeEach(() => {
  vi.useFakeTimers();
  resetFakeTransports();
  clearSearchState();
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.useRealTimers();
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
    const outcome = await runSearch(PARAMS, { queryClient, transports: fakeTransports });
    expect(outcome).toMatchObject({
      status: 'done',
      hash: HASH,
      result: RESULT,
      etag: '"e1"',
      expiresAt: null,
    });
    expect(api.calls).toEqual(['POST /api/search/init']);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(progressOf(PARAMS)).toMatchObject({ status: 'done', progress: 100 });
  });

  it('takes the expiry of an init answered done from its answer, asking nothing more', async () => {
    const api = mockApi({
      'POST /api/search/init': () =>
        json(
          {
            success: true,
            hash: HASH,
            status: 'done',
            progress: 100,
            expiresIn: 840,
            result: RESULT,
          },
          { headers: { etag: '"e1"' } },
        ),
    });
    const outcome = await runSearch(PARAMS, { queryClient, transports: fakeTransports });
    expect(outcome).toMatchObject({ status: 'done', result: RESULT, etag: '"e1"' });
    expect(outcome.status === 'done' ? outcome.expiresAt : null).toBe(Date.now() + 840_000);
    expect(api.calls).toEqual(['POST /api/search/init']);
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
      queryClient,
      transports: fakeTransports,
      onProgress: (update) => progress.push(update.progress),
    });
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'progress', progress: 50 });
    expect(progressOf(PARAMS)?.progress).toBe(50);
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
    const first = runSearch(PARAMS, { queryClient, transports: fakeTransports });
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'done', progress: 100 });
    await first;
    const again = await runSearch(PARAMS, { queryClient, transports: fakeTransports });
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
      queryClient,
      transports: fakeTransports,
      onProgress: (u) => first.push(u.progress),
    });
    const b = runSearch(
      { ...PARAMS, destinations: [{ route: 12, date: '2026-12-01' }] },
      { queryClient, transports: fakeTransports, onProgress: (u) => second.push(u.progress) },
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
    const a = runSearch(PARAMS, {
      queryClient,
      transports: fakeTransports,
      signal: leaving.signal,
    });
    const b = runSearch(PARAMS, {
      queryClient,
      transports: fakeTransports,
      signal: staying.signal,
    });
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
    await expect(
      runSearch(PARAMS, { queryClient, transports: fakeTransports }),
    ).resolves.toMatchObject({
      status: 'error',
      progress: 0,
      failure,
    });
    expect(progressOf(PARAMS)).toMatchObject({ status: 'error', progress: 0 });
  });

  it('passes on the server’s messages of a refused search', async () => {
    mockApi({
      'POST /api/search/init': () =>
        errorBody(400, 'VALIDATION_ERROR', {
          'body.destinations.0.date': ['The route does not fly on this day'],
        }),
    });
    await expect(
      runSearch(PARAMS, { queryClient, transports: fakeTransports }),
    ).resolves.toMatchObject({
      failure: 'invalid',
      errors: { 'body.destinations.0.date': ['The route does not fly on this day'] },
    });
  });

  it('is offline when init gets no answer', async () => {
    mockApi({ 'POST /api/search/init': noAnswer });
    await expect(
      runSearch(PARAMS, { queryClient, transports: fakeTransports }),
    ).resolves.toMatchObject({
      status: 'error',
      failure: 'offline',
    });
  });

  it('reports a search that failed or expired while running', async () => {
    mockApi({ 'POST /api/search/init': () => started() });
    const failed = runSearch(PARAMS, { queryClient, transports: fakeTransports });
    await settle();
    FakeEventSource.instances[0]?.emit({ status: 'error', progress: 40 });
    await expect(failed).resolves.toMatchObject({ status: 'error', failure: 'failed', hash: HASH });

    const expired = runSearch(PARAMS, { queryClient, transports: fakeTransports });
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
