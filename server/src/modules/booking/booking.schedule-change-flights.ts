import type { Kysely } from 'kysely';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import {
  inventoryFlightIds,
  makesConnection,
  minimumConnectionMinutes,
} from '@uniquair/domain/search/connections';
import type { SubstituteFlight } from '@uniquair/contract/booking-schedule-changes';
import { fareClassRank, isSameOrHigherClass } from '@uniquair/domain/booking/fare-class-rank';
import type { Database } from '../../db/database.ts';
import type { SearchService } from '../search/search.service.ts';
import { CHANGEABLE_STATUSES } from './booking.schedule-change-repository.ts';

/**
 * The inventory side of schedule changes (docs/schedule-changes.md): whether a retimed flight's
 * number is free on its new day, and what a change does to a booked leg — a leg whose
 * `flight_ref` is several inventory flights (`812-9051`, a connection) is told when any of them
 * changes, and whether the journey as a whole can still be flown.
 */

/**
 * Whether another flight of the route flies under the same number on a day (a retime moving a
 * flight onto the day of the next one).
 */
export async function flightNumberTaken(
  db: Kysely<Database>,
  flight: { id: number; route_id: number; flight_number: string },
  date: Ymd,
): Promise<boolean> {
  const other = await db
    .selectFrom('flights')
    .select('id')
    .where('route_id', '=', flight.route_id)
    .where('flight_number', '=', flight.flight_number)
    .where('departure_date', '=', date)
    .where('id', '!=', flight.id)
    .executeTakeFirst();
  return other !== undefined;
}

type InventoryFlightRow = Awaited<ReturnType<typeof flightsOfLeg>>[number];

/** The inventory flights of a booked leg, in the order they are flown. */
export async function flightsOfLeg(db: Kysely<Database>, flightRef: string) {
  const ids = inventoryFlightIds(flightRef);
  const rows = await db.selectFrom('flights').selectAll().where('id', 'in', ids).execute();
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`inventory flight ${id} of leg ${flightRef} is gone`);
    return row;
  });
}

/**
 * The minimum connection time at each stop of a connection leg: its route's path through these
 * flights' routes (the times search sold it under), or the stop airport's international minimum
 * when the path is gone.
 */
async function connectionMinutes(
  db: Kysely<Database>,
  routeId: number | null,
  flights: readonly InventoryFlightRow[],
): Promise<number[]> {
  const routes = flights.map((flight) => flight.route_id);
  const path =
    routeId === null
      ? undefined
      : await db
          .selectFrom('route_paths')
          .select(['first_connection_minutes', 'second_connection_minutes'])
          .where('route_id', '=', routeId)
          .where('first_route_id', '=', routes[0] as number)
          .where('second_route_id', '=', routes[1] as number)
          .where('third_route_id', routes[2] === undefined ? 'is' : '=', routes[2] ?? null)
          .executeTakeFirst();
  const changes = flights.slice(0, -1);
  if (path) {
    const known = [path.first_connection_minutes, path.second_connection_minutes];
    return changes.map((_, index) => known[index] ?? minimumConnectionMinutes('', false));
  }
  // The path is gone: the international minimum of each stop airport (the last leg's arrival).
  const stops = await db
    .selectFrom('flight_segments')
    .select(['flight_id', 'to_airport'])
    .where(
      'flight_id',
      'in',
      changes.map((flight) => flight.id),
    )
    .orderBy('position', 'desc')
    .execute();
  return changes.map((flight) =>
    minimumConnectionMinutes(
      stops.find((stop) => stop.flight_id === flight.id)?.to_airport ?? '',
      false,
    ),
  );
}

/** What a change of one of its flights does to a booked leg. */
export type LegAfterChange =
  | { kind: 'retimed'; departureUtc: string; arrivalUtc: string }
  | { kind: 'cancelled' }
  | { kind: 'missedConnection' };

/**
 * A booked leg once one of its inventory flights was retimed or cancelled (read in the change's
 * transaction, after the flight's new times are written): a leg of one flight takes its new
 * times; a connection keeps flying when every stop still leaves its minimum connection time and
 * at most a day, from the first flight's departure to the last one's arrival.
 */
export async function legAfterChange(
  trx: Kysely<Database>,
  leg: { flight_ref: string; route_id: number | null },
  cancelled: boolean,
): Promise<LegAfterChange> {
  if (cancelled) return { kind: 'cancelled' };
  const flights = await flightsOfLeg(trx, leg.flight_ref);
  const first = flights[0] as InventoryFlightRow;
  const last = flights.at(-1) as InventoryFlightRow;
  const minimums = flights.length > 1 ? await connectionMinutes(trx, leg.route_id, flights) : [];
  const missed = minimums.some(
    (minimum, stop) =>
      !makesConnection(
        { arrivalMs: Date.parse(flights[stop]?.arrival_utc ?? '') },
        { departureMs: Date.parse(flights[stop + 1]?.departure_utc ?? '') },
        minimum,
      ),
  );
  if (missed) return { kind: 'missedConnection' };
  return { kind: 'retimed', departureUtc: first.departure_utc, arrivalUtc: last.arrival_utc };
}

/**
 * Booked legs on an inventory flight, alone or as one flight of a connection (`812-9051`), whose
 * booking is told about a change.
 */
export async function legsOnFlight(trx: Kysely<Database>, flightId: number, now: string) {
  const id = String(flightId);
  return trx
    .selectFrom('booking_flights as f')
    .innerJoin('bookings as b', 'b.id', 'f.booking_id')
    .select(['f.booking_id', 'f.position', 'f.flight_ref', 'f.route_id', 'f.segments'])
    .select(['b.pnr', 'b.status', 'b.owner_user_id'])
    .where((eb) =>
      eb.or([id, `${id}-%`, `%-${id}`, `%-${id}-%`].map((ref) => eb('f.flight_ref', 'like', ref))),
    )
    .where('b.status', 'in', [...CHANGEABLE_STATUSES])
    .where((eb) => eb.or([eb('b.status', '!=', 'not_paid'), eb('b.hold_expires_at', '>', now)]))
    .orderBy('f.booking_id')
    .orderBy('f.position')
    .execute();
}

/**
 * The holds of a leg's seats once: those on its first flight (every flight of a connection holds
 * the same seats).
 */
export function seatHoldsOfLeg<T extends { flight_id: number }>(
  holds: readonly T[],
  flightRef: string,
): T[] {
  const [first] = inventoryFlightIds(flightRef);
  return holds.filter((hold) => hold.flight_id === first);
}

/** The search module's look-up of a route's flights and connections on a day. */
export type InventoryFlights = Pick<SearchService, 'inventoryFlights'>;

/**
 * Connections that may replace a booked leg (docs/schedule-changes.md "Substitutes"): the
 * route's itineraries through hubs on each day of `dates` as search lists them now, other than
 * the booked one, each with the booked class or the lowest higher one that has `seats` on every
 * flight.
 */
export async function connectionSubstitutes(
  db: Kysely<Database>,
  search: InventoryFlights,
  leg: { route_id: number; flight_ref: string; fare_letter: string; cabin: string },
  dates: readonly Ymd[],
  seats: number,
  now: Date,
): Promise<SubstituteFlight[]> {
  const route = await db
    .selectFrom('routes')
    .select(['id', 'from_airport', 'to_airport'])
    .where('id', '=', leg.route_id)
    .executeTakeFirst();
  if (!route) return [];
  const booked = { letter: leg.fare_letter, cabin: leg.cabin };
  const seated = Math.max(seats, 1);
  const days = await Promise.all(
    dates.map(async (date) => ({
      date,
      flights: await search.inventoryFlights({
        route: { id: route.id, from: route.from_airport, to: route.to_airport },
        date,
        passengers: { adults: seated, children: 0, infants: 0 },
        seats: seated,
        departingAfter: now,
      }),
    })),
  );
  const offers: SubstituteFlight[] = [];
  for (const { date, flights } of days) {
    for (const flight of flights) {
      if (inventoryFlightIds(flight.id).length < 2 || flight.id === leg.flight_ref) continue;
      const fare = flight.fareClasses
        .filter((candidate) => isSameOrHigherClass(booked, candidate))
        .sort((a, b) => fareClassRank(a.letter, a.cabin) - fareClassRank(b.letter, b.cabin))[0];
      const first = flight.segments[0];
      const last = flight.segments.at(-1);
      if (!fare || !first || !last) continue;
      offers.push({
        flightId: flight.id,
        date,
        departureUtc: first.departureUtc,
        departureLocal: first.departureLocal,
        arrivalUtc: last.arrivalUtc,
        arrivalLocal: last.arrivalLocal,
        flightNumber: flight.segments.map((segment) => segment.flightNumber).join(' · '),
        stops: flight.stops,
        fareClass: fare.letter,
        cabin: fare.cabin,
        seatsLeft: fare.seatsLeft,
      });
    }
  }
  return offers;
}
