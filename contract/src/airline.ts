import { z } from 'zod';
import { MAX_SALE_PERCENT, MIN_SALE_PERCENT } from '@uniquair/domain/pricing/fare-price';
import { MAX_DATABASE_ID, SearchAirportSchema, SearchRouteSchema, YmdSchema } from './search.ts';
import { RouteIdParamSchema } from './pricing.ts';

/**
 * The airline-partner view behind the page titled 'not for passengers' (SPEC §1, §2
 * `/airlines/flights/search`): a route's flights on a date with their load, per fare class.
 * Inventory figures only — no booking, passenger or contact data.
 */

export const AirlineFlightsQuerySchema = z.object({
  route: RouteIdParamSchema,
  date: YmdSchema,
});

export const AirlineFareClassSchema = z.object({
  letter: z.string(),
  cabin: z.enum(['economy', 'business']),
  price: z.number().int().nonnegative(),
  currency: z.string(),
  seatsTotal: z.number().int().nonnegative(),
  seatsSold: z.number().int().nonnegative(),
  seatsLeft: z.number().int().nonnegative(),
});

export const AirlineFlightSchema = z.object({
  id: z.number().int(),
  flightNumber: z.string(),
  carrier: z.string(),
  departureLocal: z.string(),
  departureUtc: z.string(),
  arrivalLocal: z.string(),
  arrivalUtc: z.string(),
  duration: z.number().int(),
  stops: z.number().int(),
  via: z.string().nullable(),
  capacity: z.number().int(),
  seatsSold: z.number().int(),
  seatsLeft: z.number().int(),
  /** Seats sold ÷ capacity, 0–1, rounded to three decimals. */
  loadFactor: z.number().min(0).max(1),
  fareClasses: z.array(AirlineFareClassSchema),
});

export const AirlineFlightsResponseSchema = z
  .object({
    success: z.literal(true),
    route: SearchRouteSchema,
    date: YmdSchema,
    /** Whether the route operates on the date (its weekday and availability window). */
    operates: z.boolean(),
    airports: z.array(SearchAirportSchema),
    /** In order of departure. */
    flights: z.array(AirlineFlightSchema),
  })
  .meta({ id: 'AirlineFlightsResponse' });

export type AirlineFlightsResponse = z.infer<typeof AirlineFlightsResponseSchema>;

/**
 * Fare sales (docs/decisions/009-fares-that-move.md, docs/search.md "Prices that move"): an airline
 * partner takes a percentage off the fares of one route's flights departing on some days. Prices
 * are re-priced at once; overlapping sales do not add up (the largest percentage applies).
 */

export const FareSaleRequestSchema = z
  .strictObject({
    routeId: z
      .number()
      .int()
      .positive()
      .max(MAX_DATABASE_ID)
      .meta({ description: 'The route whose own flights go on sale.' }),
    from: YmdSchema.meta({ description: 'First departure day on sale (YYYY-MM-DD).' }),
    until: YmdSchema.meta({
      description: 'Last departure day on sale, included; not before today, at most a year ahead.',
    }),
    percent: z
      .number()
      .int()
      .min(MIN_SALE_PERCENT)
      .max(MAX_SALE_PERCENT)
      .meta({ description: 'Percent off every fare class, a whole number from 1 to 90.' }),
  })
  .meta({ id: 'FareSaleRequest', description: 'A sale on a route and its departure days.' });
export type FareSaleRequest = z.infer<typeof FareSaleRequestSchema>;

export const FareSaleSchema = z
  .object({
    id: z
      .number()
      .int()
      .meta({ description: 'The sale, as `DELETE /api/airline/fares/sale/{id}` names it.' }),
    routeId: z.number().int(),
    from: YmdSchema,
    until: YmdSchema,
    percent: z.number().int().min(MIN_SALE_PERCENT).max(MAX_SALE_PERCENT),
    createdAt: z.string().meta({ description: 'When it was published (ISO instant).' }),
    endedAt: z
      .string()
      .nullable()
      .meta({ description: 'When the partner ended it (ISO instant); null while it runs.' }),
  })
  .meta({ id: 'FareSale' });
export type FareSale = z.infer<typeof FareSaleSchema>;

export const FareSaleResponseSchema = z
  .object({
    success: z.literal(true),
    sale: FareSaleSchema,
    repriced: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Fare classes whose price changed with it.' }),
  })
  .meta({ id: 'FareSaleResponse' });
export type FareSaleResponse = z.infer<typeof FareSaleResponseSchema>;

export const FareSalesQuerySchema = z.object({
  route: RouteIdParamSchema.optional().meta({ description: 'Only the sales of this route.' }),
});

export const FareSalesResponseSchema = z
  .object({
    success: z.literal(true),
    /** Running sales whose last day is not past, newest first. */
    sales: z.array(FareSaleSchema),
  })
  .meta({ id: 'FareSalesResponse' });
export type FareSalesResponse = z.infer<typeof FareSalesResponseSchema>;

export const FareSaleIdParamsSchema = z.object({
  saleId: z.coerce.number().int().positive().max(MAX_DATABASE_ID),
});
