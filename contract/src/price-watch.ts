import { z } from 'zod';
import {
  BagsSchema,
  MAX_DATABASE_ID,
  PushSubscriptionSchema,
  RouteIdSchema,
  SearchPassengersSchema,
  YmdSchema,
} from './search.ts';

/**
 * Price watches (docs/price-watch.md): "Tell me when it's cheaper" for a route and a day or a
 * whole month, with no account. `POST /api/price-watch` keeps one for a browser's push
 * subscription, `DELETE /api/price-watch/{id}` ends it, `GET /api/price-watch` lists a signed-in
 * user's watches. One push, at most once a day, when the cheapest all-in price falls below the
 * price at subscription or the traveller's target.
 */

/** Most watches one push subscription or one account may hold. */
export const MAX_WATCHES = 20;

/** A month `YYYY-MM`. */
export const YearMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month YYYY-MM')
  .meta({ description: 'A month YYYY-MM', example: '2027-03' });

/**
 * A watch's id: `pw_` and 43 base64url characters (256 random bits). It is the bearer secret that
 * ends the watch (kept only hashed by the server), so it is shown once, in the answer to `POST`.
 */
export const PriceWatchIdSchema = z
  .string()
  .regex(/^pw_[A-Za-z0-9_-]{43}$/, 'Expected a price watch id')
  .meta({
    description: 'The watch’s id: the secret that ends it.',
    example: `pw_${'A'.repeat(43)}`,
  });

/** What `DELETE /api/price-watch/{id}` takes: the watch's id, or the owner's list number. */
export const PriceWatchRefSchema = z
  .union([
    PriceWatchIdSchema,
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'Expected a price watch id or number')
      .refine((text) => Number(text) <= MAX_DATABASE_ID, 'Expected a price watch id or number'),
  ])
  .meta({
    description:
      'The watch’s id (`pw_…`, anyone holding it), or its `number` for the signed-in owner or ' +
      'for the browser whose push subscription it is (its endpoint in `X-Push-Endpoint`).',
  });

export const PushEndpointHeaderSchema = z
  .url({ protocol: /^https$/ })
  .max(2048)
  .meta({ description: 'The push subscription endpoint the watch notifies.' });

export const CreatePriceWatchRequestSchema = z
  .object({
    route: RouteIdSchema.meta({ description: 'The route watched (id from the route list).' }),
    date: YmdSchema.optional().meta({ description: 'The day watched; or give `month`.' }),
    month: YearMonthSchema.optional().meta({
      description: 'The month watched (its cheapest day); or give `date`.',
    }),
    passengers: SearchPassengersSchema,
    bags: BagsSchema.default(0),
    subscription: PushSubscriptionSchema,
    targetPrice: z
      .number()
      .int()
      .positive()
      .max(1_000_000_000)
      .optional()
      .meta({
        description:
          'Notify below this total for all passengers, in minor units of `currency`; without it, ' +
          'below the price at subscription.',
      }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional()
      .meta({
        description: 'Currency of `targetPrice` and of the messages; the visitor’s by default.',
      }),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(?:_[A-Za-z]{2})?$/)
      .optional()
      .meta({ description: 'Language of the messages; the visitor’s by default.' }),
  })
  .meta({ id: 'CreatePriceWatchRequest' });

export type CreatePriceWatchRequest = z.input<typeof CreatePriceWatchRequestSchema>;

/** Money in minor units of a currency. */
const WatchMoneySchema = z.object({
  amount: z.number().int().meta({ description: 'Minor units, for all passengers.' }),
  currency: z.string().length(3),
});

export const PriceWatchSchema = z
  .object({
    number: z
      .number()
      .int()
      .positive()
      .meta({ description: 'The watch’s number in its owner’s list (not a secret).' }),
    route: RouteIdSchema,
    from: z.string().meta({ description: 'Origin airport (IATA).' }),
    to: z.string().meta({ description: 'Destination airport (IATA).' }),
    date: YmdSchema.nullable(),
    month: YearMonthSchema.nullable(),
    passengers: SearchPassengersSchema,
    bags: BagsSchema,
    subscribedPrice: WatchMoneySchema.nullable().meta({
      description: 'The cheapest all-in price for all passengers when the watch began.',
    }),
    currentPrice: WatchMoneySchema.nullable().meta({
      description: 'The cheapest all-in price now; null when nothing is on sale.',
    }),
    targetPrice: WatchMoneySchema.nullable(),
    endsOn: YmdSchema.meta({ description: 'The last day watched; the watch ends after it.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PriceWatch' });

export type PriceWatch = z.infer<typeof PriceWatchSchema>;

export const CreatePriceWatchResponseSchema = z
  .object({
    success: z.literal(true),
    id: PriceWatchIdSchema,
    watch: PriceWatchSchema,
  })
  .meta({ id: 'CreatePriceWatchResponse' });

export type CreatePriceWatchResponse = z.infer<typeof CreatePriceWatchResponseSchema>;

export const PriceWatchListResponseSchema = z
  .object({ success: z.literal(true), watches: z.array(PriceWatchSchema) })
  .meta({ id: 'PriceWatchListResponse' });

export type PriceWatchListResponse = z.infer<typeof PriceWatchListResponseSchema>;

export const DeletePriceWatchResponseSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: 'DeletePriceWatchResponse' });
