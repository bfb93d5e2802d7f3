import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compare,
  REPO_ROOT,
  report,
  SHORT,
  startProcess,
  seededSqlite,
  serverEnv,
} from '../harness.ts';

const PASSWORD = 'a long benchmark phrase';

/** Sends a JSON POST as the web app does (same-site Origin); answers the response. */
function post(base: string, path: string, body: unknown = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
}

/** The session cookie (`name=value`) a response sets. */
function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('uq_sid='));
  if (cookie === undefined) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(';')[0] ?? '';
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/**
 * Accounts: (1) `GET /api/users/current` for a signed-in session — cookie parsing, the session and
 * user look-up on a seeded SQLite file, security headers, no-store — against a bare node:http
 * server replaying the identical bytes; (2) sign-in latency, dominated by the Argon2id check
 * (m = 19456 KiB, t = 2, p = 1), measured over a bounded number of sequential sign-ins. The server
 * runs in development mode without SMTP, so the confirmation link is read from /dev/mailbox.
 */
export async function accountsBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-'));
  const app = await startProcess(
    'server',
    join(REPO_ROOT, 'server/src/server.ts'),
    {
      DATABASE_URL: await seededSqlite(dataDir),
      LOG_LEVEL: 'warn',
      ...serverEnv('development'),
    },
    '/api/health',
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const email = `bench.${Date.now()}@example.com`;
    const registered = await post(app.url, '/api/users/register', {
      firstName: 'Ana',
      lastName: 'Bench',
      email,
      password: PASSWORD,
    });
    if (!registered.ok) throw new Error(`register: ${registered.status}`);
    const mailbox = await (await fetch(`${app.url}/dev/mailbox`)).text();
    const token = /\/confirm-email\/([0-9a-f]{40})/.exec(mailbox)?.[1];
    if (token === undefined) throw new Error('no confirmation link in /dev/mailbox');
    const cookie = sessionCookie(await post(app.url, `/api/users/email/${token}/confirm`));

    const recorded = await fetch(`${app.url}/api/users/current`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await recorded.arrayBuffer());
    if (!body.toString().includes('"isLogged":true')) throw new Error('the session is not live');
    const headers: Record<string, string> = {};
    recorded.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const replayFile = join(dataDir, 'replay.json');
    writeFileSync(
      replayFile,
      JSON.stringify([
        {
          path: '/api/users/current',
          conditional: false,
          status: recorded.status,
          headers,
          body: body.toString('base64'),
        },
      ]),
    );
    bare = await startProcess(
      'bare',
      join(REPO_ROOT, 'bench/src/servers/replay-server.ts'),
      { BENCH_REPLAY_FILE: replayFile },
      '/api/users/current',
    );

    const figures = await compare(
      { name: 'server', url: `${app.url}/api/users/current`, headers: { cookie } },
      { name: 'bare', url: `${bare.url}/api/users/current`, headers: { cookie } },
      { durationSeconds: SHORT ? 2 : undefined },
    );
    report(
      'GET /api/users/current, signed in',
      { subject: 'Uniquair server (SQLite)', baseline: 'bare node:http, same bytes' },
      figures,
    );
    if (figures.subject.errors + figures.subject.non2xx > 0) {
      throw new Error('the server answered errors under load');
    }

    // Sequential sign-ins, fewer than the per-client limit of 30 a minute.
    const count = SHORT ? 8 : 25;
    const timings: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const started = performance.now();
      const response = await post(app.url, '/api/users/sign-in', { email, password: PASSWORD });
      timings.push(performance.now() - started);
      if (!response.ok) throw new Error(`sign-in: ${response.status}`);
      await response.arrayBuffer();
    }
    timings.sort((a, b) => a - b);
    const mean = timings.reduce((sum, value) => sum + value, 0) / timings.length;
    console.log(
      `\nPOST /api/users/sign-in (Argon2id m=19456 KiB, t=2, p=1), ${count} sequential: ` +
        `mean ${mean.toFixed(1)} ms, p50 ${percentile(timings, 0.5).toFixed(1)} ms, ` +
        `p95 ${percentile(timings, 0.95).toFixed(1)} ms (budget: p95 ≤ 250 ms)`,
    );
  } finally {
    await Promise.all([app.stop(), bare?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
