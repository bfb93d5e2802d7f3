import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { OutageLog } from '../lib/outage-log.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.ts';
import { eventually } from '../../test/helpers/search.ts';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy.ts';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../../test/helpers/build.ts';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

interface Line {
  level: number;
  msg: string;
  errors?: number;
}

describe('a Redis outage in the log', () => {
  let proxy: TcpProxy;
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: Line[] = [];

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    database = await createTestDatabase();
    const config = testConfig(database.url, {
      REDIS_URL: `redis://${proxy.address}`,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(text) as Line);
        }
        done();
      },
    });
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await proxy?.close();
  });

  it('is logged once when it starts and once when it ends, however many errors come between', async () => {
    const redisLines = () => lines.filter((line) => /redis|search progress/i.test(line.msg));
    expect(redisLines()).toEqual([]);
    await proxy.cut();
    await eventually(() => redisLines().length > 0, 30_000);
    // ioredis reconnects again and again (both connections: commands and the subscriber).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const during = redisLines();
    expect(during.filter((line) => line.level >= 40)).toHaveLength(1);
    expect(during[0]?.msg).toBe('redis unreachable');
    await proxy.restore();
    await eventually(
      () => redisLines().some((line) => line.msg === 'redis reachable again'),
      30_000,
    );
    const all = redisLines();
    expect(all.map((line) => line.msg)).toEqual(['redis unreachable', 'redis reachable again']);
    expect(all[1]?.errors).toBeGreaterThan(1);
    expect(await app.redis?.ping()).toBe('PONG');
  });
});

describe('OutageLog', () => {
  it('reminds at most once per interval with the errors since, and reports the end once', () => {
    let now = 0;
    const written: { level: string; msg: string; errors?: number }[] = [];
    const outage = new OutageLog({
      name: 'redis',
      intervalMs: 60_000,
      now: () => now,
      log: {
        warn: (object, msg) => written.push({ level: 'warn', msg, ...object }),
        info: (object, msg) => written.push({ level: 'info', msg, ...object }),
      },
    });
    for (let i = 0; i < 1000; i += 1) {
      outage.failure(i % 2 === 0 ? 'main' : 'subscriber', new Error('ECONNREFUSED'));
      now += 100; // 1000 errors in 100 s
    }
    expect(outage.absorbs()).toBe(true);
    outage.recovered('main');
    expect(outage.down).toBe(true);
    outage.recovered('subscriber');
    expect(outage.down).toBe(false);
    expect(outage.absorbs()).toBe(false);
    expect(written.map((line) => line.msg)).toEqual([
      'redis unreachable',
      'redis still unreachable',
      'redis reachable again',
    ]);
    expect(written[1]?.errors).toBe(600);
    expect(written[2]?.errors).toBe(1001);
  });
});
