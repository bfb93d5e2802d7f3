import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, WebSocket } from '@playwright/test';
import { E2E_PORT, freshDatabase, REPO_ROOT, WEB_DIST } from '../fixtures/run-paths.ts';
import { expect, test } from '../fixtures/test.ts';
import {
  addDays,
  answerInitAsRunning,
  dailyReturnRoute,
  expectNoAxeViolations,
  loadNetwork,
  today,
} from './search-helpers.ts';

/**
 * Search progress over the real transports (SPEC §4): server-sent events first, then the
 * WebSocket, then polling, each abandoned when it does not deliver within about 2 s; and a
 * search whose result expires is searched again.
 *
 * Every seeded search finishes within init's short wait, so the server answers init `done`
 * with the result. To make the page follow the progress, `answerInitAsRunning` rewrites that
 * answer into "still running"; the stream, socket and status calls then reach the real server,
 * which reports the finished search through them.
 */

/** A return search on the seeded network, a few weeks ahead. */
async function searchPath(page: Page): Promise<{ path: string }> {
  const network = await loadNetwork(page.request);
  const { out, back } = dailyReturnRoute(network);
  const departure = addDays(today(), 35);
  return {
    path: `/flights/1/0/0/${out.id}.${departure}._/${back.id}.${addDays(departure, 5)}._`,
  };
}

function recordSockets(page: Page): { frames: string[]; sockets: WebSocket[] } {
  const frames: string[] = [];
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/sp/search/status')) return;
    sockets.push(socket);
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  return { frames, sockets };
}

async function expectResults(page: Page) {
  for (const name of ['Outbound flight', 'Return flight']) {
    const leg = page.getByRole('region', { name: new RegExp(`^${name}: `) });
    await expect(leg.getByText(/^\d+ flights? found$/)).toBeVisible({ timeout: 15_000 });
  }
}

test.describe('search progress transports', () => {
  test('follows progress by server-sent events when they work', async ({ page }) => {
    const { path } = await searchPath(page);
    await answerInitAsRunning(page);
    const streams: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/spp/search/ssestatus/')) streams.push(response.url());
    });
    const { sockets } = recordSockets(page);
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/status/')) polls.push(request.url());
    });
    await page.goto(path);
    await expectResults(page);
    expect(streams).toHaveLength(2);
    expect(sockets).toHaveLength(0);
    expect(polls).toHaveLength(0);
  });

  test('with the SSE URL blocked, gets progress by WebSocket', async ({
    page,
    allowFailedResource,
  }) => {
    const { path } = await searchPath(page);
    await answerInitAsRunning(page);
    const blocked: string[] = [];
    await page.route('**/spp/search/ssestatus/**', async (route) => {
      blocked.push(route.request().url());
      allowFailedResource(new URL(route.request().url()).pathname);
      await route.abort('blockedbyclient');
    });
    const { frames, sockets } = recordSockets(page);
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/status/')) polls.push(request.url());
    });
    await page.goto(path);
    await expectResults(page);
    expect(blocked).toHaveLength(2);
    expect(sockets).toHaveLength(2);
    expect(frames.map((frame) => JSON.parse(frame) as { status: string })).toContainEqual({
      status: 'done',
      progress: 100,
    });
    expect(polls).toHaveLength(0);
  });

  test('with SSE and the WebSocket both blocked, gets progress by polling', async ({ page }) => {
    const { path } = await searchPath(page);
    await answerInitAsRunning(page);
    // A stream that never answers: abandoned after about 2 s.
    const stalled: string[] = [];
    await page.route('**/spp/search/ssestatus/**', (route) => {
      stalled.push(route.request().url());
    });
    // A socket that opens but says nothing: abandoned after about 2 s too.
    const silent: string[] = [];
    await page.routeWebSocket(/\/sp\/search\/status/, (socket) => {
      silent.push(socket.url());
    });
    const polls: { url: string; at: number }[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes('/api/search/status/')) {
        polls.push({ url: request.url(), at: Date.now() });
      }
    });
    const started = Date.now();
    await page.goto(path);
    await expect(page.getByRole('progressbar', { name: 'Search progress' })).toBeVisible();
    await expectResults(page);
    expect(stalled).toHaveLength(2);
    expect(silent).toHaveLength(2);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    // SSE, then the socket, each given about 2 s before polling starts.
    expect(Math.min(...polls.map((poll) => poll.at)) - started).toBeGreaterThanOrEqual(3_500);
    await expectNoAxeViolations(page);
  });
});

test.describe('an expired search', () => {
  // A server of its own whose results expire after a few seconds (SEARCH_RESULT_TTL_SECONDS).
  const port = E2E_PORT + 57;
  const database = `${REPO_ROOT}data/e2e-expiry-${port}.sqlite`;
  const baseURL = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    freshDatabase(database);
    server = spawn(process.execPath, ['../scripts/start.mjs'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: `sqlite:${database}`,
        WEB_DIST_DIR: WEB_DIST,
        LOG_LEVEL: 'warn',
        // Long enough for a slow host to show the first results before they expire.
        SEARCH_RESULT_TTL_SECONDS: '10',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 170_000;
    for (;;) {
      try {
        if ((await fetch(`${baseURL}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the expiry server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  });

  test('says so and searches again', async ({ page }) => {
    const network = await loadNetwork(page.request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 40);
    const inits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/search/init')) inits.push(request.url());
    });
    await page.goto(
      `${baseURL}/flights/1/0/0/${out.id}.${departure}._/${back.id}.${addDays(departure, 2)}._`,
    );
    await expectResults(page);
    expect(inits).toHaveLength(2);
    // The searches made again answer a little late, so that the page can be seen waiting.
    await page.route('**/api/search/init', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // After 10 s the results expire and every leg is searched again.
    const notice = page.getByRole('status').filter({ hasText: 'Search result expired' });
    await expect(notice).toBeVisible({ timeout: 25_000 });
    await expect(notice.getByText('Search expired, will reload')).toBeVisible();
    await expect(notice.getByText(/searched again at/)).toBeVisible({ timeout: 15_000 });
    expect(inits.length).toBeGreaterThanOrEqual(4);
    await expectResults(page);
    await notice.getByRole('button', { name: 'Hide this message' }).click();
    await expect(page.getByText('Search result expired')).toBeHidden();
  });
});
