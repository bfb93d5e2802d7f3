import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  load,
  REPO_ROOT,
  ROUNDS,
  SHORT,
  startProcess,
  seededSqlite,
  type LoadFigures,
  serverEnv,
} from '../harness.ts';

/** What a browser sends on a first visit: it takes every compression it knows. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** Budgets that fail the benchmark (short mode too, which CI runs). */
export const DATA_BUDGETS = {
  /** Goal G13: the start-up data, compressed. */
  initCompressedBytes: 50 * 1024,
  /** A first visit's read under load, 99th percentile. */
  coldP99Ms: 400,
  /** A revalidation (304) under load, 99th percentile. */
  warmP99Ms: 150,
  /**
   * The flexible-dates grid, a new pair of days at every request (built from the price summary,
   * not prepared before), 95th percentile under load: 50 connections on the 2-core machine give
   * 250–270 ms while other work loads it; 49 searches per grid, or a scan of the summary, would
   * take seconds.
   */
  gridNewPairP95Ms: 500,
  /**
   * …and its throughput, at least this share of the health route's measured just before it
   * (14–28 % on the 2-core machine). Judged on the median of {@link SHARE_PAIRS} such pairs: one
   * two-second window holds a single stall of a busy host (a 1.3 s one once took a lone pair to
   * 4.6 %), and the health route's own figure swings fivefold between windows.
   */
  gridNewPairShareOfFloor: 0.05,
} as const;

/** Health-then-grid measurements behind the grid's throughput share. */
const SHARE_PAIRS = 3;

interface Read {
  title: string;
  path: string;
}

interface NetworkRoute {
  id: number;
  from: string;
  to: string;
  dow: number;
  af: string;
  au: string | null;
}

const DAY_MS = 86_400_000;
const dayAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A return trip flown every day (from the route network the app loads) and the grid's paths:
 * one pair of days, and the n-th of many pairs (outbound 7–336 days ahead, 1–14 nights, 0–2
 * bags), so that each request of a run asks for a grid not prepared yet.
 */
async function gridPaths(origin: string): Promise<{ one: string; nth: (n: number) => string }> {
  const { routes } = (await (await fetch(`${origin}/api/data/routes`)).json()) as {
    routes: NetworkRoute[];
  };
  const today = dayAhead(0);
  const open = (route: NetworkRoute) => route.dow === 127 && route.af <= today && route.au === null;
  const out = routes.find(
    (route) =>
      open(route) && routes.some((r) => open(r) && r.from === route.to && r.to === route.from),
  );
  const back = routes.find((r) => open(r) && r.from === out?.to && r.to === out?.from);
  if (!out || !back) throw new Error('no daily return trip in the seed');
  const path = (first: number, nights: number, bags: number) =>
    `/api/cheapest-price/grid/${out.id}/${back.id}?out=${dayAhead(first)}&back=${dayAhead(first + nights)}&bags=${bags}`;
  return {
    one: path(30, 7, 0),
    nth: (n) => path(7 + (n % 330), 1 + (Math.floor(n / 330) % 14), Math.floor(n / 4620) % 3),
  };
}

/** The reads every page start makes, and a public one in a locale. */
const READS: readonly Read[] = [
  { title: 'start-up data', path: '/api/data/init' },
  { title: 'route network', path: '/api/data/routes' },
  { title: 'currencies', path: '/api/data/currencies' },
  { title: 'countries (de)', path: '/api/data/de/countries' },
];

interface Measured {
  read: Read;
  cacheControl: string;
  compressedBytes: number;
  cold: LoadFigures;
  warm: LoadFigures;
}

/** Median of the rounds by requests per second; errors summed over all rounds. */
async function measure(
  url: string,
  headers: Record<string, string>,
  expectedStatus: number,
  pathOf?: (n: number) => string,
): Promise<LoadFigures> {
  const runs: LoadFigures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.push(
      await load(url, {
        headers,
        expectedStatus,
        ...(SHORT ? { durationSeconds: 2 } : {}),
        // Each round its own paths, so that no round finds another's answers prepared.
        ...(pathOf ? { pathOf: (n: number) => pathOf(n + round * 1_000_000) } : {}),
      }),
    );
  }
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)] as LoadFigures;
  return {
    ...middle,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const row = (label: string, figures: LoadFigures) =>
  `    ${label.padEnd(24)}${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${ms(figures.latencyP50Ms)}  p95 ${ms(figures.latencyP95Ms)}  p99 ${ms(figures.latencyP99Ms)}`;

/**
 * The `/api/data` reads as a visitor meets them, on the real server over a seeded SQLite file:
 * - cold: a first visit, the full answer compressed for a browser;
 * - warm: a returning visitor whose copy has gone stale, revalidating with its ETag (304, no body);
 * - cached: a returning visitor within the answer's `max-age` (or its stale-while-revalidate
 *   window) sends nothing at all: printed from `Cache-Control`, it costs the server nothing.
 * `/api/health` under the same load is the floor: what one request costs this server at all.
 * Fails when a budget in {@link DATA_BUDGETS} is broken or the server answers errors under load.
 */
export async function dataBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-data-'));
  const app = await startProcess(
    'server',
    join(REPO_ROOT, 'server/src/server.ts'),
    {
      DATABASE_URL: await seededSqlite(dataDir),
      LOG_LEVEL: 'warn',
      ...serverEnv('production'),
    },
    '/api/health',
  );
  const failures: string[] = [];
  try {
    const floor = await measure(`${app.url}/api/health`, {}, 200);
    const grid = await gridPaths(app.url);
    const results: Measured[] = [];
    for (const read of [...READS, { title: 'price grid, one pair', path: grid.one }]) {
      const url = `${app.url}${read.path}`;
      const first = await fetch(url, { headers: BROWSER });
      const compressedBytes = (await first.arrayBuffer()).byteLength;
      const etag = first.headers.get('etag');
      if (first.status !== 200 || etag === null) {
        throw new Error(`${read.path}: expected 200 with an ETag, got ${first.status}`);
      }
      const cold = await measure(url, BROWSER, 200);
      const warm = await measure(url, { ...BROWSER, 'if-none-match': etag }, 304);
      results.push({
        read,
        cacheControl: first.headers.get('cache-control') ?? '(none)',
        compressedBytes,
        cold,
        warm,
      });
    }

    // The grid for a pair no one asked for yet: read from the summary and shaped anew each time,
    // each window right after one of the health route, so that both meet the host alike.
    const shares: { floor: LoadFigures; gridNew: LoadFigures; share: number }[] = [];
    for (let pair = 0; pair < SHARE_PAIRS; pair += 1) {
      const pairFloor = await measure(`${app.url}/api/health`, {}, 200);
      // Each pair its own number of bags: no window finds another's grids prepared.
      const gridNew = await measure(`${app.url}${grid.one}`, BROWSER, 200, (n) =>
        grid.nth(n + pair * 4_620),
      );
      shares.push({
        floor: pairFloor,
        gridNew,
        share: gridNew.requestsPerSecond / Math.max(pairFloor.requestsPerSecond, 1),
      });
    }

    console.log(
      `\n/api/data reads  (${ROUNDS} round(s) × ${SHORT ? 2 : DURATION_SECONDS} s, ${CONNECTIONS} connections, SQLite)`,
    );
    console.log(row('floor: GET /api/health', floor));
    for (const { read, cacheControl, compressedBytes, cold, warm } of results) {
      console.log(
        `\n  ${read.title}  GET ${read.path}  (${(compressedBytes / 1024).toFixed(1)} KB compressed)`,
      );
      console.log(row('cold (200)', cold));
      console.log(row('warm (304)', warm));
      console.log(`    cached                  no request while fresh: ${cacheControl}`);
      for (const [phase, figures, budget] of [
        ['cold', cold, DATA_BUDGETS.coldP99Ms],
        ['warm', warm, DATA_BUDGETS.warmP99Ms],
      ] as const) {
        if (figures.errors + figures.non2xx > 0) {
          failures.push(
            `${read.path} ${phase}: ${figures.errors + figures.non2xx} errors under load`,
          );
        }
        if (figures.latencyP99Ms > budget) {
          failures.push(`${read.path} ${phase}: p99 ${figures.latencyP99Ms} ms > ${budget} ms`);
        }
      }
      if (read.path === '/api/data/init' && compressedBytes > DATA_BUDGETS.initCompressedBytes) {
        failures.push(
          `${read.path}: ${compressedBytes} bytes compressed > ${DATA_BUDGETS.initCompressedBytes}`,
        );
      }
    }
    console.log('\n  price grid  GET /api/cheapest-price/grid/{out}/{back}?out=&back=&bags=');
    for (const { floor: pairFloor, gridNew, share } of shares) {
      console.log(row('health, just before', pairFloor));
      console.log(row('a new pair per request', gridNew));
      console.log(`    ${(share * 100).toFixed(1)}% of the health route's requests per second`);
      if (gridNew.errors + gridNew.non2xx > 0) {
        failures.push(`grid, new pairs: ${gridNew.errors + gridNew.non2xx} errors under load`);
      }
      if (gridNew.latencyP95Ms > DATA_BUDGETS.gridNewPairP95Ms) {
        failures.push(
          `grid, new pairs: p95 ${gridNew.latencyP95Ms.toFixed(1)} ms > ${DATA_BUDGETS.gridNewPairP95Ms} ms`,
        );
      }
    }
    const median = [...shares].sort((a, b) => a.share - b.share)[
      Math.floor(shares.length / 2)
    ] as (typeof shares)[number];
    console.log(
      `    median share ${(median.share * 100).toFixed(1)}% (budget ≥ ${DATA_BUDGETS.gridNewPairShareOfFloor * 100}%)`,
    );
    if (median.share < DATA_BUDGETS.gridNewPairShareOfFloor) {
      failures.push(
        `grid, new pairs: median ${(median.share * 100).toFixed(1)}% of the health route's requests per second < ${DATA_BUDGETS.gridNewPairShareOfFloor * 100}%`,
      );
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    throw new Error(`data benchmark over budget:\n  ${failures.join('\n  ')}`);
  }
  console.log('\n  every data read within its budget');
}
