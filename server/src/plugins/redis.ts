import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { OutageLog } from '../lib/outage-log.ts';
import {
  MemoryWindowCounters,
  RedisWindowCounters,
  type WindowCounters,
} from '../lib/window-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A Redis connection when `REDIS_URL` is set (shared state between server processes: search
     * progress); null otherwise. Publishers use it directly; subscribers `duplicate()` it.
     */
    redis: Redis | null;
    /**
     * The log of Redis outages, shared by every connection (the loss once, a reminder a minute,
     * the recovery once); null without Redis.
     */
    redisOutage: OutageLog | null;
    /**
     * Counters of events per key in fixed windows (rate limits, booking look-up misses): in Redis
     * when configured, so every server process counts into one window; else in this process.
     */
    windowCounters: WindowCounters;
  }
}

/** How long a counter step may take before the request goes on without it. */
const COUNTER_TIMEOUT_MS = 1000;

/** Reports a connection's errors and recovery to the shared outage log, under `part`. */
export function watchRedis(redis: Redis, outage: OutageLog, part: string): void {
  redis.on('error', (error: Error) => outage.failure(part, error));
  redis.on('ready', () => outage.recovered(part));
}

/**
 * Connects to Redis when a URL is configured, failing the start-up when it cannot be reached, and
 * disconnects when the app closes. A later outage is logged once, then once a minute with a count,
 * and its end once (`lib/outage-log.ts`); ioredis reconnects by itself. Keys are named under
 * `prefix` (`REDIS_PREFIX`). Without a URL everything runs in one process's memory.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url?: string; prefix: string }) => {
    if (!options.url) {
      app.decorate('redis', null);
      app.decorate('redisOutage', null);
      app.decorate('windowCounters', new MemoryWindowCounters());
      return;
    }
    const redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      connectionName: 'uniquair',
    });
    const outage = new OutageLog({ name: 'redis', log: app.log });
    watchRedis(redis, outage, 'main');
    // Counters get a connection of their own that never queues: while Redis is away a limit
    // answers at once (and its route decides whether to let the request through), not after the
    // reconnection attempts a queued command would wait for.
    const counters = redis.duplicate({
      enableOfflineQueue: false,
      commandTimeout: COUNTER_TIMEOUT_MS,
      connectionName: 'uniquair-counters',
    });
    watchRedis(counters, outage, 'counters');
    await Promise.all([redis.connect(), counters.connect()]);
    app.decorate('redis', redis);
    app.decorate('redisOutage', outage);
    app.decorate('windowCounters', new RedisWindowCounters(counters, options.prefix));
    app.addHook('onClose', async () => {
      await Promise.all(
        [redis, counters].map((connection) =>
          connection.quit().catch(() => connection.disconnect()),
        ),
      );
    });
  },
  { name: 'redis' },
);
