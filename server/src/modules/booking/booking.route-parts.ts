import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { privateAnswer } from '../../plugins/auth.ts';
import type { Viewer } from './booking.read.ts';

/** What the booking routes registered beside `bookingRoutes` share. */

/** A booking read through the look-up guard of the booking routes (misses counted, 429). */
export type GuardedRead = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: (viewer: Viewer) => Promise<T>,
) => Promise<T>;

export const deviceTokens = z
  .string()
  .max(4_000)
  .optional()
  .meta({ description: 'Device booking tokens of this browser, comma-separated.' });

/** Sends an answer stored for an `Idempotency-Key` as it was first sent: status and exact bytes. */
export function sendStoredAnswer(reply: FastifyReply, answer: { status: number; body: string }) {
  return privateAnswer(reply)
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(answer.body);
}
