import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, report, REPO_ROOT, startProcess, seededSqlite, serverEnv } from '../harness.ts';

/**
 * GET /api/health on the real server (Fastify, security headers, request ids, a database round
 * trip on a seeded SQLite file) against a bare node:http server answering the same JSON.
 */
export async function healthBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-'));
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
  const bare = await startProcess(
    'bare',
    join(REPO_ROOT, 'bench/src/servers/bare-server.ts'),
    {},
    '/api/health',
  );
  try {
    const figures = await compare(
      { name: 'server', url: `${app.url}/api/health` },
      { name: 'bare', url: `${bare.url}/api/health` },
    );
    report(
      'GET /api/health',
      { subject: 'Uniquair server (SQLite)', baseline: 'bare node:http (no DB)' },
      figures,
    );
    if (figures.subject.errors + figures.subject.non2xx > 0) {
      throw new Error('the server answered errors under load');
    }
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
