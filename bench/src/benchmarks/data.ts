import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compare,
  REPO_ROOT,
  report,
  SHORT,
  startProcess,
  type LoadTarget,
  seededSqlite,
} from '../harness.ts';

/** Headers that belong to one connection or one moment, not to the answer. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Case {
  title: string;
  path: string;
  headers?: Record<string, string>;
  expectedStatus: number;
  /** Printed for information, not one of the G7 reads. */
  informative?: boolean;
}

async function record(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  const recorded: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) recorded[name] = value;
  });
  return { status: response.status, headers: recorded, body };
}

/**
 * The hot `/api/data` reads (performance goals G7, G13, G14) on the real server over a seeded
 * SQLite file, against a bare node:http server replaying the identical bytes: `init`, `routes`
 * (200 and the conditional 304) and `currencies`. The load carries no cookies, as a first visit:
 * the tiny answers come from the fast lane (decision 004), the others through Fastify with its
 * hooks. `currencies` with a cookie shows the Fastify path of the same answer, for information.
 * Prints requests per second, latency and the ratio of each.
 */
export async function dataBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-data-'));
  const app = await startProcess(
    'server',
    join(REPO_ROOT, 'server/src/server.ts'),
    {
      DATABASE_URL: await seededSqlite(dataDir),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    },
    '/api/health',
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const routes = await record(`${app.url}/api/data/routes`);
    const lastModified = routes.headers['last-modified'] ?? '';
    const cases: Case[] = [
      { title: 'GET /api/data/init', path: '/api/data/init', expectedStatus: 200 },
      { title: 'GET /api/data/routes', path: '/api/data/routes', expectedStatus: 200 },
      {
        title: 'GET /api/data/routes, If-Modified-Since → 304',
        path: '/api/data/routes',
        headers: { 'if-modified-since': lastModified },
        expectedStatus: 304,
      },
      { title: 'GET /api/data/currencies', path: '/api/data/currencies', expectedStatus: 200 },
      {
        title: 'GET /api/data/currencies, with a cookie (through Fastify)',
        path: '/api/data/currencies',
        // A cookie the server does not use: the same answer, but not the fast lane's request.
        headers: { cookie: 'bench=1' },
        expectedStatus: 200,
        informative: true,
      },
    ];

    const recordings = [];
    for (const item of cases) {
      const answer = await record(`${app.url}${item.path}`, item.headers);
      if (answer.status !== item.expectedStatus) {
        throw new Error(`${item.title}: the server answered ${answer.status}`);
      }
      if (item.informative) continue;
      recordings.push({
        path: item.path,
        conditional: item.headers?.['if-modified-since'] !== undefined,
        status: answer.status,
        headers: answer.headers,
        body: answer.body.toString('base64'),
      });
    }
    const replayFile = join(dataDir, 'replay.json');
    writeFileSync(replayFile, JSON.stringify(recordings));
    bare = await startProcess(
      'bare',
      join(REPO_ROOT, 'bench/src/servers/replay-server.ts'),
      { BENCH_REPLAY_FILE: replayFile },
      '/api/data/init',
    );

    const sizes = await Promise.all(
      ['identity', 'gzip', 'br'].map(async (encoding) => {
        const response = await fetch(`${app.url}/api/data/init`, {
          headers: { 'accept-encoding': encoding },
        });
        return `${encoding} ${(Number(response.headers.get('content-length')) / 1024).toFixed(1)} kB`;
      }),
    );
    console.log(`\n/api/data/init payload: ${sizes.join(', ')} (goal G13: ≤ 50 kB compressed)`);

    const ratios: string[] = [];
    const informative: string[] = [];
    for (const item of cases) {
      const target = (name: string, base: string): LoadTarget => ({
        name,
        url: `${base}${item.path}`,
        expectedStatus: item.expectedStatus,
        ...(item.headers ? { headers: item.headers } : {}),
      });
      const figures = await compare(target('server', app.url), target('bare', bare.url), {
        durationSeconds: SHORT ? 2 : undefined,
      });
      report(
        item.title,
        { subject: 'Uniquair server (SQLite)', baseline: 'bare node:http, same bytes' },
        figures,
      );
      if (figures.subject.errors + figures.subject.non2xx > 0) {
        throw new Error(`${item.title}: the server answered errors under load`);
      }
      const ratio =
        figures.subject.requestsPerSecond / Math.max(figures.baseline.requestsPerSecond, 1);
      (item.informative ? informative : ratios).push(`${item.title}: ${ratio.toFixed(2)}×`);
    }
    console.log(
      `\nThroughput against the bare handler (goal G7: ≥ 0.8×):\n  ${ratios.join('\n  ')}`,
    );
    if (informative.length > 0) console.log(`For information:\n  ${informative.join('\n  ')}`);
  } finally {
    await Promise.all([app.stop(), bare?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
