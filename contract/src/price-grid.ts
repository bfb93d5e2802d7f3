import { z } from 'zod';
import { BagsQuerySchema, PriceRatingSchema, RouteIdParamSchema } from './pricing.ts';
import { YmdSchema } from './search.ts';

/**
 * The flexible-dates grid of a return trip (SPEC §3 "Price marker", docs/search.md "The
 * flexible-dates grid"): `GET /api/cheapest-price/grid/{outRouteId}/{backRouteId}?out=&back=&bags=`,
 * outbound day × return day, three days either side of each chosen date (7 × 7 cells), each the
 * cheapest all-in price of the two days for one adult, read from the price summary.
 */

/** Days shown on each side of a chosen date: the grid is (2 × 3 + 1)² cells. */
export const GRID_DAYS_AROUND = 3;

/** Days on each axis of the grid. */
export const GRID_SIZE = 2 * GRID_DAYS_AROUND + 1;

export const PriceGridParamsSchema = z.object({
  outRouteId: RouteIdParamSchema,
  backRouteId: RouteIdParamSchema.meta({
    description: 'The return route: the outbound route reversed (from its destination back).',
  }),
});

/** `?out=&back=&bags=`: the chosen days, and the checked bags as the calendars take them. */
export const PriceGridQuerySchema = BagsQuerySchema.extend({
  out: YmdSchema.meta({ description: 'The chosen outbound day, the middle column' }),
  back: YmdSchema.meta({ description: 'The chosen return day, the middle row' }),
});

export const PriceGridCellSchema = z.object({
  out: YmdSchema,
  back: YmdSchema,
  price: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .meta({
      description:
        'The cheapest outbound price of the day plus the cheapest return price of the day, with ' +
        'the bags; null when either day is not flown, has no seat, is past or over a year ahead, ' +
        'or when the return day is before the outbound day.',
    }),
  rating: PriceRatingSchema.nullable().meta({
    description:
      'Over the priced cells of the grid: 0 the lowest, 2 the highest, 1 the rest (and 1 for ' +
      'all when all are equal); null with the price.',
  }),
});

export const PriceGridResponseSchema = z
  .object({
    success: z.literal(true),
    outRoute: z.number().int(),
    backRoute: z.number().int(),
    bags: z.number().int().min(0).max(2),
    currency: z.string(),
    /** The outbound days (columns) and return days (rows), in order. */
    outDays: z.array(YmdSchema),
    backDays: z.array(YmdSchema),
    /** 49 cells: for each outbound day in order, every return day in order. */
    cells: z.array(PriceGridCellSchema),
  })
  .meta({ id: 'PriceGridResponse' });

export type PriceGridResponse = z.infer<typeof PriceGridResponseSchema>;
export type PriceGridCell = z.infer<typeof PriceGridCellSchema>;
