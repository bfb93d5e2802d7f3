import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { passesLuhn } from '@uniquair/domain/payments/card-number';
import { errorBody } from '../lib/error-body.ts';
import { findInJson } from '../lib/find-in-json.ts';

/**
 * The ways a card number is written, after its first digit (ISO/IEC 7812 numbers start with 1–9):
 * 13–19 digits in one run, in groups of four (the last shorter: 4-4-4-4, 4-4-4-4-3, 4-4-4-1), or
 * 4-6-5 / 4-6-4 (American Express, Diners), grouped by one kind of separator, a space or a dash.
 */
const CARD_LAYOUTS = [
  String.raw`\d{12,18}`,
  ...[' ', '-'].flatMap((separator) => [
    String.raw`\d{3}(?:${separator}\d{4}){2}${separator}\d{1,4}(?:${separator}\d{3})?`,
    String.raw`\d{3}${separator}\d{6}${separator}\d{4,5}`,
  ]),
];

/**
 * A card-number layout standing on its own: not inside a word, an e-mail address, a phone number
 * (`+…`), a path or a dotted or dashed identifier; only spaces and punctuation ending a phrase
 * may touch it (`nobody-1795637095990-3@example.com` holds no card number).
 */
const CARD_LIKE = new RegExp(
  String.raw`(?<![\p{L}\p{N}\p{M}_@+./\\\-])[1-9](?:${CARD_LAYOUTS.join('|')})` +
    String.raw`(?![\p{L}\p{N}\p{M}_@]|[./\\\-][\p{L}\p{N}])`,
  'gu',
);

/**
 * Whether a text holds a card number: a Luhn-valid number of 13–19 digits written as cards are
 * (see CARD_LIKE). 13 digits starting with 1 are epoch milliseconds, not a card.
 */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_LIKE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length === 13 && digits.startsWith('1')) continue;
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true;
  }
  return false;
}

const CARD_NUMBER = {
  text: containsCardNumber,
  number: (value: number) => Number.isFinite(value) && containsCardNumber(value.toFixed(0)),
};

/** The path (`body.card.number`) of the first value holding a card number, or null. */
export function findCardNumber(value: unknown, path = 'body'): string | null {
  return findInJson(value, path, CARD_NUMBER);
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
