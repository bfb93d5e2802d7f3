import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  PayRequestSchema,
  PayResponseSchema,
  PnrParamsSchema,
} from '@uniquair/contract/booking';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { errorResponses } from '../../lib/error-body.ts';
import {
  deviceTokensShape,
  idempotencyKeyShape,
  requiredIdempotencyKey,
} from '../../lib/request-headers.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { sendStoredAnswer } from '../../lib/stored-answer.ts';
import { parseDeviceTokens } from '../bookings-list/bookings-list.service.ts';
import { PaymentProviderUnavailableError, WebhookVerificationError } from './payments.provider.ts';
import type { ReturnLanding } from './payments.converge.ts';
import type { PayTarget } from './payments.pay.ts';
import type { BookingRow } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';
import { SIGNATURE_HEADER } from './payments.webhook-signature.ts';

/** Pay attempts per client in a minute; returns from provider pages likewise. */
export const PAYMENT_RATE_LIMITS = { pay: 300, paymentReturn: 600 } as const;

/** Where the browser lands after the provider's page, by the payment's outcome. */
export function landingPath(pnr: string, landing: ReturnLanding): string {
  switch (landing) {
    case 'success':
      return `/payment/${pnr.toLowerCase()}/success`;
    case 'failure':
      return `/payment/${pnr.toLowerCase()}/failure`;
    case 'denied':
      return `/payment/${pnr.toLowerCase()}/paypal/denied`;
    case 'funding-denied':
      return `/payment/${pnr.toLowerCase()}/paypal/funding-denied`;
    case 'pay':
      return `/booking/${pnr}/pay`;
    case 'booking':
      return `/bookings/${pnr}`;
  }
}

/**
 * Paying a booking (DESIGN §6): `POST /api/booking/{pnr}/pay`, the browser's way back from the
 * provider's pages `GET /api/booking/{pnr}/payment-return`, and the provider's webhooks
 * `POST /api/payments/webhook`. Request bodies of these routes are never logged.
 */
export async function paymentsRoutes(
  server: FastifyInstance,
  options: { payments: PaymentsService },
): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { payments } = options;

  /** The booking when this browser may read it (the booking module's rule), else 404. */
  const openBooking = async (request: FastifyRequest, pnr: string) => {
    const user = await app.sessions.user(request);
    return app.bookings.open(pnr, {
      userId: user === null ? null : Number(user.id),
      deviceTokens: parseDeviceTokens(request.headers[DEVICE_TOKENS_HEADER]),
    });
  };

  /** A pay route: `what` the attempt pays (the booking itself without it). */
  const payRoute = (
    url: string,
    summary: string,
    description: string[],
    what?: (booking: BookingRow) => () => Promise<PayTarget>,
  ) =>
    app.post(
      url,
      {
        logLevel: 'warn',
        config: { rateLimit: { max: PAYMENT_RATE_LIMITS.pay, timeWindow: 60_000 } },
        schema: {
          tags: ['bookings'],
          summary,
          description: description.join(' '),
          params: PnrParamsSchema,
          headers: z.object({
            ...idempotencyKeyShape('payment attempt'),
            ...deviceTokensShape,
          }),
          body: PayRequestSchema,
          response: {
            200: PayResponseSchema,
            ...errorResponses(400, 402, 404, 409, 410, 415, 422, 429, 502),
          },
        },
      },
      async (request, reply) => {
        const booking = await openBooking(request, request.params.pnr);
        const key = requiredIdempotencyKey(
          request.headers[IDEMPOTENCY_KEY_HEADER],
          '8 to 128 visible ASCII characters',
        );
        const answer = await payments.pay(booking, key, request.body, what?.(booking));
        return sendStoredAnswer(reply, answer);
      },
    );

  payRoute('/api/booking/:pnr/pay', 'Pay a booking', [
    'Readable by the same callers as the booking (owner, or a device token in',
    `\`${DEVICE_TOKENS_HEADER}\`); others get 404. One \`Idempotency-Key\` per attempt:`,
    'a retry with the same key and body answers the first answer again byte for byte and',
    'never charges twice; the same key with another body is 422, while the first request',
    'still runs 409 IDEMPOTENCY_KEY_IN_USE, a missing key 400. The amount and currency are',
    'the booking’s; card methods send the gateway’s card token, never the card number.',
    'Declines are 402 with the decline code; a paid booking answers 409',
    'BOOKING_ALREADY_PAID, an ended hold 410 BOOKING_EXPIRED, an unreachable provider 502',
    'PAYMENT_FAILED (retry with the same key).',
  ]);

  payRoute(
    '/api/booking/:pnr/change/pay',
    'Pay the voluntary flight change awaiting payment',
    [
      'The same call as `POST /api/booking/{pnr}/pay`, for the change made with',
      '`POST /api/booking/{pnr}/change` whose `toPay` is not 0: same access, same',
      '`Idempotency-Key` rules, same answers and declines. The amount is the change’s',
      '(change fee plus fare difference, the booking’s charge currency); on success the change',
      'is applied in the same transaction (new seats sold, old ones freed, tickets re-issued).',
      'Paying the airline is not offered for a change (400 PAYMENT_METHOD_DISABLED). Nothing',
      'awaiting payment: 409 NO_CHANGE_AWAITING_PAYMENT; its seat hold ended: 410',
      'BOOKING_EXPIRED; the new seats gone when the money arrived: the payment is refunded,',
      '409 CHANGE_SOLD_OUT.',
    ],
    (booking) => async () => {
      const change = await app.bookings.flightChanges.payable(booking);
      return {
        kind: 'change',
        changeId: change.id,
        amount: change.amount,
        currency: change.currency,
      };
    },
  );

  app.get(
    '/api/booking/:pnr/payment-return',
    {
      logLevel: 'warn',
      config: { rateLimit: { max: PAYMENT_RATE_LIMITS.paymentReturn, timeWindow: 60_000 } },
      schema: {
        tags: ['bookings'],
        summary: 'Back from a provider page (3-D Secure, PayPal, bank, SilkPay)',
        description: [
          'Where the provider sends the browser back, with `payment=<provider payment id>`. The',
          'query is only a hint: the payment is fetched from the provider and must belong to this',
          'booking (reference, amount, currency) before anything changes; then 302 to',
          '`/payment/{pnr}/success`, `/payment/{pnr}/failure`, `/payment/{pnr}/paypal/denied`,',
          '`/payment/{pnr}/paypal/funding-denied` (the PNR in lower case), or back to',
          '`/booking/{PNR}/pay` while the outcome is open. A payment the provider does not know,',
          'or not of this booking, says nothing about it: 302 to the booking page `/bookings/{PNR}`.',
        ].join(' '),
        params: PnrParamsSchema,
        querystring: z.object({ payment: z.string().min(1).max(200) }),
        response: {
          302: z.null().meta({ description: 'To the result page' }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { pnr } = request.params;
      const landing = await payments.paymentReturn(pnr, request.query.payment);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(landingPath(pnr, landing), 302);
    },
  );

  await app.register(webhookRoute, { payments });
}

/**
 * `POST /api/payments/webhook`, in a scope of its own: the JSON body is kept raw (the signature
 * covers the bytes as sent), and the browser cross-site rules do not apply (server to server; the
 * signature authenticates it).
 */
async function webhookRoute(app: FastifyInstance, options: { payments: PaymentsService }) {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/payments/webhook',
    {
      logLevel: 'warn',
      config: { csrf: { exempt: true } },
      schema: {
        tags: ['payments'],
        summary: 'Payment provider webhooks',
        description: [
          `Signed by the provider (\`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<HMAC-SHA256 hex of`,
          '`<t>.<raw body>`>`, 300 s tolerance). A bad signature or timestamp is 400 and changes',
          'nothing; each event id is processed once, in the transaction of the change it brings;',
          'tickets, e-mails and pushes follow through the outbox.',
        ].join(' '),
        headers: z.object({ [SIGNATURE_HEADER]: z.string().max(2_000).optional() }),
        response: {
          200: z.object({ received: z.literal(true) }),
          ...errorResponses(400, 415, 503),
        },
      },
    },
    async (request, reply) => {
      const raw: unknown = request.body;
      if (!Buffer.isBuffer(raw)) {
        throw new ServiceError('BAD_REQUEST', 'Webhook body missing', { _: ['Empty body'] });
      }
      let event;
      try {
        event = request.server.paymentProvider.verifyWebhook(
          raw,
          request.headers[SIGNATURE_HEADER],
          request.server.now(),
        );
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          request.log.warn({ reason: error.message }, 'webhook refused');
          throw new ServiceError('BAD_REQUEST', 'Webhook refused', {
            _: ['The webhook signature does not check out'],
          });
        }
        throw error;
      }
      try {
        await options.payments.webhook(event);
      } catch (error) {
        // The provider could not be asked for the current state: the event is not recorded and
        // the provider delivers it again later.
        if (error instanceof PaymentProviderUnavailableError) {
          reply.header('retry-after', '30');
          throw new ServiceError('SERVICE_UNAVAILABLE', 'Provider unavailable', {
            _: ['Try again later'],
          });
        }
        throw error;
      }
      return reply.send({ received: true as const });
    },
  );
}
