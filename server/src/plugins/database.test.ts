import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/dialect.ts';
import {
  BOOKING_TEST_ENV,
  bookingBody,
  createBooking,
  searchTrip,
  type TripSearch,
} from '../../test/helpers/booking.ts';
import { testClock } from '../../test/helpers/clock.ts';
import {
  createTestDatabase,
  dialectUnderTest,
  type TestDatabase,
} from '../../test/helpers/database.ts';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy.ts';
import { testConfig } from '../../test/helpers/build.ts';

/**
 * PostgreSQL lost mid-run (docs/booking.md): the app reaches the database through a TCP proxy the
 * test cuts and restores. Writes answer 503 DATABASE_UNAVAILABLE with Retry-After, never 500, and
 * work again once the database is back, without a restart.
 */
describe.runIf(dialectUnderTest() === 'postgres')('the database lost mid-run', () => {
  let copy: TestDatabase;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let trip: TripSearch;
  const messages: string[] = [];

  beforeAll(async () => {
    copy = await createTestDatabase();
    const url = new URL(copy.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = proxy.address;
    database = openDatabase(url.toString());
    const config = testConfig(url.toString(), {
      ...BOOKING_TEST_ENV,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) {
          messages.push((JSON.parse(text) as { msg: string }).msg);
        }
        done();
      },
    });
    app = await buildApp({
      config,
      database,
      clock: testClock().now,
      search: { initWaitMs: 10_000 },
      logger: { level: 'info', stream },
    });
    await app.ready();
    trip = await searchTrip(app, { days: 40, oneWay: true });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await copy?.dispose();
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is out, and recovers by itself', async () => {
    expect((await createBooking(app, bookingBody(trip))).statusCode).toBe(200);

    await proxy.cut();
    const during = await Promise.all(
      Array.from({ length: 5 }, () => createBooking(app, bookingBody(trip))),
    );
    for (const response of during) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);

    await proxy.restore();
    const after = await createBooking(app, bookingBody(trip));
    expect(after.statusCode, after.body).toBe(200);
    expect(messages.filter((message) => message === 'database unreachable')).toHaveLength(1);
    expect(messages).toContain('database reachable again');
    expect(messages).not.toContain('request failed');
  });
});
