import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiText, requestLocale } from '../lib/api-messages.ts';
import { ServiceError } from '../lib/service-error.ts';
import type { WindowCounters } from '../lib/window-counters.ts';

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

/** The answer @fastify/rate-limit expects of its store. */
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The parameters @fastify/rate-limit hands a store: the global options, then for each route its
 * merged limit options (its declared types say otherwise).
 */
interface StoreParams {
  skipOnError?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store over shared window counters (Redis), one key space per route. When
 * the counters cannot answer, a limit fails open (the request goes on, the outage is logged) unless
 * its route sets `skipOnError: false` — booking creation and sign-in — and then the request is
 * refused with 503 SERVICE_UNAVAILABLE rather than let through unlimited.
 */
function sharedStore(counters: WindowCounters, report: (error: unknown) => void) {
  return class SharedWindowStore implements FastifyRateLimitStore {
    readonly #prefix: string;
    readonly #failClosed: boolean;

    constructor(params: object, prefix = '') {
      this.#prefix = prefix;
      this.#failClosed = (params as StoreParams).skipOnError === false;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      this.#settle(counters.incr(`${this.#prefix}${key}`, timeWindow), callback);
    }

    read(key: string, callback: StoreCallback): void {
      this.#settle(counters.read(`${this.#prefix}${key}`), callback);
    }

    child(params: object): SharedWindowStore {
      const { routeInfo } = params as StoreParams;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new SharedWindowStore(params, `${method}${routeInfo?.url ?? ''}:`);
    }

    #settle(count: Promise<{ current: number; ttl: number }>, callback: StoreCallback): void {
      count.then(
        (result) => callback(null, result),
        (error: unknown) => {
          report(error);
          callback(
            this.#failClosed
              ? new ServiceError('SERVICE_UNAVAILABLE', 'Request limits cannot be checked now')
              : error instanceof Error
                ? error
                : new Error(String(error)),
          );
        },
      );
    }
  };
}

/**
 * Per-client rate limits (@fastify/rate-limit), opted into route by route with
 * `config: { rateLimit: { max, timeWindow } }`; nothing else is limited, so static files and the
 * app shell never are. The client is the request's IP (`TRUST_PROXY` decides whether
 * X-Forwarded-For counts), IPv6 addresses grouped by /56. Past the limit: 429
 * TOO_MANY_REQUESTS with `Retry-After` (seconds) and a message in the visitor's language, through
 * the central error handler.
 *
 * With Redis (`app.windowCounters` shared), every server process counts into the same windows, so
 * a limit holds however many processes serve; a Redis outage lets limited requests through
 * (logged once) except where a route fails closed (`skipOnError: false`). Without Redis, counters
 * live in this process's memory.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const shared =
      app.redis === null
        ? {}
        : {
            store: sharedStore(app.windowCounters, (error) =>
              app.redisOutage?.failure('rate limits', error),
            ),
          };
    await app.register(rateLimit, {
      ...shared,
      global: false,
      ipv6Subnet: 56,
      skipOnError: true,
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
  { name: 'rate-limit', dependencies: ['error-handler', 'redis'] },
);
