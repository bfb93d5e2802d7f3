import { addDays } from '@uniquair/domain/dates/ymd';
import {
  SearchInitResponseSchema,
  SearchStatusResponseSchema,
  type SearchProgress,
} from '@uniquair/contract/search';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { TestApp } from '../../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { dailyRoundTrip, eventually, readEvents } from '../../../test/helpers/search.ts';
import {
  gatedSearchApp,
  listenLocally,
  ONE_ADULT,
  type GatedSupplier,
} from '../../../test/helpers/search-api.ts';
import type { Route } from '../../db/tables/inventory.ts';

interface SocketOutcome {
  messages: SearchProgress[];
  code: number;
  reason: string;
}

/** Opens the progress socket and collects its messages until it closes. */
function openSocket(
  url: string,
  onMessage?: (message: SearchProgress, socket: WebSocket) => void,
): { socket: WebSocket; closed: Promise<SocketOutcome>; pings: () => number } {
  const socket = new WebSocket(url);
  const messages: SearchProgress[] = [];
  let pings = 0;
  socket.on('ping', () => {
    pings += 1;
  });
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as SearchProgress;
    messages.push(message);
    onMessage?.(message, socket);
  });
  const closed = new Promise<SocketOutcome>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', (code: number, reason: Buffer) =>
      resolve({ messages, code, reason: reason.toString('utf8') }),
    );
  });
  return { socket, closed, pings: () => pings };
}

describe(`search progress over real sockets (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let gate: GatedSupplier;
  let base: string;
  let out: Route;
  let back: Route;
  let day = 10;

  /** Starts a two-leg search the gated supplier holds; each leg is one part (50 %). */
  async function startSearch(): Promise<string> {
    day += 1;
    const response = await fetch(`${base}/api/search/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        destinations: [
          { route: out.id, date: addDays(TEST_TODAY, day) },
          { route: back.id, date: addDays(TEST_TODAY, day + 7) },
        ],
        passengers: ONE_ADULT,
      }),
    });
    const body = SearchInitResponseSchema.parse(await response.json());
    expect(body.status).toBe('progress');
    await eventually(() => gate.waiting() === 2);
    return body.hash;
  }

  beforeAll(async () => {
    ({ testApp, gate } = await gatedSearchApp(
      { SEARCH_MAX_STREAMS_PER_CLIENT: '0' },
      { heartbeatMs: 40 },
    ));
    base = await listenLocally(testApp);
    ({ out, back } = await dailyRoundTrip(testApp.app.db));
  });

  afterAll(() => testApp.close());

  it('SSE: progress events as parts answer, the finished status, then the end of the stream', async () => {
    const hash = await startSearch();
    const response = await fetch(`${base}/spp/search/ssestatus/${hash}`, {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Not compressed (a compressor would hold the events back), and the usual headers are there.
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    // Each release comes only after the previous event arrived: the stream is not buffered.
    const { events, comments } = await readEvents(response, (event) => {
      if (event.status === 'progress') gate.releaseOne();
    });
    expect(events).toEqual([
      { status: 'progress', progress: 0 },
      { status: 'progress', progress: 50 },
      { status: 'done', progress: 100 },
    ]);
    expect(comments.every((comment) => comment.startsWith(':'))).toBe(true);
  });

  it('SSE: a finished search gets its status at once and the stream ends', async () => {
    const hash = await startSearch();
    gate.release();
    await eventually(() => testApp.app.searchEngine.jobs.runningCount === 0);
    const response = await fetch(`${base}/spp/search/ssestatus/${hash}`);
    const { events } = await readEvents(response);
    expect(events).toEqual([{ status: 'done', progress: 100 }]);
  });

  it('SSE: keep-alive comments while nothing changes', async () => {
    const hash = await startSearch();
    const response = await fetch(`${base}/spp/search/ssestatus/${hash}`);
    const reading = readEvents(response);
    await new Promise((resolve) => setTimeout(resolve, 150));
    gate.release();
    const { events, comments } = await reading;
    expect(comments.length).toBeGreaterThan(0);
    expect(comments[0]).toBe(': keep-alive');
    expect(events.at(-1)).toEqual({ status: 'done', progress: 100 });
  });

  it('SSE: an unknown hash is the 404 error body, a malformed one 400', async () => {
    const unknown = await fetch(`${base}/spp/search/ssestatus/${'a'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(ErrorBodySchema.parse(await unknown.json()).code).toBe('NOT_FOUND');
    const malformed = await fetch(`${base}/spp/search/ssestatus/not-a-hash`);
    expect(malformed.status).toBe(400);
    expect(ErrorBodySchema.parse(await malformed.json()).code).toBe('VALIDATION_ERROR');
  });

  it('WebSocket: a message per change, then a normal close naming the finished status', async () => {
    const hash = await startSearch();
    const { closed } = openSocket(
      `${base.replace('http', 'ws')}/sp/search/status?hash=${hash}`,
      (message) => {
        if (message.status === 'progress') gate.releaseOne();
      },
    );
    const outcome = await closed;
    expect(outcome.messages).toEqual([
      { status: 'progress', progress: 0 },
      { status: 'progress', progress: 50 },
      { status: 'done', progress: 100 },
    ]);
    expect(outcome.code).toBe(1000);
    expect(outcome.reason).toBe('done');
  });

  it('WebSocket: pings keep an idle socket alive', async () => {
    const hash = await startSearch();
    const { closed, pings } = openSocket(
      `${base.replace('http', 'ws')}/sp/search/status?hash=${hash}`,
    );
    await eventually(() => pings() > 0);
    gate.release();
    expect((await closed).reason).toBe('done');
  });

  it('WebSocket: an unknown hash closes with 4404, a malformed one with 1008', async () => {
    const ws = base.replace('http', 'ws');
    const unknown = await openSocket(`${ws}/sp/search/status?hash=${'b'.repeat(32)}`).closed;
    expect(unknown).toMatchObject({ code: 4404, reason: 'unknown search', messages: [] });
    const malformed = await openSocket(`${ws}/sp/search/status?hash=zzz`).closed;
    expect(malformed).toMatchObject({ code: 1008, reason: 'invalid hash' });
    const missing = await openSocket(`${ws}/sp/search/status`).closed;
    expect(missing.code).toBe(1008);
    // A plain HTTP request is told to open a WebSocket, in the error body.
    const plain = await fetch(`${base}/sp/search/status?hash=${'b'.repeat(32)}`);
    expect(plain.status).toBe(426);
    expect(plain.headers.get('upgrade')).toBe('websocket');
    expect(ErrorBodySchema.parse(await plain.json()).code).toBe('UPGRADE_REQUIRED');
  });

  it('polling: the status answers at once while the job runs, and follows it to done', async () => {
    const hash = await startSearch();
    const poll = async () => {
      const response = await fetch(`${base}/api/search/status/${hash}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return SearchStatusResponseSchema.parse(await response.json());
    };
    expect(await poll()).toMatchObject({ hash, status: 'progress', progress: 0 });
    gate.releaseOne();
    await eventually(() => gate.waiting() === 1);
    let seen = await poll();
    for (let i = 0; i < 100 && seen.progress < 50; i += 1) seen = await poll();
    expect(seen).toMatchObject({ status: 'progress', progress: 50 });
    gate.releaseOne();
    for (let i = 0; i < 200 && seen.status === 'progress'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await poll();
    }
    expect(seen).toMatchObject({ status: 'done', progress: 100 });
    const result = await fetch(`${base}/api/search/result/${hash}`);
    expect(result.status).toBe(200);
  });

  it('many subscribers of one search, on both transports, cost one job and all hear the end', async () => {
    const callsBefore = gate.calls;
    const hash = await startSearch();
    const ws = base.replace('http', 'ws');
    const streams = Array.from({ length: 60 }, async () =>
      readEvents(await fetch(`${base}/spp/search/ssestatus/${hash}`)),
    );
    const sockets = Array.from(
      { length: 60 },
      () => openSocket(`${ws}/sp/search/status?hash=${hash}`).closed,
    );
    await eventually(() => testApp.app.searchEngine.streams.openCount === 120);
    gate.release();
    const events = await Promise.all(streams);
    const closes = await Promise.all(sockets);
    expect(events.every(({ events: list }) => list.at(-1)?.status === 'done')).toBe(true);
    expect(closes.every((close) => close.reason === 'done' && close.code === 1000)).toBe(true);
    expect(gate.calls - callsBefore).toBe(2);
    await eventually(() => testApp.app.searchEngine.streams.openCount === 0);
  });
});

describe('progress stream limits and shutdown', () => {
  it('refuses streams beyond the per-client limit, and ends open streams when the app closes', async () => {
    const { testApp, gate } = await gatedSearchApp({ SEARCH_MAX_STREAMS_PER_CLIENT: '2' });
    try {
      const base = await listenLocally(testApp);
      const { out } = await dailyRoundTrip(testApp.app.db);
      const init = await fetch(`${base}/api/search/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          destinations: [{ route: out.id, date: addDays(TEST_TODAY, 30) }],
          passengers: ONE_ADULT,
        }),
      });
      const { hash } = SearchInitResponseSchema.parse(await init.json());
      const first = readEvents(await fetch(`${base}/spp/search/ssestatus/${hash}`));
      const socket = openSocket(`${base.replace('http', 'ws')}/sp/search/status?hash=${hash}`);
      await eventually(() => testApp.app.searchEngine.streams.openCount === 2);

      const third = await fetch(`${base}/spp/search/ssestatus/${hash}`);
      expect(third.status).toBe(429);
      expect(ErrorBodySchema.parse(await third.json()).code).toBe('TOO_MANY_REQUESTS');
      const refused = await openSocket(
        `${base.replace('http', 'ws')}/sp/search/status?hash=${hash}`,
      ).closed;
      expect(refused).toMatchObject({ code: 1013, reason: 'too many streams' });

      // Closing the server ends the stream and the socket; the held job is aborted and recorded.
      await testApp.app.close();
      const { events } = await first;
      expect(events[0]).toEqual({ status: 'progress', progress: 0 });
      expect((await socket.closed).code).toBe(1001);
      expect(gate.aborted).toBe(1);
      const row = await testApp.app.db
        .selectFrom('search_results')
        .select(['status', 'error'])
        .where('hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'error' });
      expect(row.error).toContain('closing');
    } finally {
      await testApp.close();
    }
  });
});
