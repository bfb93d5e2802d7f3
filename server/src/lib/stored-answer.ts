import type { FastifyReply } from 'fastify';

/** An answer stored for an `Idempotency-Key`: its status and its exact bytes. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * Sends a stored answer as it was first sent: the same status and bytes, never cached (it is about
 * one caller's request), varying with the cookie.
 */
export function sendStoredAnswer(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .header('vary', 'Cookie')
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(answer.body);
}
