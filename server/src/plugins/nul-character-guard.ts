import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../lib/error-body.ts';

const NUL = '\u0000';

/** The path (`body.passengers.0.firstName`) of the first key or string holding U+0000, or null. */
export function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (depth > 32) return null;
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNulCharacter(value[index], `${path}.${index}`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const keyPath = `${path}.${key.replaceAll(NUL, '\\0')}`;
      if (key.includes(NUL)) return keyPath;
      const found = findNulCharacter(item, keyPath, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
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
