import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { passesLuhn } from '@uniquair/domain/payments/card-number';
import { errorBody } from '../lib/error-body.ts';

/**
 * Runs of 13–19 digits, optionally grouped by single spaces or dashes, as cards are written, and
 * standing on their own: digits inside a longer word (hex tokens, hashes) are not a card number.
 */
const DIGIT_RUN = /(?<![A-Za-z0-9])\d(?:[ -]?\d){12,18}(?![A-Za-z0-9])/g;

/** Whether a text holds something that looks like a card number (Luhn-valid, 13–19 digits). */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/[ -]/g, '');
    // 13 digits starting with 1 are epoch milliseconds (no card brand issues such numbers).
    if (digits.length === 13 && digits.startsWith('1')) continue;
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true;
  }
  return false;
}

/** The path (`body.card.number`) of the first value holding a card number, or null. */
export function findCardNumber(value: unknown, path = 'body', depth = 0): string | null {
  if (depth > 32) return null;
  if (typeof value === 'string') return containsCardNumber(value) ? path : null;
  if (typeof value === 'number') {
    return Number.isFinite(value) && containsCardNumber(value.toFixed(0)) ? path : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findCardNumber(value[index], `${path}.${index}`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const found = findCardNumber(item, `${path}.${key}`, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Refuses a JSON body that carries a card number anywhere (see cardDataGuardPlugin). */
function refuseCardNumbers(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) {
    done();
    return;
  }
  const field = findCardNumber(body);
  if (field === null) {
    done();
    return;
  }
  request.log.warn(
    { field, route: request.routeOptions.url },
    'a card number was sent to the API: refused',
  );
  void reply.code(400).send(
    errorBody('VALIDATION_ERROR', {
      [field]: ['Card numbers are never sent to this service'],
    }),
  );
}

/** Methods whose requests carry a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Card data never reaches our API (reference B6–B8, §5): card fields go from the browser straight
 * to the gateway. A JSON body under `/api/` that carries a Luhn-valid number of 13–19 digits
 * anywhere is refused with 400 VALIDATION_ERROR before any route sees it, and a warning names the
 * field — never the value. (The gateway's own tokenisation endpoint is outside `/api/`.) The check
 * is added to the `/api/` routes that take a body, so reads pay nothing for it; register this
 * plugin before the routes.
 */
export const cardDataGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const takesBody = methods.some((method) => BODY_METHODS.has(method.toUpperCase()));
      if (!takesBody || !(route.url === '/api' || route.url.startsWith('/api/'))) return;
      const existing = route.preValidation;
      route.preValidation = [
        refuseCardNumbers,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    });
  },
  { name: 'card-data-guard' },
);
