import { randomBytes } from 'node:crypto';
import { addDays } from '@uniquair/domain/dates/ymd';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/dialect.ts';
import { testConfig } from '../../test/helpers/build.ts';
import { enforceContract } from '../../test/helpers/contract.ts';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from '../../test/helpers/database.ts';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { dailyRoundTrip } from '../../test/helpers/search.ts';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy.ts';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/**
 * Two server apps on one database and one Redis, as two processes behind a load balancer: the
 * limits count their requests together, and a Redis outage lets reads through but not booking
 * creation or sign-in.
 */
describe('limits shared by every server process through Redis', () => {
  let proxy: TcpProxy;
  let database: TestDatabase;
  let second: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let routeId: number;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    database = await createTestDatabase();
    second = openDatabase(database.url);
    const config = testConfig(database.url, {
      REDIS_URL: `redis://${proxy.address}`,
      // A key space of this run's own: the counters start at zero.
      REDIS_PREFIX: `uniquair-test-${randomBytes(6).toString('hex')}:`,
      SEARCH_INITS_PER_MINUTE: '10',
      BOOKING_LOOKUP_MISSES: '3',
    });
    a = await buildApp({ config, database, logger: false, instrument: enforceContract });
    b = await buildApp({ config, database: second, logger: false, instrument: enforceContract });
    await Promise.all([a.ready(), b.ready()]);
    routeId = (await dailyRoundTrip(a.db)).out.id;
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.dispose();
    await proxy?.close();
  });

  const search = (app: FastifyInstance, day: number) =>
    app.inject({
      method: 'POST',
      url: '/api/search/init',
      payload: {
        destinations: [{ route: routeId, date: addDays(TEST_TODAY, 20 + day) }],
        passengers: { adults: 1, children: 0, infants: 0 },
      },
    });
  const lookUp = (app: FastifyInstance, pnr: string) =>
    app.inject({ method: 'GET', url: `/api/booking/${pnr}/get` });
  const signIn = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { email: 'nobody@example.com', password: 'not the password' },
    });
  const statuses = (responses: LightMyRequestResponse[]) =>
    responses.map((response) => response.statusCode);

  it('count searches on both processes together: the 11th in a minute, on either, is 429', async () => {
    const first = [];
    for (let day = 1; day <= 10; day += 1) first.push(await search(day % 2 ? a : b, day));
    expect(statuses(first)).toEqual(Array.from({ length: 10 }, () => 200));
    for (const app of [a, b]) {
      const refused = await search(app, 11);
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('count booking look-ups that find nothing on both processes together', async () => {
    const misses = [
      await lookUp(a, 'ZZZZZ01'),
      await lookUp(b, 'ZZZZZ02'),
      await lookUp(a, 'ZZZZZ03'),
    ];
    expect(statuses(misses)).toEqual([404, 404, 404]);
    for (const app of [b, a])
      expectApiError(await lookUp(app, 'ZZZZZ04'), 429, 'TOO_MANY_REQUESTS');
  });

  it('while Redis is away, let searches through and refuse sign-in and booking creation; recover by themselves', async () => {
    await proxy.cut();
    try {
      // Another client: the limits of the tests above are spent for 127.0.0.1.
      const remote = { remoteAddress: '203.0.113.7' };
      await new Promise((resolve) => setTimeout(resolve, 200));
      const searched = await a.inject({
        method: 'POST',
        url: '/api/search/init',
        remoteAddress: remote.remoteAddress,
        payload: {
          destinations: [{ route: routeId, date: addDays(TEST_TODAY, 40) }],
          passengers: { adults: 1, children: 0, infants: 0 },
        },
      });
      expect(searched.statusCode, searched.body).toBe(200);
      const lookedUp = await b.inject({
        method: 'GET',
        url: '/api/booking/ZZZZZ05/get',
        remoteAddress: remote.remoteAddress,
      });
      expectApiError(lookedUp, 404, 'NOT_FOUND');
      expectApiError(await signIn(b), 503, 'SERVICE_UNAVAILABLE');
      const created = await a.inject({
        method: 'POST',
        url: '/api/booking/create',
        remoteAddress: remote.remoteAddress,
        payload: {},
      });
      expectApiError(created, 503, 'SERVICE_UNAVAILABLE');
    } finally {
      await proxy.restore();
    }
    // The counters' connection comes back by itself; sign-in is answered again.
    const deadline = Date.now() + 30_000;
    let answer = (await signIn(b)).statusCode;
    while (answer !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = (await signIn(b)).statusCode;
    }
    expect(answer).toBe(401);
  });
});
