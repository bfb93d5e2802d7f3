import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@uniquair/server/db/dialect';
import {
  freePort,
  REPO_ROOT,
  seededSqlite,
  SHORT,
  startProcess,
  type RunningServer,
  percentile,
  serverEnv,
} from '../harness.ts';
import { openEvents, openSocket, type HeldStream } from '../progress-streams.ts';
import { pickRoutes } from './search.ts';

/** Streams held open per transport: a thousand SSE and a thousand WebSocket (300 each, short). */
const STREAMS = Number(process.env.BENCH_STREAMS ?? (SHORT ? 300 : 1000));
/**
 * How late the slow test supplier answers (SEARCH_SLOW_SUPPLIER_MS): long enough to open every
 * stream before the search moves on, inside the 20 s supplier deadline.
 */
const SUPPLIER_MS = Number(process.env.BENCH_SLOW_SUPPLIER_MS ?? (SHORT ? 8_000 : 18_000));
/** Streams opened at once while opening them all. */
const OPENING_BATCH = 50;

/**
 * Budgets that fail the run. One progress event reaches the last stream within 0.75 ms per
 * stream of the first (1.5 s for 2,000): one process writes to every stream in turn, and a
 * shared two-core machine under load needs about half of that; a fan-out that did more per
 * stream (a database read, a serialisation each) would break it.
 */
const DELIVERY_BUDGET_MS_PER_STREAM = 0.75;
/** Server memory per held stream, heap and resident. */
const HEAP_PER_STREAM_BUDGET_KIB = 24;
const RSS_PER_STREAM_BUDGET_KIB = 96;

interface Memory {
  rss: number;
  heapUsed: number;
}

/** The server's memory after a garbage collection (from memory-reporting-server.ts). */
async function serverMemory(port: number): Promise<Memory> {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  return (await response.json()) as Memory;
}

const MiB = 1024 * 1024;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function initSearch(base: string, body: unknown): Promise<{ hash: string; at: number }> {
  const at = performance.now();
  const response = await fetch(`${base}/api/search/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`init: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { hash: string; status: string };
  if (answer.status !== 'progress') throw new Error(`init answered ${answer.status}, not progress`);
  return { hash: answer.hash, at };
}

/** Opens `count` SSE and `count` WebSocket streams on one search, alternating, in batches. */
async function openStreams(base: string, hash: string, count: number): Promise<HeldStream[]> {
  const streams: HeldStream[] = [];
  for (let i = 0; i < 2 * count; i += OPENING_BATCH) {
    const batch = Array.from({ length: Math.min(OPENING_BATCH, 2 * count - i) }, (_, j) =>
      (i + j) % 2 === 0 ? openEvents(base, hash) : openSocket(base, hash),
    );
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}

/** The time each stream heard the first message matching `match`, if it did. */
function heardAt(
  streams: readonly HeldStream[],
  match: (status: string, progress: number) => boolean,
) {
  return streams.map((stream) => stream.heard.find((h) => match(h.status, h.progress))?.at);
}

/** Spread of arrival times from the first stream to hear an event to each of the others. */
function spread(times: readonly (number | undefined)[]) {
  const arrived = times.filter((time): time is number => time !== undefined);
  const first = Math.min(...arrived);
  const after = arrived.map((time) => time - first);
  return {
    first,
    missing: times.length - arrived.length,
    p50: percentile(after, 50),
    p95: percentile(after, 95),
    max: Math.max(...after),
  };
}

/**
 * Held streams (issue "Trust at the edges", finding 15): one server process holds STREAMS SSE and
 * STREAMS WebSocket search-progress streams open at once on one search that a slow test supplier
 * keeps in progress (SEARCH_SLOW_SUPPLIER_MS), then sends them its next progress event and its
 * end. Prints the server's memory per stream (resident and heap, after a garbage collection, over
 * the baseline of the same process before) and how long the event took to reach every stream
 * (p50, p95, max after the first); every stream must hear the end and close normally.
 */
export async function heldStreamsBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-streams-'));
  const memoryPort = await freePort();
  const databaseUrl = await seededSqlite(dataDir);
  let server: RunningServer | undefined;
  const database = openDatabase(databaseUrl);
  try {
    const today = new Date().toISOString().slice(0, 10);
    const routes = await database.db.selectFrom('routes').selectAll().orderBy('id').execute();
    const { out, back } = pickRoutes(routes, today);
    server = await startProcess(
      'server',
      join(REPO_ROOT, 'bench/src/servers/memory-reporting-server.ts'),
      {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        ...serverEnv('test'),
        SEARCH_MAX_STREAMS_PER_CLIENT: '0',
        SEARCH_INITS_PER_MINUTE: '0',
        SEARCH_SLOW_SUPPLIER_MS: String(SUPPLIER_MS),
        BENCH_MEMORY_PORT: String(memoryPort),
      },
      '/api/health',
    );
    const base = server.url;
    // A return trip: four parts (two legs × inventory and slow supplier). The inventory's two
    // answer at once (25 %, 50 %); the slow supplier's after SUPPLIER_MS (75 %, then done).
    const search = (adults: number) => ({
      destinations: [
        { route: out.id, date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) },
        { route: back.id, date: new Date(Date.now() + 27 * 86_400_000).toISOString().slice(0, 10) },
      ],
      passengers: { adults, children: 0, infants: 0 },
    });

    // Warm-up: a few streams of each kind through a whole search, then the baseline.
    const warmUp = await initSearch(base, search(2));
    const warm = await openStreams(base, warmUp.hash, 10);
    await Promise.all(warm.map((stream) => stream.ended));
    const baseline = await serverMemory(memoryPort);

    const measured = await initSearch(base, search(3));
    const opening = performance.now();
    const streams = await openStreams(base, measured.hash, STREAMS);
    const opened = performance.now();
    const openedMs = opened - opening;
    const early = streams.filter((stream) => stream.heard.some((h) => h.progress > 50)).length;
    if (early > 0) {
      throw new Error(
        `${early} streams heard the search move on before all were open: raise BENCH_SLOW_SUPPLIER_MS`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const holding = await serverMemory(memoryPort);
    const endings = await Promise.race([
      Promise.all(streams.map((stream) => stream.ended)),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('streams still open 30 s after the supplier answered')),
          SUPPLIER_MS + 30_000,
        ),
      ),
    ]);
    const progress = spread(
      heardAt(streams, (status, value) => status === 'progress' && value > 50),
    );
    const done = spread(heardAt(streams, (status) => status === 'done'));
    const normal = (stream: HeldStream, ending: string) =>
      stream.transport === 'SSE' ? ending === 'end' : ending === '1000 done';
    const lost = streams.filter((stream, index) => !normal(stream, endings[index] ?? '')).length;
    const after = await serverMemory(memoryPort);

    const count = streams.length;
    const perStream = (key: keyof Memory) => (holding[key] - baseline[key]) / count / 1024;
    console.log(
      `\nHeld streams: ${STREAMS} SSE + ${STREAMS} WebSocket on one search, one server process ` +
        `(supplier slowed to ${SUPPLIER_MS} ms), opened in ${openedMs.toFixed(0)} ms, held ` +
        `${((progress.first - opened) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  server memory over its baseline (${(baseline.rss / MiB).toFixed(1)} MiB resident, ` +
        `${(baseline.heapUsed / MiB).toFixed(1)} MiB heap): ` +
        `resident +${((holding.rss - baseline.rss) / MiB).toFixed(1)} MiB (${perStream('rss').toFixed(1)} KiB per stream), ` +
        `heap +${((holding.heapUsed - baseline.heapUsed) / MiB).toFixed(1)} MiB (${perStream('heapUsed').toFixed(1)} KiB per stream); ` +
        `heap ${(after.heapUsed / MiB).toFixed(1)} MiB once they closed`,
    );
    console.log(
      `  one progress event (75 %) to all ${count}: p50 ${ms(progress.p50)}, p95 ${ms(progress.p95)}, ` +
        `max ${ms(progress.max)} after the first stream had it ` +
        `(the first ${ms(progress.first - measured.at - SUPPLIER_MS)} after the supplier's answer was due)`,
    );
    console.log(
      `  the end (done) to all ${count}: p50 ${ms(done.p50)}, p95 ${ms(done.p95)}, max ${ms(done.max)}; ` +
        `${count - lost} closed normally, ${lost} lost, ${progress.missing} missed the progress event`,
    );
    const broken = [
      lost > 0 || progress.missing > 0 || done.missing > 0
        ? `${lost} streams lost, ${progress.missing} missed the progress event, ${done.missing} the end`
        : '',
      progress.max > DELIVERY_BUDGET_MS_PER_STREAM * count
        ? `the progress event took ${ms(progress.max)} to reach every stream (budget ${ms(DELIVERY_BUDGET_MS_PER_STREAM * count)})`
        : '',
      perStream('heapUsed') > HEAP_PER_STREAM_BUDGET_KIB
        ? `${perStream('heapUsed').toFixed(1)} KiB of heap per stream (budget ${HEAP_PER_STREAM_BUDGET_KIB})`
        : '',
      perStream('rss') > RSS_PER_STREAM_BUDGET_KIB
        ? `${perStream('rss').toFixed(1)} KiB resident per stream (budget ${RSS_PER_STREAM_BUDGET_KIB})`
        : '',
    ].filter(Boolean);
    if (broken.length > 0) throw new Error(`held streams: ${broken.join('; ')}`);
  } finally {
    await database.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
