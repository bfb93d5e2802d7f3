import type { SearchProgress } from '@uniquair/contract/search';
import {
  SEARCH_POLL_RETRY_MS,
  SEARCH_STATUS_REQUEST_TIMEOUT_MS,
  SEARCH_STATUS_WAIT_CHECK_MS,
} from '@uniquair/domain/config/timings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import {
  FakeEventSource,
  fakeTransports,
  FakeWebSocket,
  resetFakeTransports,
} from '../../testing/fake-transports.ts';
import { mockApi, neverAnswers } from '../../testing/mock-api.ts';
import { hashOf } from '../../testing/search-fixtures.ts';
import {
  followProgress,
  parseProgress,
  socketUrl,
  type ProgressUpdate,
} from './progress-transports.ts';
import { getSearchStatus } from './search-requests.ts';

const HASH = hashOf('a1');

/** Lets promise callbacks run without moving the fake clock. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  resetFakeTransports();
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
    mockApi({ [`GET /api/search/status/${HASH}`]: neverAnswers });
    const answer = getSearchStatus(HASH);
    const failure = expect(answer).rejects.toMatchObject({ code: 'TIMEOUT', status: 0 });
    await vi.advanceTimersByTimeAsync(SEARCH_STATUS_REQUEST_TIMEOUT_MS);
    await failure;
  });
});
