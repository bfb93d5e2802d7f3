import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A Redis connection when `REDIS_URL` is set (shared state between server processes: search
     * progress); null otherwise. Publishers use it directly; subscribers `duplicate()` it.
     */
    redis: Redis | null;
  }
}

/**
 * Connects to Redis when a URL is configured, failing the start-up when it cannot be reached, and
 * disconnects when the app closes. Without a URL everything runs in one process's memory.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, options: { url?: string }) => {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      connectionName: 'uniquair',
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
