import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../lib/error-body.ts';
import { findInJson } from '../lib/find-in-json.ts';

const NUL = '\u0000';

const NUL_TEXT = { text: (text: string) => text.includes(NUL), keys: true } as const;

/** The path (`body.passengers.0.firstName`) of the first key or string holding U+0000, or null. */
export function findNulCharacter(value: unknown, path: string): string | null {
  const found = findInJson(value, path, NUL_TEXT);
  // A key's NUL is written as `\0` in the field name the answer carries.
  return found === null ? null : found.replaceAll(NUL, '\\0');
}

/** Refuses a request whose parameters, query or JSON body hold U+0000 (see the plugin). */
function refuseNulCharacters(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const field =
    findNulCharacter(request.params, 'params') ??
    findNulCharacter(request.query, 'querystring') ??
    findNulCharacter(request.body, 'body');
  if (field === null) {
    done();
    return;
  }
  void reply
    .code(400)
    .send(errorBody('VALIDATION_ERROR', { [field]: ['Contains a character that is not allowed'] }));
}

/**
 * No text the API takes holds the NUL character (U+0000): PostgreSQL cannot store it in a text
 * column (the insert fails, which would be a 500) and no name, address or code has one. A
 * request to an `/api/` route whose path parameters, query or JSON body hold one — in a value or
 * a key — is refused with 400 VALIDATION_ERROR naming the field, before validation and before
 * any route code runs, on SQLite and PostgreSQL alike. Register before the routes.
 */
export const nulCharacterGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!(route.url === '/api' || route.url.startsWith('/api/'))) return;
      const existing = route.preValidation;
      route.preValidation = [
        refuseNulCharacters,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    });
  },
  { name: 'nul-character-guard' },
);
