import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PnrParamsSchema } from '@uniquair/contract/booking';
import {
  BookingFeedbackRequestSchema,
  BookingFeedbackResponseSchema,
  BookingShareResponseSchema,
  BookingShareRevokedResponseSchema,
  ResendTicketsRequestSchema,
  ResendTicketsResponseSchema,
  ShareTokenParamsSchema,
  SharedBookingResponseSchema,
} from '@uniquair/contract/booking-manage';
import { errorResponses } from '../../lib/error-body.ts';
import { privateAnswer } from '../../plugins/auth.ts';
import { TicketResendLimit, type BookingManagement } from './booking.manage.ts';
import { deviceTokensHeader, type BookingReadGuard } from './booking.read-guard.ts';

/** Route limits of managing a booking, per client address in a minute. */
export const MANAGE_RATE_LIMITS = {
  /** Share, stop sharing, re-send, feedback. */
  changes: { max: 120, timeWindow: 60_000 },
  /** Opening shared views: tokens are 160 random bits, guessing is still slowed down. */
  sharedReads: { max: 60, timeWindow: 60_000 },
} as const;

export interface BookingManageRoutesOptions {
  manage: BookingManagement;
  readGuard: BookingReadGuard;
}

/**
 * Managing a booking (SPEC §2 booking): `POST`/`DELETE /api/booking/{pnr}/share`,
 * `GET /api/booking/shared/{token}`, `POST /api/booking/{pnr}/resend-tickets` and
 * `POST /api/booking/{pnr}/feedback`. All but the shared view go through the booking reads'
 * guard (owner or device token; anyone else 404, look-up misses limited).
 */
export async function bookingManageRoutes(
  server: FastifyInstance,
  options: BookingManageRoutesOptions,
): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { manage, readGuard } = options;
  const access = 'Same access as `GET /api/booking/{pnr}/get`.';

  app.post(
    '/api/booking/:pnr/share',
    {
      config: { rateLimit: MANAGE_RATE_LIMITS.changes },
      schema: {
        tags: ['booking'],
        summary: 'Create a read-only share link of a booking (stops the previous one)',
        description:
          'Answers a new 40-character token and the page it opens; the token is stored only ' +
          'hashed, so it is shown once. A booking has one active link: a new one stops the old. ' +
          'The link shows flights and passenger names only, until it is stopped or the last ' +
          'flight has landed. 409 BOOKING_NOT_CONFIRMED unless paid, ticketed or confirmed. ' +
          access,
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        response: { 200: BookingShareResponseSchema, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const share = await readGuard.guarded(request, reply, (viewer) =>
        manage.share(request.params.pnr, viewer),
      );
      return privateAnswer(reply).send({ success: true as const, ...share });
    },
  );

  app.delete(
    '/api/booking/:pnr/share',
    {
      config: { rateLimit: MANAGE_RATE_LIMITS.changes },
      schema: {
        tags: ['booking'],
        summary: 'Stop sharing a booking: its share link no longer works',
        description: `\`revoked\` is false when no link was active. ${access}`,
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        response: { 200: BookingShareRevokedResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const revoked = await readGuard.guarded(request, reply, (viewer) =>
        manage.revokeShare(request.params.pnr, viewer),
      );
      return privateAnswer(reply).send({ success: true as const, revoked });
    },
  );

  app.get(
    '/api/booking/shared/:token',
    {
      config: { rateLimit: MANAGE_RATE_LIMITS.sharedReads },
      schema: {
        tags: ['booking'],
        summary: 'A shared booking: flights and passenger names, read-only, without sign-in',
        description:
          'Never documents, contact details, prices or payments. 404 NOT_FOUND for an unknown ' +
          'or stopped link; 410 SHARE_LINK_EXPIRED once the last flight has landed; limited per ' +
          'client (429 with Retry-After).',
        params: ShareTokenParamsSchema,
        response: { 200: SharedBookingResponseSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
      const shared = await manage.sharedView(request.params.token);
      return privateAnswer(reply).send({ success: true as const, shared });
    },
  );

  app.post(
    '/api/booking/:pnr/resend-tickets',
    {
      config: { rateLimit: MANAGE_RATE_LIMITS.changes },
      schema: {
        tags: ['booking'],
        summary: 'Send the tickets e-mail of a booking again, to another address',
        description:
          'The booking confirmation e-mail with the tickets, through the outbox. At most 5 an ' +
          'hour per booking (429 TICKET_RESEND_LIMIT with Retry-After); 409 ' +
          `BOOKING_NOT_CONFIRMED unless paid, ticketed or confirmed. ${access}`,
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        body: ResendTicketsRequestSchema,
        response: {
          200: ResendTicketsResponseSchema,
          ...errorResponses(400, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await readGuard
        .guarded(request, reply, (viewer) =>
          manage.resendTickets(request.params.pnr, viewer, email),
        )
        .catch((error: unknown) => {
          if (error instanceof TicketResendLimit) {
            reply.header('retry-after', String(error.retryAfterSeconds));
          }
          throw error;
        });
      return privateAnswer(reply).send({ success: true as const, sentTo: email });
    },
  );

  app.post(
    '/api/booking/:pnr/feedback',
    {
      config: { rateLimit: MANAGE_RATE_LIMITS.changes },
      schema: {
        tags: ['booking'],
        summary: 'Rate a booking (1–5) with an optional comment; sending again replaces it',
        description: `One per booking; the answer is the feedback as stored. ${access}`,
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        body: BookingFeedbackRequestSchema,
        response: {
          200: BookingFeedbackResponseSchema,
          ...errorResponses(400, 403, 404, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const feedback = await readGuard.guarded(request, reply, (viewer) =>
        manage.saveFeedback(request.params.pnr, viewer, request.body),
      );
      return privateAnswer(reply).send({ success: true as const, feedback });
    },
  );
}
