import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiText, requestLocale } from '../lib/api-messages.ts';
import { ServiceError } from '../lib/service-error.ts';

/**
 * The 429 message in the visitor's language (the chosen locale's cookie, else Accept-Language):
 * 'Too many attempts. Please try again in {minutes} minutes.', the wait rounded up to whole
 * minutes.
 */
export function tooManyRequestsMessage(request: FastifyRequest, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return apiText(requestLocale(request), 'errors.tooManyRequests', { minutes });
}

/**
 * A 429 TOO_MANY_REQUESTS of a route's own limit: `Retry-After` set, the message in the visitor's
 * language under `_`.
 */
export function tooManyRequests(
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterSeconds: number,
): ServiceError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  reply.header('retry-after', String(seconds));
  const message = tooManyRequestsMessage(request, seconds);
  return new ServiceError('TOO_MANY_REQUESTS', message, { _: [message] });
}

/**
 * Per-client rate limits (@fastify/rate-limit), opted into route by route with
 * `config: { rateLimit: { max, timeWindow } }`; nothing else is limited, so static files and the
 * app shell never are. The client is the request's IP (`TRUST_PROXY` decides whether
 * X-Forwarded-For counts), IPv6 addresses grouped by /56. Past the limit: 429
 * TOO_MANY_REQUESTS with `Retry-After` (seconds) and a message in the visitor's language, through
 * the central error handler.
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
      errorResponseBuilder: (request, context) => {
        const message = tooManyRequestsMessage(request, Math.ceil(context.ttl / 1000));
        return new ServiceError('TOO_MANY_REQUESTS', message, { _: [message] });
      },
    });
  },
  { name: 'rate-limit', dependencies: ['error-handler'] },
);
