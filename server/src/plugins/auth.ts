import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../lib/service-error.ts';
import type { ActiveSession } from './session.ts';

/**
 * The signed-in session of a request; `ERROR_UNAUTHORIZED` (401) for an anonymous visitor
 * (SPEC §8), whose cookie is missing, unknown, expired or idle too long.
 */
export async function requireSession(request: FastifyRequest): Promise<ActiveSession> {
  const session = await request.server.sessions.current(request);
  if (session === null) throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
  return session;
}

/**
 * Marks an answer about a signed-in user as never to be stored by any cache (ASVS 14.3.2) and as
 * varying with the cookie.
 */
export function privateAnswer(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('vary', 'Cookie');
}
