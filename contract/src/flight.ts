import { z } from 'zod';
import {
  SearchAirportSchema,
  SearchFareClassSchema,
  SearchHashSchema,
  SearchSegmentSchema,
} from './search.ts';

/** Extras a fare class may sell (`extras` below), bought with a booking (contract/src/booking.ts). */
export const EXTRA_CODES = ['checked_bag'] as const;
export const ExtraCodeSchema = z.enum(EXTRA_CODES);

/**
 * Details of chosen flights (SPEC §7): `GET /api/flight/info/{hash}?ids=…` answers, for flights of
 * that search, their legs, and for each fare class the current price and seats left, its
 * conditions and its baggage allowance.
 */

/** Most flights asked about at once: one per leg of the longest multi-city search, and then some. */
export const FLIGHT_INFO_MAX_IDS = 12;

const FlightIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a flight id');

/** `ids=12,13` or `ids=12&ids=13`; repeats are dropped. */
export const FlightInfoQuerySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      [...new Set((Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')))]
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(FlightIdSchema).min(1).max(FLIGHT_INFO_MAX_IDS)),
});

export const FlightInfoParamsSchema = z.object({ hash: SearchHashSchema });

export const BaggageAllowanceSchema = z.object({
  pieces: z.number().int().nonnegative(),
  /** Most weight per piece. */
  weightKg: z.number().int().nonnegative(),
});

export const FareConditionsSchema = z.object({
  refundable: z.boolean(),
  /** What a refund costs, in minor units of the response's currency; null when not refundable. */
  refundFee: z.number().int().nonnegative().nullable(),
  changeable: z.boolean(),
  /** What a change of date or flight costs; null when no change is allowed. */
  changeFee: z.number().int().nonnegative().nullable(),
});

/** Something a fare sells on top of the seat (an extra checked bag), per passenger and leg. */
export const FareExtraSchema = z.object({
  code: ExtraCodeSchema,
  /** Price of one unit, minor units of the response's currency. */
  price: z.number().int().nonnegative(),
  /** Most units one passenger may buy on this leg (infants buy none). */
  maxPerPassenger: z.number().int().positive(),
});

export const FlightInfoFareClassSchema = SearchFareClassSchema.extend({
  conditions: FareConditionsSchema,
  baggage: z.object({ cabin: BaggageAllowanceSchema, checked: BaggageAllowanceSchema }),
  /** Extras the fare sells; empty when it sells none (fares with two checked bags included). */
  extras: z.array(FareExtraSchema),
});

export const FlightInfoSchema = z.object({
  id: z.string(),
  route: z.number().int(),
  date: z.string(),
  stops: z.number().int().nonnegative(),
  duration: z.number().int().positive(),
  segments: z.array(SearchSegmentSchema),
  /** Cheapest first, with seats left as they are now (0 when sold out since the search). */
  fareClasses: z.array(FlightInfoFareClassSchema),
});

export type FlightInfo = z.infer<typeof FlightInfoSchema>;

export const FlightInfoResponseSchema = z
  .object({
    success: z.literal(true),
    hash: SearchHashSchema,
    currency: z.string(),
    /** In the order asked for. */
    flights: z.array(FlightInfoSchema),
    airports: z.array(SearchAirportSchema),
  })
  .meta({ id: 'FlightInfoResponse' });

export type FlightInfoResponse = z.infer<typeof FlightInfoResponseSchema>;
