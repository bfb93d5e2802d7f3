import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import {
  createDatabase,
  dropDatabase,
  PG_ADMIN_URL,
  withAdminClient,
  withDatabase,
} from '../setup/postgres-admin.ts';
import { post } from './booking-http.ts';
import {
  CHAOS_SECRET,
  freePort,
  SERVER_ENTRY,
  startProcess,
  type RunningProcess,
} from './processes.ts';

/**
 * PostgreSQL lost mid-run, with the app as a real process reaching it through a TCP proxy the test
 * cuts and restores: every request answers 503 DATABASE_UNAVAILABLE with Retry-After while the
 * database is away (never a 500), and the same process serves again once it is back.
 */
describe('the database lost under a running app (PostgreSQL)', () => {
  const prefix = process.env.CHAOS_DATABASE_PREFIX ?? 'uniquair_chaos';
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  let proxy: TcpProxy;
  let app: RunningProcess;

  beforeAll(async () => {
    await withAdminClient(PG_ADMIN_URL, (client) => createDatabase(client, name));
    const server = new URL(PG_ADMIN_URL);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const through = new URL(withDatabase(PG_ADMIN_URL, name));
    through.host = proxy.address;
    const port = await freePort();
    // An empty database: the app migrates it at start; no demo data is needed here.
    app = await startProcess(
      SERVER_ENTRY,
      {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'error',
        SESSION_SECRET: CHAOS_SECRET,
        DATABASE_URL: through.toString(),
        SEED_ON_START: 'false',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
      `http://127.0.0.1:${port}`,
      '/api/health',
    );
  });

  afterAll(async () => {
    await app?.kill();
    await proxy?.close();
    await withAdminClient(PG_ADMIN_URL, (client) => dropDatabase(client, name));
  });

  const report = () =>
    post(app.url, '/api/error/save', { component: 'chaos', info: 'database cut' });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while cut, and recovers without restart', async () => {
    expect((await report()).status).toBe(200);
    await proxy.cut();
    for (let index = 0; index < 5; index += 1) {
      const response = await report();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await fetch(`${app.url}/api/health`)).status).toBe(503);
    await proxy.restore();
    const after = await report();
    expect(after.status, await after.text()).toBe(200);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  });
});
