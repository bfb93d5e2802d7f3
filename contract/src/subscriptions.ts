import { z } from 'zod';
import { PushSubscriptionSchema } from './search.ts';

/**
 * Web Push subscriptions (SPEC §3 "Push subscription", §7 Subscriptions): `POST
 * /api/subscriptions/subscribe` keeps a browser's subscription (linked to the signed-in user and
 * to the device bookings named in `X-Booking-Tokens`), `DELETE` on the same path forgets it, and
 * `POST /api/subscriptions/check` gives the server's public VAPID key and says whether a
 * subscription is known.
 */

/** What the app says about the subscriber beyond the subscription itself. */
export const SubscribePayloadSchema = z
  .object({
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(?:_[A-Za-z]{2})?$/)
      .optional()
      .meta({ description: 'Language of the notifications; the visitor’s language by default.' }),
  })
  .meta({ id: 'SubscribePayload' });

export const SubscribeRequestSchema = z
  .object({
    payload: SubscribePayloadSchema.default({}),
    subscription: PushSubscriptionSchema,
  })
  .meta({ id: 'SubscribeRequest' });

export type SubscribeRequest = z.input<typeof SubscribeRequestSchema>;

export const SubscribeResponseSchema = z
  .object({
    success: z.literal(true),
    subscribed: z.boolean(),
  })
  .meta({ id: 'SubscribeResponse' });

export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

export const UnsubscribeRequestSchema = z
  .object({ endpoint: z.url({ protocol: /^https$/ }).max(2048) })
  .meta({ id: 'UnsubscribeRequest' });

export const CheckSubscriptionRequestSchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https$/ })
      .max(2048)
      .optional()
      .meta({ description: 'The endpoint of the subscription the browser holds, if any.' }),
  })
  .meta({ id: 'CheckSubscriptionRequest' });

export const CheckSubscriptionResponseSchema = z
  .object({
    success: z.literal(true),
    publicKey: z
      .string()
      .meta({ description: 'The server’s VAPID public key (base64url): applicationServerKey.' }),
    subscribed: z.boolean().meta({ description: 'Whether the server keeps that subscription.' }),
  })
  .meta({ id: 'CheckSubscriptionResponse' });

export type CheckSubscriptionResponse = z.infer<typeof CheckSubscriptionResponseSchema>;
