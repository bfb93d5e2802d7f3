import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { IsoInstant, LocalTime } from '../columns.ts';

/** Row types of the flight inventory (routes, flights, fares) and of what searches derive from it. */

export interface RoutesTable {
  id: Generated<number>;
  from_airport: string;
  to_airport: string;
  /** Day-of-week bitmask: Monday 1 … Sunday 64; 127 is daily. */
  dow: number;
  available_from: Ymd;
  /** Last day flown, or null when open-ended. */
  available_until: Ymd | null;
  /** Popularity from 1 (least) to 5 (most). */
  rating: number;
  /** Great-circle distance between the two airports. */
  distance_km: number;
}

/** When a flight or one of its legs leaves and arrives: local to each airport, and in UTC. */
export interface FlightTimes {
  /** Local calendar date and time of departure at the origin airport. */
  departure_date: Ymd;
  departure_time: LocalTime;
  departure_utc: IsoInstant;
  /** Local calendar date and time of arrival at the destination. */
  arrival_date: Ymd;
  arrival_time: LocalTime;
  arrival_utc: IsoInstant;
}

/**
 * One bookable departure on a route and date: a direct flight or a connection through a stop.
 * Its legs are the rows of `flight_segments`; the columns here summarise the whole journey.
 */
export interface FlightsTable extends FlightTimes {
  id: Generated<number>;
  route_id: number;
  /** Designator of the first leg, e.g. `UQ124`. */
  flight_number: string;
  carrier_code: string;
  /** From first departure to last arrival, connection time included. */
  duration_minutes: number;
  stops: number;
  /** The stop of a one-stop journey, null for a direct flight. */
  via_airport: string | null;
  /** Seats on the aircraft (the sum of the fare classes' seats). */
  capacity: number;
  /** When an operator cancelled the flight (docs/schedule-changes.md); null while it flies. */
  cancelled_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
}

/**
 * A way to fly a route through one or two hubs: a chain of routes and the minimum connection
 * time at each stop (docs/search.md "Connections").
 */
export interface RoutePathsTable {
  id: Generated<number>;
  route_id: number;
  /** 1 or 2. */
  stops: number;
  first_route_id: number;
  second_route_id: number;
  /** Null for one stop. */
  third_route_id: number | null;
  first_connection_minutes: number;
  /** Null for one stop. */
  second_connection_minutes: number | null;
  /** Flown distance over the route's great-circle distance. */
  detour: number;
}

/**
 * A route from or to a city of several airports is flown by its members: the airport routes
 * between the same places (docs/search.md "Cities of several airports").
 */
export interface RouteMembersTable {
  route_id: number;
  member_route_id: number;
}

/** A leg of a flight; a direct flight has one (position 1), a one-stop flight two. */
export interface FlightSegmentsTable extends FlightTimes {
  id: Generated<number>;
  flight_id: number;
  /** 1-based order of the leg within the flight. */
  position: number;
  from_airport: string;
  to_airport: string;
  flight_number: string;
  carrier_code: string;
  duration_minutes: number;
}

export interface FareClassesTable {
  id: Generated<number>;
  flight_id: number;
  /** Booking class letter, e.g. `Q` (cheapest economy) … `Y` (full economy), `J` (business). */
  letter: string;
  /** `economy` or `business`. */
  cabin: string;
  /**
   * The class's price before demand, in cents (docs/decisions/009-fares-that-move.md): what
   * re-pricing computes `price_minor` from. Null for a class written without one (an archived
   * class from before it existed), which re-pricing leaves as it is.
   */
  base_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** Price of one adult seat in minor units of `currency`. */
  price_minor: number;
  currency: string;
  seats_total: number;
  /** Never negative and never above `seats_total` (checked by the database). */
  seats_left: number;
}

/** A fare class as searches and flight details offer it: its price and the seats left. */
export type FareOfferRow = Pick<
  FareClassesTable,
  'flight_id' | 'letter' | 'cabin' | 'price_minor' | 'currency' | 'seats_left'
>;

/**
 * Where the rolling inventory stands (one row, id 1): the seed its flights are generated from, the
 * last departure day generated so far and how far flown flights have been archived
 * (docs/database.md "Rolling the inventory forward").
 */
export interface InventoryStateTable {
  id: number;
  seed: number;
  last_day: Ymd;
  updated_at: IsoInstant;
  /** Every flight that departed before this day is archived or kept for its bookings; null: none. */
  archived_before: ColumnType<Ymd | null, Ymd | null | undefined, Ymd | null>;
  /** The shape the price summary was last built in (`PRICE_SUMMARY_VERSION`); older is rebuilt. */
  price_summary_version: ColumnType<number, number | undefined, number>;
}

/** A flight that departed days ago, moved out of the live inventory as it was, with its id. */
export interface ArchivedFlightsTable extends Omit<FlightsTable, 'id' | 'cancelled_at'> {
  id: number;
  cancelled_at: IsoInstant | null;
  archived_at: IsoInstant;
}

/** A leg of an archived flight, as it was. */
export interface ArchivedFlightSegmentsTable extends Omit<FlightSegmentsTable, 'id'> {
  id: number;
}

/** A fare class of an archived flight, with the seats it had left. */
export interface ArchivedFareClassesTable extends Omit<FareClassesTable, 'id'> {
  id: number;
}

/** A search job and, once finished, its result (DESIGN §5), keyed by the search hash. */
export interface SearchResultsTable {
  /** 32 hex digits: the digest of the normalised search parameters. */
  hash: string;
  /** The normalised parameters as JSON, enough to run the search again. */
  params: string;
  /** `progress` while running, then `done` or `error`; `expired` is `done` past `expires_at`. */
  status: 'progress' | 'done' | 'error';
  /** 0–100: the share of the search's parts (leg × supplier) that have answered. */
  progress: number;
  /** The result as sent to browsers (JSON), once done. */
  result: string | null;
  /** Why the search, or some of its parts, failed; for the log, never sent. */
  error: string | null;
  created_at: IsoInstant;
  /** When the current run started; a run older than the job deadline is abandoned. */
  started_at: IsoInstant;
  updated_at: IsoInstant;
  /** The source of `Last-Modified` and the `ETag` of the result. */
  finished_at: IsoInstant | null;
  /** After this instant a finished search reports `expired`. */
  expires_at: IsoInstant | null;
}

/** The cheapest fare with a seat left per route and departure day (DESIGN §5 price summary). */
export interface RouteDayPricesTable {
  route_id: number;
  /** Local departure date at the origin. */
  date: Ymd;
  /** The cheapest fare of the day (no checked bag). */
  min_price_minor: number;
  /** The cheapest fare plus its bag extras for 1 checked bag per passenger; null: none carries it. */
  min_price_bags1_minor: number | null;
  /** The same for 2 checked bags per passenger. */
  min_price_bags2_minor: number | null;
  currency: string;
  updated_at: IsoInstant;
}

export type Route = Selectable<RoutesTable>;

export type Flight = Selectable<FlightsTable>;

export type FlightSegment = Selectable<FlightSegmentsTable>;

export type FareClass = Selectable<FareClassesTable>;
