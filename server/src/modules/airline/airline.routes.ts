import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AirlineFlightsQuerySchema,
  AirlineFlightsResponseSchema,
} from '@uniquair/contract/airline';
import {
  FlightIdParamsSchema,
  ScheduleChangeRequestSchema,
  ScheduleChangeResponseSchema,
} from '@uniquair/contract/booking-schedule-changes';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { errorResponses } from '../../lib/error-body.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { FaresService } from '../fares/fares.service.ts';
import { airlineSaleRoutes } from './airline.sale-routes.ts';
import type { AirlineService } from './airline.service.ts';

/** The header partners send their key in. */
export const AIRLINE_KEY_HEADER = 'x-api-key';

/** Hex digits of a key's SHA-256 that name its partner's sales. */
const PARTNER_FINGERPRINT_LENGTH = 16;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The airline-partner API behind `/airlines/flights/search`. The page has no auth guard (SPEC
 * §2) and the data holds nothing personal, but load factors are commercially sensitive, so when
 * `AIRLINE_API_KEYS` is set every request must carry one of the keys in `X-Api-Key` (compared in
 * constant time); without keys configured (development, demos) the API is open. Production does
 * not start without keys (`config/production.ts`).
 */
export const airlineRoutes: FastifyPluginAsyncZod<{
  apiKeys: readonly string[];
  service: AirlineService;
  fares: FaresService;
}> = async (app, options) => {
  const { service } = options;
  const keys = options.apiKeys.map(digest);
  app.addHook('onRequest', async (request) => {
    if (keys.length === 0) return;
    const sent = request.headers[AIRLINE_KEY_HEADER];
    const given = typeof sent === 'string' ? digest(sent) : undefined;
    if (given === undefined || !keys.some((key) => timingSafeEqual(key, given))) {
      throw new ServiceError('ERROR_UNAUTHORIZED', 'An airline partner key is required', {
        [`headers.${AIRLINE_KEY_HEADER}`]: ['Missing or unknown partner key'],
      });
    }
  });

  app.get(
    '/api/airline/flights',
    {
      config: { auth: 'partnerKey' },
      schema: {
        tags: ['airline'],
        summary: "A route's flights on a date with their load (airline partners)",
        description:
          'Capacity, seats sold and seats left per flight and fare class; no personal data. ' +
          'Requires `X-Api-Key` when the server has partner keys configured.',
        querystring: AirlineFlightsQuerySchema,
        response: {
          200: AirlineFlightsResponseSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const body = await service.flights(request.query.route, request.query.date as Ymd);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  // Fare sales (docs/search.md "Prices that move"): done by the fares module's service. A sale
  // belongs to the key that published it, known by a fingerprint (never the key itself).
  await app.register(airlineSaleRoutes, {
    fares: options.fares,
    keyHeader: AIRLINE_KEY_HEADER,
    partnerOf: (sent) =>
      keys.length === 0 || typeof sent !== 'string'
        ? null
        : digest(sent).toString('hex').slice(0, PARTNER_FINGERPRINT_LENGTH),
  });

  // Schedule changes (docs/schedule-changes.md): done by the booking module's service.
  app.post(
    '/api/airline/flights/:flightId/schedule-change',
    {
      // Server-to-server with a partner key: no browser, so no cross-site request rules.
      config: {
        auth: 'partnerKey',
        csrf: { exempt: true },
        rateLimit: { max: 120, timeWindow: 60_000 },
      },
      schema: {
        tags: ['airline'],
        summary: 'Retime or cancel a flight (airline partners)',
        description:
          'Body `{departureUtc, arrivalUtc}` retimes the flight (its legs move with it, local ' +
          'times from the airports’ time zones); `{cancelled: true}` cancels it (no longer sold). ' +
          'Every booking on it (unpaid with a running hold, paid, ticketed), also as one ' +
          'flight of a connection, gets a schedule change to answer, an e-mail and a push, in ' +
          'the same transaction; a connection the new times break is told `missedConnection`. ' +
          'Requires `X-Api-Key` when partner keys are configured (production always has them). 404 ' +
          'for an unknown flight, 409 FLIGHT_CANCELLED for a cancelled one, 409 CONFLICT when ' +
          'the new day already has a flight of that number on the route, 400 VALIDATION_ERROR ' +
          'for times out of order or unchanged.',
        params: FlightIdParamsSchema,
        body: ScheduleChangeRequestSchema,
        response: {
          200: ScheduleChangeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const body = await app.bookings.scheduleChanges.changeFlight(
        request.params.flightId,
        request.body,
      );
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
