import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, PnrParamsSchema } from '@uniquair/contract/booking';
import {
  CancelBookingRequestSchema,
  CancelBookingResponseSchema,
  CancellationQuoteResponseSchema,
} from '@uniquair/contract/cancellation';
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

/** Cancel requests per client in a minute. */
export const CANCEL_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * Cancelling a booking (docs/booking.md "Cancellation and refunds"): the quote, then the cancel
 * under an `Idempotency-Key`. Same access as `GET /api/booking/{pnr}/get`, through its guard.
 */
export async function cancellationRoutes(
  server: FastifyInstance,
  options: { service: BookingService; guarded: BookingReadGuard['guarded']; readLimit: object },
): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { service, guarded } = options;

  app.get(
    '/api/booking/:pnr/cancellation-quote',
    {
      config: { rateLimit: options.readLimit },
      schema: {
        tags: ['booking'],
        summary: 'What cancelling the booking gives back now, per passenger and flight',
        description: [
          'Same access as `GET /api/booking/{pnr}/get`. Minor units of the booking’s charge',
          'currency. Within 24 hours of booking, when the first flight is 7 or more days away,',
          'everything paid comes back (`freeWindow`); otherwise a refundable fare gives back what',
          'was paid less its fee, a non-refundable fare nothing (`refundable: false`, the booking',
          'can still be cancelled and its seats are freed). A booking not paid gives back 0.',
          '409 BOOKING_ALREADY_CANCELLED, 410 BOOKING_EXPIRED, 409 BOOKING_ALREADY_FLOWN when it',
          'cannot be cancelled.',
        ].join(' '),
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        response: {
          200: CancellationQuoteResponseSchema,
          ...errorResponses(400, 404, 409, 410, 429),
        },
      },
    },
    async (request, reply) => {
      const quote = await guarded(request, reply, (viewer) =>
        service.cancellationQuote(request.params.pnr, viewer),
      );
      return privateAnswer(reply).send(quote);
    },
  );

  app.post(
    '/api/booking/:pnr/cancel',
    {
      logLevel: 'warn',
      config: { rateLimit: CANCEL_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Cancel the booking: seats freed, the quoted refund sent to the payment provider',
        description: [
          'Same access as `GET /api/booking/{pnr}/get`. `acceptedRefund` is the refund of the',
          'quote the traveller saw; when the quote changed since, 409 CANCELLATION_QUOTE_CHANGED',
          '(`errors.newRefund` = [minor units, currency]) and nothing changes. One',
          '`Idempotency-Key` per cancel: the same key and body answer the first answer again byte',
          'for byte, another body 422 IDEMPOTENCY_KEY_REUSED, while the first request runs 409',
          'IDEMPOTENCY_KEY_IN_USE, a missing key 400. A booking with a payment still open answers',
          '409 PAYMENT_IN_PROGRESS; cancelled 409 BOOKING_ALREADY_CANCELLED; expired 410',
          'BOOKING_EXPIRED; flown 409 BOOKING_ALREADY_FLOWN. The refund follows as',
          '`requested → processing → refunded` in `GET /api/booking/{pnr}/get`.',
        ].join(' '),
        params: PnrParamsSchema,
        headers: z.object({ ...idempotencyKeyShape('cancel'), ...deviceTokensShape }),
        body: CancelBookingRequestSchema,
        response: {
          200: CancelBookingResponseSchema,
          ...errorResponses(400, 404, 409, 410, 415, 422, 429),
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
      const answer = await service.cancel(booking, key, request.body);
      return sendStoredAnswer(reply, answer);
    },
  );
}
