import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import {
  CheckSubscriptionRequestSchema,
  CheckSubscriptionResponseSchema,
  SubscribeRequestSchema,
  SubscribeResponseSchema,
  UnsubscribeRequestSchema,
} from '@uniquair/contract/subscriptions';
import { errorResponses } from '../../lib/error-body.ts';
import {
  forgetSubscription,
  isKnownSubscription,
  keepSubscription,
} from './subscriptions.service.ts';

/** Subscription changes per client and minute. */
export const SUBSCRIPTION_CALLS_PER_MINUTE = 30;
const limited = { rateLimit: { max: SUBSCRIPTION_CALLS_PER_MINUTE, timeWindow: 60_000 } };

/**
 * Web Push subscriptions (SPEC §7): `POST /api/subscriptions/subscribe` (and `DELETE` to stop),
 * `POST /api/subscriptions/check`. Only endpoints of the known push services are kept (400 for
 * any other URL); the subscription is linked to the signed-in user and to the bookings whose
 * device tokens come in `X-Booking-Tokens`, so those bookings' pushes reach this browser.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/subscriptions/subscribe',
    {
      config: limited,
      schema: {
        tags: ['subscriptions'],
        summary: 'Keep this browser’s push subscription',
        description: `Endpoints must belong to a known push service (FCM, Mozilla autopush, Apple, Windows). Device booking tokens in \`${DEVICE_TOKENS_HEADER}\` link the subscription to those bookings; a signed-in user owns it. Sending it again updates it.`,
        headers: z.object({ [DEVICE_TOKENS_HEADER]: z.string().max(4_000).optional() }),
        body: SubscribeRequestSchema,
        response: { 200: SubscribeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await keepSubscription(request, request.body.subscription, request.body.payload.locale);
      return reply
        .header('cache-control', 'no-store')
        .send({ success: true as const, subscribed: true });
    },
  );

  app.delete(
    '/api/subscriptions/subscribe',
    {
      config: limited,
      schema: {
        tags: ['subscriptions'],
        summary: 'Forget this browser’s push subscription',
        body: UnsubscribeRequestSchema,
        response: { 200: SubscribeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await forgetSubscription(request, request.body.endpoint);
      return reply
        .header('cache-control', 'no-store')
        .send({ success: true as const, subscribed: false });
    },
  );

  app.post(
    '/api/subscriptions/check',
    {
      config: limited,
      schema: {
        tags: ['subscriptions'],
        summary: 'The server’s VAPID public key, and whether a subscription is kept',
        body: CheckSubscriptionRequestSchema,
        response: { 200: CheckSubscriptionResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const subscribed = await isKnownSubscription(request, request.body.endpoint);
      return reply.header('cache-control', 'no-store').send({
        success: true as const,
        publicKey: app.pushSender.publicKey,
        subscribed,
      });
    },
  );
};
