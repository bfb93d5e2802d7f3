import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { deviceTokensShape } from '../../lib/request-headers.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import { parseDeviceTokens } from '../bookings-list/bookings-list.service.ts';
import type { Viewer } from './booking.read.ts';
import { LookupGuard } from './booking.lookup-guard.ts';

/** Window of the look-up miss limit. */
const LOOKUP_WINDOW_MS = 10 * 60_000;

/** The `X-Booking-Tokens` header of every route with the booking reads' access. */
export const deviceTokensHeader = z.object(deviceTokensShape);

/** Who is asking, and a booking operation run through the look-up miss limit. */
export interface BookingReadGuard {
  readonly viewerOf: (request: FastifyRequest) => Promise<Viewer>;
  readonly guarded: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (viewer: Viewer) => Promise<T>,
  ) => Promise<T>;
  /**
   * An operation whose answer is the same whether or not the PNR exists (a new e-mailed link):
   * past the limit the client waits, whoever it is; a NOT_FOUND counts as a miss and is not told.
   */
  readonly blind: (
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<void>,
  ) => Promise<void>;
}

/**
 * The access guard of every route on one booking (`GET /api/booking/{pnr}/get` and the rest):
 * the viewer is the session's user and the device tokens sent; look-ups that find nothing count
 * per client, and past the limit a look-up answers 429 unless the caller proves it owns the
 * booking (its session or a device token of it), so guessing is throttled but the owner is not.
 * A locked-out caller sees the same 429 whether the PNR exists or not. One guard (one count) is
 * shared by all those routes.
 */
export function bookingReadGuard(
  app: FastifyInstance,
  options: { lookupMissesPer10Minutes: number },
): BookingReadGuard {
  const guard = new LookupGuard(app.windowCounters, {
    max: options.lookupMissesPer10Minutes,
    windowMs: LOOKUP_WINDOW_MS,
    report: (error) => app.redisOutage?.failure('booking look-up limit', error),
  });

  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const user = await app.sessions.user(request);
    return {
      userId: user === null ? null : Number(user.id),
      deviceTokens: parseDeviceTokens(request.headers[DEVICE_TOKENS_HEADER]),
    };
  };

  const guarded = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (viewer: Viewer) => Promise<T>,
  ): Promise<T> => {
    const viewer = await viewerOf(request);
    // A caller with nothing to prove ownership is held back before the read; one with a session
    // or device tokens reads at once, and the count is asked only when the read finds nothing.
    let wait: number | undefined;
    if (viewer.userId === null && viewer.deviceTokens.length === 0) {
      wait = await guard.retryAfter(request.ip);
      if (wait > 0) throw tooManyRequests(request, reply, wait);
    }
    try {
      return await read(viewer);
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'NOT_FOUND') throw error;
      wait ??= await guard.retryAfter(request.ip);
      if (wait > 0) throw tooManyRequests(request, reply, wait);
      await guard.miss(request.ip);
      throw error;
    }
  };

  const blind = async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<void>,
  ): Promise<void> => {
    const wait = await guard.retryAfter(request.ip);
    if (wait > 0) throw tooManyRequests(request, reply, wait);
    try {
      await run();
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'NOT_FOUND') throw error;
      await guard.miss(request.ip);
    }
  };

  return { viewerOf, guarded, blind };
}
