import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError } from '../lib/service-error.ts';
import type { ActiveSession } from './session.ts';

/**
 * Who may call a route, declared as `config: { auth }`; the OpenAPI document states it as the
 * operation's `security`. Without it a route is public.
 * - `session`: signed-in users only. The session is checked before the body is read or
 *   validated, so a signed-out caller always learns it with 401 (SPEC §4, §8).
 * - `optionalSession`: anyone; a session changes the answer (the user's own data or choices).
 * - `sessionOrBookingTokens`: bookings of the signed-in user or those whose device tokens the
 *   caller sends in `X-Booking-Tokens`.
 * - `partnerKey`: an airline partner's key in `X-Api-Key`.
 */
export type RouteAuth = 'session' | 'optionalSession' | 'sessionOrBookingTokens' | 'partnerKey';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/**
 * The signed-in session of a request; `ERROR_UNAUTHORIZED` (401) for an anonymous visitor
 * (SPEC §8), whose cookie is missing, unknown, expired or idle too long.
 */
export async function requireSession(request: FastifyRequest): Promise<ActiveSession> {
  const session = await request.server.sessions.current(request);
  if (session === null) throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
  return session;
}

async function sessionGuard(request: FastifyRequest): Promise<void> {
  await requireSession(request);
}

/**
 * Guards every route declared `auth: 'session'` with an `onRequest` hook: no body is parsed,
 * validated or acted on for a caller who is not signed in. Registered before the routes.
 */
export const authGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.auth !== 'session') return;
      const hooks = route.onRequest;
      route.onRequest = [...(hooks === undefined ? [] : [hooks].flat()), sessionGuard];
    });
  },
  { name: 'auth-guard' },
);

/**
 * Marks an answer about a signed-in user as never to be stored by any cache (ASVS 14.3.2) and as
 * varying with the cookie.
 */
export function privateAnswer(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('vary', 'Cookie');
}
