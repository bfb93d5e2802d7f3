import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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

export { sendStoredAnswer } from '../../lib/stored-answer.ts';
