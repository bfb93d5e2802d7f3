import { z } from 'zod';
import { parseYmd } from '@uniquair/domain/dates/ymd';
import { MAX_SEATED_PASSENGERS } from '@uniquair/domain/search/passengers';
import { MAX_DESTINATIONS } from '@uniquair/domain/search/search-path';
import { MAX_BAGS_PER_PASSENGER } from '@uniquair/domain/pricing/fare-rules';

/**
 * Flight search (SPEC §3 "Search params", "Search result"; §4 "Search status"; §7 "Search"):
 * `POST /api/search/init`, `GET /api/search/status/{hash}`, `GET /api/search/result/{hash}`, the
 * progress stream `/spp/search/ssestatus/{hash}` and the socket `/sp/search/status?hash=`.
 */

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const YmdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD')
  .refine((text) => parseYmd(text) !== null, 'Not a calendar date')
  .meta({ description: 'A calendar date YYYY-MM-DD', example: '2026-12-01' });

/**
 * Largest id a database row has: ids are 32-bit integers on PostgreSQL (and kept to the same
 * range on SQLite), so a larger one names nothing and is refused as invalid before any query.
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/** A route id as the route list carries it: a positive integer, a database id. */
export const RouteIdSchema = z.number().int().positive().max(MAX_DATABASE_ID);

/** An airport id: its IATA code. */
export const AirportIdSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Expected a three-letter IATA airport code')
  .meta({ example: 'LHR' });

/** Most legs of one search (a multi-city trip). */
export const SEARCH_MAX_DESTINATIONS = MAX_DESTINATIONS;

/**
 * Most seated travellers (adults and children) in one search: the most seats one booking may hold
 * (domain `search/passengers`). Infants travel on a lap.
 */
export const SEARCH_MAX_SEATED_PASSENGERS = MAX_SEATED_PASSENGERS;

export const SearchDestinationSchema = z.object({
  route: RouteIdSchema,
  date: YmdSchema,
});

export type SearchDestination = z.infer<typeof SearchDestinationSchema>;

/**
 * Passenger counts as whole numbers. The rules of SPEC §4 (at least one adult, infants not above
 * adults) and the seat limit are checked by the service, which names the field at fault.
 */
export const SearchPassengersSchema = z.object({
  adults: z.number().int().min(0).max(SEARCH_MAX_SEATED_PASSENGERS),
  children: z.number().int().min(0).max(SEARCH_MAX_SEATED_PASSENGERS),
  infants: z.number().int().min(0).max(SEARCH_MAX_SEATED_PASSENGERS),
});

/** Checked bags per passenger a search or calendar prices in (fare rules: 0, 1 or 2). */
export const BagsSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_BAGS_PER_PASSENGER)
  .meta({ description: 'Checked bags per passenger: 0, 1 or 2.' });

export const SearchParamsSchema = z
  .object({
    destinations: z.array(SearchDestinationSchema).min(1).max(SEARCH_MAX_DESTINATIONS),
    passengers: SearchPassengersSchema,
    bags: BagsSchema.default(0).meta({
      description:
        'Checked bags per passenger (0–2, default 0): each fare class of the result gets ' +
        '`allInPrice`, its fare plus the checked-bag extras its fare rules need for that many.',
    }),
  })
  .meta({ id: 'SearchParams', description: 'What to search: the legs and who travels.' });

/** What a client sends (`bags` may be left out: 0). */
export type SearchParams = z.input<typeof SearchParamsSchema>;

/** A browser push subscription (SPEC §3). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  publicKey: z.string().min(1).max(256),
  authToken: z.string().min(1).max(256),
  contentEncoding: z.enum(['aesgcm', 'aes128gcm']).default('aesgcm'),
});

export const SearchInitBodySchema = SearchParamsSchema.extend({
  subscription: PushSubscriptionSchema.optional(),
}).meta({ id: 'SearchInitBody' });

export type SearchInitBody = z.infer<typeof SearchInitBodySchema>;

/** The deterministic id of a search: 32 lower-case hex digits. */
export const SearchHashSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'Expected a search hash: 32 hexadecimal digits')
  .meta({ example: '3f2a9c0d4b6e8f1a2c3d4e5f60718293' });

export const SEARCH_STATUSES = ['progress', 'done', 'error', 'expired'] as const;
export const SearchStatusSchema = z.enum(SEARCH_STATUSES);
export type SearchStatus = z.infer<typeof SearchStatusSchema>;

/** Statuses that end the wait (SPEC §4). */
export const FINISHED_SEARCH_STATUSES: readonly SearchStatus[] = ['done', 'error', 'expired'];

export function isFinishedStatus(status: SearchStatus): boolean {
  return status !== 'progress';
}

/** What every progress transport carries: the SSE event data, the WebSocket message. */
export const SearchProgressSchema = z
  .object({
    status: SearchStatusSchema,
    progress: z.number().int().min(0).max(100),
  })
  .meta({ id: 'SearchProgress' });

export type SearchProgress = z.infer<typeof SearchProgressSchema>;

/** One leg of a flight as flown: local times at each airport and the same instants in UTC. */
export const SearchSegmentSchema = z.object({
  flightNumber: z.string(),
  /** Two-character airline designator, e.g. `UQ`. */
  carrier: z.string(),
  /** The airline's name, e.g. `Uniquair` (the designator when the airline is unknown). */
  carrierName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Local time at `from`, `YYYY-MM-DDTHH:mm`. */
  departureLocal: z.string(),
  departureUtc: z.string(),
  /** Local time at `to`, `YYYY-MM-DDTHH:mm`. */
  arrivalLocal: z.string(),
  arrivalUtc: z.string(),
  /** Minutes in the air. */
  duration: z.number().int(),
});

export type SearchSegment = z.infer<typeof SearchSegmentSchema>;

/** A bookable fare class; `price` is one adult seat in minor units of the result's currency. */
export const SearchFareClassSchema = z.object({
  letter: z.string(),
  cabin: z.enum(['economy', 'business']),
  price: z.number().int().nonnegative(),
  seatsLeft: z.number().int().nonnegative(),
  allInPrice: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .optional()
    .meta({
      description:
        'In a search result: one adult seat with the search’s checked bags (`bags`), the fare ' +
        'plus the bag extras its fare rules need, per leg, in minor units of the result’s ' +
        'currency; `price` itself with no bags; null when this fare cannot carry that many bags ' +
        '(it is then never the cheapest). Every fare class of a search result has it.',
    }),
});

export type SearchFareClass = z.infer<typeof SearchFareClassSchema>;

export const SearchFlightSchema = z.object({
  /** Unique within the search; the flight part of a destination in the URL (SPEC §3). */
  id: z.string(),
  stops: z.number().int().nonnegative(),
  /** Minutes from first departure to last arrival, connections included. */
  duration: z.number().int().positive(),
  segments: z.array(SearchSegmentSchema).min(1),
  /** Cheapest first. */
  fareClasses: z.array(SearchFareClassSchema).min(1),
  /**
   * True for a connection between flights of different airlines sold together by us: bags are
   * collected and checked in again at the stop, and a missed connection is the traveller's
   * risk (docs/search.md "Connections").
   */
  selfTransfer: z.boolean(),
  /**
   * The airport route this flight flies, on a leg whose route is a city's of several airports
   * (`TYO`–`LHR` is flown by `NRT`–`LHR` and `HND`–`LHR`); absent when it is the leg's own route.
   */
  route: z
    .number()
    .int()
    .optional()
    .meta({
      description:
        'On a leg whose route is a city’s of several airports: the airport route this flight ' +
        'flies (a booking of it is made on that route).',
    }),
});

export type SearchFlight = z.infer<typeof SearchFlightSchema>;

export const SearchDestinationResultSchema = z.object({
  route: z.number().int(),
  date: z.string(),
  /** The lowest fare of the leg in minor units, or null when no flight was found. */
  cheapestPrice: z.number().int().nonnegative().nullable(),
  /** False when a supplier could not answer for this leg, so more flights may exist. */
  complete: z.boolean(),
  /** In order of departure. */
  flights: z.array(SearchFlightSchema),
});

export type SearchDestinationResult = z.infer<typeof SearchDestinationResultSchema>;

/** A route as SPEC §3 describes it. */
export const SearchRouteSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  dow: z.number().int(),
  af: z.string(),
  au: z.string().nullable(),
  rating: z.number().int(),
});

export const SearchAirportSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  timeZone: z.string(),
});

export const SearchResultSchema = z
  .object({
    /** The currency of every price in the result (the USD base). */
    currency: z.string(),
    passengers: SearchPassengersSchema,
    /** One per destination, in the order searched. */
    results: z.array(SearchDestinationResultSchema),
    routes: z.array(SearchRouteSchema),
    airports: z.array(SearchAirportSchema),
  })
  .meta({ id: 'SearchResult' });

export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchHashParamsSchema = z.object({ hash: SearchHashSchema });

export const SearchInitResponseSchema = z
  .object({
    success: z.literal(true),
    hash: SearchHashSchema,
    status: SearchStatusSchema,
    progress: z.number().int().min(0).max(100),
    /**
     * With the result: seconds until it expires, the `max-age` that
     * `GET /api/search/result/{hash}` would send, so a client need not ask for the result again to
     * learn it.
     */
    expiresIn: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({
        description:
          'With `result`: seconds until the result expires (the `max-age` of ' +
          '`GET /api/search/result/{hash}`); then the search must be run again.',
      }),
    /** Present when the search is already done. */
    result: SearchResultSchema.optional(),
  })
  .meta({ id: 'SearchInitResponse' });

export type SearchInitResponse = z.infer<typeof SearchInitResponseSchema>;

export const SearchStatusResponseSchema = z
  .object({
    success: z.literal(true),
    hash: SearchHashSchema,
    status: SearchStatusSchema,
    progress: z.number().int().min(0).max(100),
  })
  .meta({ id: 'SearchStatusResponse' });

export type SearchStatusResponse = z.infer<typeof SearchStatusResponseSchema>;

export const SearchResultResponseSchema = z
  .object({
    success: z.literal(true),
    hash: SearchHashSchema,
    result: SearchResultSchema,
  })
  .meta({ id: 'SearchResultResponse' });

export type SearchResultResponse = z.infer<typeof SearchResultResponseSchema>;

/** The WebSocket's query string. */
export const SearchSocketQuerySchema = z.object({ hash: SearchHashSchema });
