import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Per-client rate limits (@fastify/rate-limit), opted into route by route with
 * `config: { rateLimit: { max, timeWindow } }`; nothing else is limited, so static files and the
 * app shell never are. The client is the request's IP (`TRUST_PROXY` decides whether
 * X-Forwarded-For counts), IPv6 addresses grouped by /56. Past the limit: 429
 * TOO_MANY_REQUESTS with `Retry-After` (seconds), through the central error handler.
 *
 * Counters live in this process's memory, so with several processes each keeps its own.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      ipv6Subnet: 56,
      addHeaders: {
        'x-ratelimit-limit': true,
        'x-ratelimit-remaining': true,
        'x-ratelimit-reset': true,
        'retry-after': true,
      },
    });
  },
  { name: 'rate-limit' },
);
