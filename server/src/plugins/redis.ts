import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { OutageLog } from '../lib/outage-log.ts';

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
  }
}

/** Reports a connection's errors and recovery to the shared outage log, under `part`. */
export function watchRedis(redis: Redis, outage: OutageLog, part: string): void {
  redis.on('error', (error: Error) => outage.failure(part, error));
  redis.on('ready', () => outage.recovered(part));
}

/**
 * Connects to Redis when a URL is configured, failing the start-up when it cannot be reached, and
 * disconnects when the app closes. A later outage is logged once, then once a minute with a count,
 * and its end once (`lib/outage-log.ts`); ioredis reconnects by itself. Without a URL everything runs in one process's memory.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url?: string }) => {
    if (!options.url) {
      app.decorate('redis', null);
      app.decorate('redisOutage', null);
      return;
    }
    const redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      connectionName: 'uniquair',
    });
    const outage = new OutageLog({ name: 'redis', log: app.log });
    watchRedis(redis, outage, 'main');
    await redis.connect();
    app.decorate('redis', redis);
    app.decorate('redisOutage', outage);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
