import { afterEach, describe, expect, it } from 'vitest';
import { HealthResponseSchema, ReadinessResponseSchema } from '@uniquair/contract/health';
import { MIGRATIONS } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { eventually } from '../../../test/helpers/search.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/helpers/tcp-proxy.ts';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

describe('GET /api/health', () => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('answers 200 with the version and the database it reached', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthResponseSchema.parse(response.json());
    expect(body.version).toBe('0.7.0');
    expect(body.database.kind).toBe(dialectUnderTest());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('echoes a safe request id and replaces an unsafe one', async () => {
    testApp = await buildTestApp();
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const replaced = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 DATABASE_UNAVAILABLE when the database is gone', async () => {
    testApp = await buildTestApp();
    await testApp.app.database.close();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expectApiError(response, 503, 'DATABASE_UNAVAILABLE');
  });
});

describe(`GET /api/health/ready (${dialectUnderTest()})`, () => {
  let testApp: TestApp | undefined;
  let proxy: TcpProxy | undefined;

  afterEach(async () => {
    await testApp?.close();
    await proxy?.close();
    testApp = undefined;
    proxy = undefined;
  });

  const ready = (built: TestApp) => built.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('answers 200 when the database answers and every migration is applied', async () => {
    testApp = await buildTestApp();
    const response = await ready(testApp);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = ReadinessResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'ready',
      version: '0.7.0',
      database: { kind: dialectUnderTest() },
      migrations: { applied: Object.keys(MIGRATIONS).length },
      redis: 'off',
    });
  });

  it('answers 503 DATABASE_UNAVAILABLE naming the database when it is gone', async () => {
    testApp = await buildTestApp();
    await testApp.app.database.close();
    const body = expectApiError(await ready(testApp), 503, 'DATABASE_UNAVAILABLE');
    expect(Object.keys(body.errors)).toEqual(['database']);
  });

  it('answers 503 naming the migrations when one is not applied; liveness stays 200', async () => {
    testApp = await buildTestApp();
    const last = Object.keys(MIGRATIONS).at(-1) ?? '';
    const { app } = testApp;
    const migrations = app.db.withTables<{ kysely_migration: { name: string } }>();
    await migrations.deleteFrom('kysely_migration').where('name', '=', last).execute();
    const body = expectApiError(await ready(testApp), 503, 'SERVICE_UNAVAILABLE');
    expect(body.errors).toEqual({ migrations: ['1 migration(s) not applied.'] });
    const live = await app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
  });

  it('answers 503 naming the migrations when they cannot be read', async () => {
    testApp = await buildTestApp();
    await testApp.app.db.schema
      .alterTable('kysely_migration')
      .renameColumn('timestamp', 'applied_at')
      .execute();
    const body = expectApiError(await ready(testApp), 503, 'SERVICE_UNAVAILABLE');
    expect(body.errors).toEqual({ migrations: ['The applied migrations cannot be read.'] });
  });

  it('reads the migrations until all are applied, then no more in that app', async () => {
    const removeLast = (built: TestApp) =>
      built.app.db
        .withTables<{ kysely_migration: { name: string } }>()
        .deleteFrom('kysely_migration')
        .where('name', '=', Object.keys(MIGRATIONS).at(-1) ?? '')
        .execute();
    testApp = await buildTestApp();
    expect((await ready(testApp)).statusCode).toBe(200);
    await removeLast(testApp);
    const again = await ready(testApp);
    expect(again.statusCode).toBe(200);
    expect(ReadinessResponseSchema.parse(again.json()).migrations.applied).toBe(
      Object.keys(MIGRATIONS).length,
    );

    const other = await buildTestApp();
    try {
      await removeLast(other);
      expectApiError(await ready(other), 503, 'SERVICE_UNAVAILABLE');
    } finally {
      await other.close();
    }
  });

  it('answers 503 naming Redis while it is unreachable, and 200 again once it is back', async () => {
    proxy = await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const built = await buildTestApp({ REDIS_URL: `redis://${proxy.address}` });
    testApp = built;
    const up = await ready(built);
    expect(up.statusCode, up.body).toBe(200);
    expect(ReadinessResponseSchema.parse(up.json()).redis).toBe('ready');

    await proxy.cut();
    await eventually(() => built.app.redis?.status !== 'ready');
    const body = expectApiError(await ready(built), 503, 'SERVICE_UNAVAILABLE');
    expect(Object.keys(body.errors)).toEqual(['redis']);

    await proxy.restore();
    await eventually(() => built.app.redis?.status === 'ready');
    expect((await ready(built)).statusCode).toBe(200);
  });
});
