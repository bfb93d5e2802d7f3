import { randomBytes } from 'node:crypto';
import { addDays } from '@uniquair/domain/dates/ymd';
import { SearchInitResponseSchema, type SearchProgress } from '@uniquair/contract/search';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp, type BuildAppOptions } from '../../app.ts';
import { openDatabase } from '../../db/dialect.ts';
import { testConfig, buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import {
  counting,
  dailyRoundTrip,
  eventually,
  gated,
  inventoryOf,
  readEvents,
} from '../../../test/helpers/search.ts';
import { OutageLog } from '../../lib/outage-log.ts';
import { LocalProgressBus, RedisProgressBus } from './search.progress-bus.ts';

/** Redis runs beside the test databases (127.0.0.1:6379); these tests need it. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const ONE_ADULT = { adults: 1, children: 0, infants: 0 };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * A second server process in miniature: another app over the same database as `first` (its own
 * connections, its own jobs, its own memory), as a second server behind a load balancer.
 */
async function secondProcess(
  first: TestApp,
  env: Record<string, string>,
  options: Pick<BuildAppOptions, 'clock' | 'search'>,
): Promise<FastifyInstance> {
  const database = openDatabase(first.config.databaseUrl);
  const config = testConfig(first.config.databaseUrl, {
    ...env,
  });
  const app = await buildApp({ ...options, config, database, logger: false });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.ready();
  return app;
}

describe('the Redis progress bus', () => {
  let redis: Redis;
  const prefix = `uniquair-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
  });

  afterAll(async () => {
    await redis.quit();
  });

  it('delivers across buses, once locally, and only to the searches listened to', async () => {
    const silent = {
      warn: () => undefined,
      info: () => undefined,
    } as unknown as ConstructorParameters<typeof RedisProgressBus>[1];
    const outage = new OutageLog({ name: 'redis', log: silent });
    const one = new RedisProgressBus(redis, silent, prefix, outage);
    const two = new RedisProgressBus(redis.duplicate(), silent, prefix, outage);
    const other = new RedisProgressBus(redis.duplicate(), silent, `${prefix}other:`, outage);
    await Promise.all([one.ready(), two.ready(), other.ready()]);
    try {
      const heardOnOne: SearchProgress[] = [];
      const heardOnTwo: SearchProgress[] = [];
      const heardElsewhere: SearchProgress[] = [];
      const stopOne = one.subscribe('h1', (progress) => heardOnOne.push(progress));
      const stopTwo = two.subscribe('h1', (progress) => heardOnTwo.push(progress));
      other.subscribe('h1', (progress) => heardElsewhere.push(progress));
      const heardOnOtherSearch: SearchProgress[] = [];
      two.subscribe('h2', (progress) => heardOnOtherSearch.push(progress));
      // Subscribing is asynchronous; wait until Redis counts both subscribers of the channel.
      for (let i = 0; i < 100; i += 1) {
        const counts = (await redis.pubsub('NUMSUB', `${prefix}search:h1`)) as [string, number];
        if (counts[1] === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      one.publish('h1', { status: 'progress', progress: 50 });
      one.publish('h1', { status: 'done', progress: 100 });
      await eventually(() => heardOnTwo.length === 2);
      expect(heardOnTwo).toEqual([
        { status: 'progress', progress: 50 },
        { status: 'done', progress: 100 },
      ]);
      // The publisher's own listeners hear it once, directly, not again through Redis.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heardOnOne).toHaveLength(2);
      expect(heardElsewhere).toEqual([]);
      expect(heardOnOtherSearch).toEqual([]);
      stopOne();
      stopTwo();
      expect(one.shared).toBe(true);
      expect(new LocalProgressBus().shared).toBe(false);
    } finally {
      await Promise.all([one.close(), two.close(), other.close()]);
    }
  });
});

describe(`two server processes on one database (${dialectUnderTest()})`, () => {
  let first: TestApp;
  let gate: ReturnType<typeof gated>;
  const prefix = `uniquair-test-${randomBytes(4).toString('hex')}:`;
  const clock = testClock();

  beforeAll(async () => {
    first = await buildTestApp(
      { REDIS_URL, REDIS_PREFIX: prefix, SEARCH_MAX_STREAMS_PER_CLIENT: '0' },
      {
        clock: clock.now,
        search: {
          initWaitMs: 0,
          suppliers: (app) => {
            gate = gated(inventoryOf(app));
            return [gate];
          },
        },
      },
    );
  });

  afterAll(() => first.close());

  async function startOnFirst(day: number): Promise<{ hash: string; payload: object }> {
    const { out, back } = await dailyRoundTrip(first.app.db);
    const payload = {
      destinations: [
        { route: out.id, date: addDays(TEST_TODAY, day) },
        { route: back.id, date: addDays(TEST_TODAY, day + 3) },
      ],
      passengers: ONE_ADULT,
    };
    const response = await first.app.inject({ method: 'POST', url: '/api/search/init', payload });
    const { hash, status } = SearchInitResponseSchema.parse(response.json());
    expect(status).toBe('progress');
    await eventually(() => gate.waiting() === 2);
    return { hash, payload };
  }

  it('with Redis: the other process joins the job and streams its progress as it happens', async () => {
    const supplierOfSecond = counting({ name: 'unused', search: async () => [] });
    const second = await secondProcess(
      first,
      { REDIS_URL, REDIS_PREFIX: prefix, SEARCH_MAX_STREAMS_PER_CLIENT: '0' },
      {
        clock: clock.now,
        // The database is not re-read within the test: what arrives comes through Redis.
        search: { initWaitMs: 0, watchPollMs: 600_000, suppliers: () => [supplierOfSecond] },
      },
    );
    try {
      const base = await listen(second);
      const { hash, payload } = await startOnFirst(20);

      const joined = await second.inject({ method: 'POST', url: '/api/search/init', payload });
      expect(joined.headers['search-job']).toBe('joined');
      expect(SearchInitResponseSchema.parse(joined.json())).toMatchObject({
        hash,
        status: 'progress',
      });

      const events = readEvents(await fetch(`${base}/spp/search/ssestatus/${hash}`));
      const socket = new WebSocket(`${base.replace('http', 'ws')}/sp/search/status?hash=${hash}`);
      const messages: SearchProgress[] = [];
      socket.on('message', (data: Buffer) => {
        messages.push(JSON.parse(data.toString('utf8')) as SearchProgress);
      });
      const closed = new Promise<string>((resolve) =>
        socket.on('close', (_code: number, reason: Buffer) => resolve(reason.toString('utf8'))),
      );
      await eventually(() => second.searchEngine.streams.openCount === 2 && messages.length === 1);
      // Let Redis register the subscription before the first process publishes.
      for (let i = 0; i < 100; i += 1) {
        const counts = (await second.redis?.pubsub('NUMSUB', `${prefix}search:${hash}`)) as [
          string,
          number,
        ];
        if (counts[1] >= 1) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }

      gate.releaseOne();
      gate.releaseOne();
      const { events: received } = await events;
      expect(received[0]).toEqual({ status: 'progress', progress: 0 });
      expect(received.at(-1)).toEqual({ status: 'done', progress: 100 });
      expect(received.some((event) => event.progress === 50)).toBe(true);
      expect(await closed).toBe('done');
      expect(messages.at(-1)).toEqual({ status: 'done', progress: 100 });
      expect(supplierOfSecond.calls).toHaveLength(0);

      // The result stored by the first process is served by the second.
      const result = await second.inject({ url: `/api/search/result/${hash}` });
      expect(result.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('without Redis: the other process still sees the end by re-reading the database', async () => {
    const second = await secondProcess(
      first,
      { SEARCH_MAX_STREAMS_PER_CLIENT: '0' },
      { clock: clock.now, search: { initWaitMs: 0, watchPollMs: 25, suppliers: () => [] } },
    );
    try {
      const base = await listen(second);
      const { hash } = await startOnFirst(30);
      const events = readEvents(await fetch(`${base}/spp/search/ssestatus/${hash}`));
      await eventually(() => second.searchEngine.streams.openCount === 1);
      gate.release();
      const { events: received } = await events;
      expect(received[0]?.status).toBe('progress');
      expect(received.at(-1)).toEqual({ status: 'done', progress: 100 });
    } finally {
      await second.close();
    }
  });
});
