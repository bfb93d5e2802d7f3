import { z } from 'zod';
import { AirportIdSchema, BagsSchema, MAX_DATABASE_ID, YmdSchema } from './search.ts';

/**
 * Cheapest-price calendars and offers (SPEC §3 "Price marker", "Offers per airport"; §7; §9
 * price rating): `GET /api/cheapest-price/months/{routeId}`,
 * `GET /api/cheapest-price/days/{routeId}/{year}/{month}`, `GET /api/cheapest-price/{airportId}/offers`.
 * Prices are the lowest fare with a seat left, for one adult, in minor units of `currency`; with
 * `?bags=1|2` they are all-in: the fare plus the checked-bag extras its class needs for that many
 * bags per passenger (docs/search.md "All-in prices with bags").
 */

/** `?bags=0|1|2`: checked bags per passenger the prices include (0 when absent). */
export const BagsQuerySchema = z.object({
  bags: z
    .string()
    .regex(/^[0-2]$/, 'Expected 0, 1 or 2 checked bags per passenger')
    .transform(Number)
    .pipe(BagsSchema)
    .optional()
    .meta({
      description:
        'Checked bags per passenger (0–2, default 0): prices are all-in, the fare plus the ' +
        'checked-bag extras its fare class needs; a day no fare can carry them on is left out.',
    }),
});

/** A route id in a path: a positive integer in canonical decimal digits. */
export const RouteIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'Expected a route id')
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_DATABASE_ID));

export const CheapestMonthsParamsSchema = z.object({ routeId: RouteIdParamSchema });

export const CheapestDaysParamsSchema = z.object({
  routeId: RouteIdParamSchema,
  year: z
    .string()
    .regex(/^\d{4}$/, 'Expected a four-digit year')
    .transform(Number)
    .pipe(z.number().int().min(1900).max(9999)),
  month: z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/, 'Expected a month from 1 to 12')
    .transform(Number)
    .pipe(z.number().int().min(1).max(12)),
});

export const OffersParamsSchema = z.object({
  airportId: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(AirportIdSchema),
});

export const PriceRatingSchema = z
  .union([z.literal(0), z.literal(1), z.literal(2)])
  .meta({ description: '0 lowest, 1 regular, 2 highest; 1 for every day when all are equal.' });

export const CheapestMonthSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  /** Null when no day of the month has a seat left. */
  price: z.number().int().nonnegative().nullable(),
  /** The first day with that price, null with it. */
  date: YmdSchema.nullable(),
});

export const CheapestMonthsResponseSchema = z
  .object({
    success: z.literal(true),
    route: z.number().int(),
    currency: z.string(),
    /** Checked bags per passenger the prices include (the request's `?bags=`, 0 when absent). */
    bags: BagsSchema,
    /** The current month and the eleven after it, in order. */
    months: z.array(CheapestMonthSchema),
  })
  .meta({ id: 'CheapestMonthsResponse' });

export type CheapestMonthsResponse = z.infer<typeof CheapestMonthsResponseSchema>;

export const PriceMarkerSchema = z.object({
  date: YmdSchema,
  price: z.number().int().nonnegative(),
  rating: PriceRatingSchema,
});

export const CheapestDaysResponseSchema = z
  .object({
    success: z.literal(true),
    route: z.number().int(),
    year: z.number().int(),
    month: z.number().int(),
    currency: z.string(),
    /** Checked bags per passenger the prices include (the request's `?bags=`, 0 when absent). */
    bags: BagsSchema,
    /** The operated days of the month from today on that have a seat left, in order. */
    days: z.array(PriceMarkerSchema),
  })
  .meta({ id: 'CheapestDaysResponse' });

export type CheapestDaysResponse = z.infer<typeof CheapestDaysResponseSchema>;

export const OfferSchema = z.object({
  route: z.number().int(),
  destination: z.object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    country: z.string(),
  }),
  /** The cheapest day in the coming weeks. */
  date: YmdSchema,
  price: z.number().int().nonnegative(),
});

export const OffersResponseSchema = z
  .object({
    success: z.literal(true),
    airport: z.string(),
    currency: z.string(),
    /** Checked bags per passenger the prices include (the request's `?bags=`, 0 when absent). */
    bags: BagsSchema,
    /** First and last day considered. */
    from: YmdSchema,
    until: YmdSchema,
    /** Cheapest first, one per destination. */
    offers: z.array(OfferSchema),
  })
  .meta({ id: 'OffersResponse' });

export type OffersResponse = z.infer<typeof OffersResponseSchema>;
