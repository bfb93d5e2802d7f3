import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, PnrParamsSchema } from '@uniquair/contract/booking';
import {
  ChangeOptionsQuerySchema,
  ChangeOptionsResponseSchema,
  ChangeRequestSchema,
  ChangeResponseSchema,
} from '@uniquair/contract/booking-changes';
import { parseYmd } from '@uniquair/domain/dates/ymd';
import { errorResponses } from '../../lib/error-body.ts';
import {
  deviceTokensShape,
  idempotencyKeyShape,
  requiredIdempotencyKey,
} from '../../lib/request-headers.ts';
import { sendStoredAnswer } from '../../lib/stored-answer.ts';
import { privateAnswer } from '../../plugins/auth.ts';
import { deviceTokensHeader, type BookingReadGuard } from './booking.read-guard.ts';
import type { BookingService } from './booking.service.ts';

/** Change requests per client in a minute (each holds seats for a while). */
export const CHANGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

const NOT_CHANGEABLE = [
  '409 FARE_NOT_CHANGEABLE for a fare whose rules allow no change, CHANGE_NOT_AVAILABLE for a',
  'booking not paid to us or a leg with an unanswered schedule change (answer it first),',
  'BOOKING_ALREADY_CANCELLED, BOOKING_ALREADY_FLOWN for a leg that has left; 400',
  'VALIDATION_ERROR for a leg the booking does not have.',
].join(' ');

/**
 * Voluntary flight changes (docs/flight-changes.md): the options with their price, and the change
 * under an `Idempotency-Key`. Its payment is `POST /api/booking/{pnr}/change/pay` (payments
 * module). Same access as `GET /api/booking/{pnr}/get`, through its guard.
 */
export async function flightChangeRoutes(
  server: FastifyInstance,
  options: { service: BookingService; guarded: BookingReadGuard['guarded']; readLimit: object },
): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { service, guarded } = options;

  app.get(
    '/api/booking/:pnr/change-options',
    {
      config: { rateLimit: options.readLimit },
      schema: {
        tags: ['booking'],
        summary: 'Flights a leg may move to, each with what the change costs',
        description: [
          'Same access as `GET /api/booking/{pnr}/get`. Flights of the leg’s route departing from',
          '3 days before to 3 days after `date` (the booked date without one), not the booked',
          'flight, each in the booked class or the lowest higher one of the same cabin with a seat',
          'for every seated passenger. `changeFee` is the booked fare’s fee for every seated',
          'passenger; `fareDifference` the new fare less the booked one (negative: cheaper);',
          '`toPay` what the change costs; `payout` what a refundable fare gives back. Minor units',
          'of the booking’s charge currency, at the rate it was charged.',
          NOT_CHANGEABLE,
        ].join(' '),
        params: PnrParamsSchema,
        querystring: ChangeOptionsQuerySchema,
        headers: deviceTokensHeader,
        response: {
          200: ChangeOptionsResponseSchema,
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await guarded(request, reply, async (viewer) =>
        service.flightChanges.options(
          await service.open(request.params.pnr, viewer),
          request.query.flightIndex,
          request.query.date === undefined
            ? undefined
            : (parseYmd(request.query.date) ?? undefined),
        ),
      );
      return privateAnswer(reply).send(answer);
    },
  );

  app.post(
    '/api/booking/:pnr/change',
    {
      logLevel: 'warn',
      config: { rateLimit: CHANGE_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Move a leg to another flight of its route',
        description: [
          'Same access as `GET /api/booking/{pnr}/get`. `acceptedPrice` is the `toPay` of the',
          'option the traveller saw; another price now is 409 CHANGE_PRICE_CHANGED',
          '(`errors.newPrice` = [minor units, currency]) and nothing changes. The new seats are',
          'taken at once (409 CHANGE_SOLD_OUT when they are gone). Nothing to pay: the change is',
          'applied in the same transaction (`state: applied`: the leg moved, its old seats freed,',
          'its tickets re-issued; a payout goes back to the card). Something to pay: `state:',
          'awaiting_payment`, the seats held for 15 minutes (`holdExpiresAt`) — pay with',
          '`POST /api/booking/{pnr}/change/pay`; a new change replaces one still awaiting payment.',
          'One `Idempotency-Key` per change, with the rules of the pay call.',
          NOT_CHANGEABLE,
        ].join(' '),
        params: PnrParamsSchema,
        headers: z.object({ ...idempotencyKeyShape('change'), ...deviceTokensShape }),
        body: ChangeRequestSchema,
        response: {
          200: ChangeResponseSchema,
          ...errorResponses(400, 404, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const booking = await guarded(request, reply, (viewer) =>
        service.open(request.params.pnr, viewer),
      );
      const key = requiredIdempotencyKey(
        request.headers[IDEMPOTENCY_KEY_HEADER],
        'apiError.invalid',
      );
      const answer = await service.flightChanges.change(booking, key, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );
}
