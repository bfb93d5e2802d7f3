import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingListQuerySchema,
  BookingListResponseSchema,
  ClaimBookingsRequestSchema,
  ClaimBookingsResponseSchema,
  DeletedResponseSchema,
  FutureBookingsResponseSchema,
  SavedPassengerParamsSchema,
  SavedPassengersResponseSchema,
} from '@uniquair/contract/booking-list';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { errorResponses } from '../../lib/error-body.ts';
import { privateAnswer, requireSession } from '../../plugins/auth.ts';
import { BookingsListService, parseDeviceTokens } from './bookings-list.service.ts';

/** Device look-ups per client in a minute (reference notes §9: booking look-ups are limited). */
export const DEVICE_LOOKUPS_PER_MINUTE = 600;

/** Whole seconds, as HTTP dates carry them. */
function toHttpSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000) * 1000;
}

/**
 * `GET /api/booking/future`, `GET /api/booking/list`, `GET /api/booking/passengers` (conditional),
 * `DELETE /api/booking/passengers/{id}` and `POST /api/booking/claim` (SPEC §6, §7).
 */
export const bookingsListRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookings = new BookingsListService(app.db, () => app.now());

  app.get(
    '/api/booking/future',
    {
      config: {
        auth: 'sessionOrBookingTokens',
        rateLimit: { max: DEVICE_LOOKUPS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['bookings'],
        summary: 'Future bookings: the account’s, or the most recent one of this device',
        description: `Anonymous visitors send the device booking tokens they hold in \`${DEVICE_TOKENS_HEADER}\` (comma-separated); without any, the list is empty.`,
        headers: z.object({ [DEVICE_TOKENS_HEADER]: z.string().max(4_000).optional() }),
        response: { 200: FutureBookingsResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const session = await app.sessions.current(request);
      const list =
        session === null
          ? await bookings.futureOfDevice(parseDeviceTokens(request.headers[DEVICE_TOKENS_HEADER]))
          : await bookings.futureOfUser(session.user.id);
      return privateAnswer(reply).send({ success: true as const, bookings: list });
    },
  );

  app.get(
    '/api/booking/list',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['bookings'],
        summary: 'All bookings of the account, a page at a time',
        querystring: BookingListQuerySchema,
        response: { 200: BookingListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const page = await bookings.page(user.id, request.query.page);
      return privateAnswer(reply).send({ success: true as const, ...page });
    },
  );

  app.get(
    '/api/booking/passengers',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['bookings'],
        summary: 'Passengers of the account’s earlier bookings',
        description:
          'Conditional: `Last-Modified` is when they last changed; a request with an `If-Modified-Since` at or after it is answered 304.',
        response: {
          200: SavedPassengersResponseSchema,
          304: z.null().meta({ description: 'Not modified' }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const lastModifiedMs = toHttpSeconds(user.passengers_updated_at);
      reply
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .header('last-modified', new Date(lastModifiedMs).toUTCString());
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && lastModifiedMs <= since) return reply.code(304).send(null);
      return reply.send({
        success: true as const,
        passengers: await bookings.savedPassengers(user.id),
      });
    },
  );

  app.delete(
    '/api/booking/passengers/:id',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['bookings'],
        summary: 'Forget a saved passenger',
        params: SavedPassengerParamsSchema,
        response: { 200: DeletedResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await bookings.deleteSavedPassenger(user.id, request.params.id);
      return privateAnswer(reply).send({ success: true as const });
    },
  );

  app.post(
    '/api/booking/claim',
    {
      config: {
        auth: 'session',
        rateLimit: { max: DEVICE_LOOKUPS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['bookings'],
        summary: 'Move bookings made on this device into the signed-in account',
        description:
          'The browser sends the device booking tokens it holds. Bookings without an owner move into the account and their passengers are saved; others are left alone.',
        body: ClaimBookingsRequestSchema,
        response: { 200: ClaimBookingsResponseSchema, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      return privateAnswer(reply).send(await bookings.claim(user.id, request.body.tokens));
    },
  );
};
