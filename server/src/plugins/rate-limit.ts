import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IntlMessageFormat } from 'intl-messageformat';
import { negotiateLocale } from '@uniquair/domain/locale/accept-language';
import { ENABLED_LOCALES } from '@uniquair/domain/locale/languages';
import { CATALOGUE_LOCALES, loadMessages, SOURCE_LOCALE } from '@uniquair/i18n/messages';
import { ServiceError } from '../lib/service-error.ts';

/** The catalogue text of every 429 answer: 'Too many attempts. Please try again in {minutes}…'. */
const TOO_MANY_KEY = 'errors.tooManyRequests';

const tooManyTexts = new Map<string, IntlMessageFormat>();

/** Compiles the 429 text of every catalogue once, so answering 429 never waits for a file. */
async function loadTooManyTexts(): Promise<void> {
  if (tooManyTexts.size > 0) return;
  for (const locale of CATALOGUE_LOCALES) {
    const { messages } = await loadMessages(locale);
    tooManyTexts.set(
      locale,
      new IntlMessageFormat(messages[TOO_MANY_KEY], locale.replace('_', '-')),
    );
  }
}

/**
 * The 429 message in the visitor's language (the chosen locale's cookie, else Accept-Language),
 * with the wait rounded up to whole minutes.
 */
export function tooManyRequestsMessage(request: FastifyRequest, retryAfterSeconds: number): string {
  const chosen = request.server.visitorCookies.read(request, 'locale');
  const locale =
    chosen !== undefined && tooManyTexts.has(chosen)
      ? chosen
      : negotiateLocale(request.headers['accept-language'], ENABLED_LOCALES);
  const text = tooManyTexts.get(locale) ?? tooManyTexts.get(SOURCE_LOCALE);
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return text === undefined ? 'Too many attempts' : String(text.format({ minutes }));
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
    await loadTooManyTexts();
    await app.register(rateLimit, {
      global: false,
      ipv6Subnet: 56,
      addHeaders: {
        'x-ratelimit-limit': true,
        'x-ratelimit-remaining': true,
        'x-ratelimit-reset': true,
        'retry-after': true,
      },
      errorResponseBuilder: (request, context) =>
        Object.assign(new Error(tooManyRequestsMessage(request, Math.ceil(context.ttl / 1000))), {
          statusCode: context.statusCode,
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['cookies'] },
);
