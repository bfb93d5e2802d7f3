import { z } from 'zod';
import { SearchAirportSchema, SearchRouteSchema, YmdSchema } from './search.ts';
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
