import { fareClassRank, isSameOrHigherClass } from '@uniquair/domain/booking/fare-class-rank';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ScheduleChangeAnswer } from '../../db/tables/schedule-changes.ts';

/**
 * The SQL of schedule changes (docs/schedule-changes.md): the inventory flight and its legs with
 * their airports' time zones, retiming and cancelling it, the booked legs on it, the change
 * records and their answers, substitute candidates, and moving a leg's seats and copy.
 */

/** Bookings in these statuses are told about a change (and may answer it). */
export const CHANGEABLE_STATUSES = ['not_paid', 'paid', 'ticketed'] as const;

export type ScheduleChangeRow = Awaited<ReturnType<typeof changesOfBooking>>[number];

export async function inventoryFlight(db: Kysely<Database>, flightId: number) {
  return db.selectFrom('flights').selectAll().where('id', '=', flightId).executeTakeFirst();
}

/** The legs of inventory flights in order, with the time zones of their airports. */
export async function segmentsWithZones(db: Kysely<Database>, flightIds: readonly number[]) {
  if (flightIds.length === 0) return [];
  return db
    .selectFrom('flight_segments as s')
    .innerJoin('airports as a_from', 'a_from.code', 's.from_airport')
    .innerJoin('airports as a_to', 'a_to.code', 's.to_airport')
    .selectAll('s')
    .select(['a_from.time_zone as from_zone', 'a_to.time_zone as to_zone'])
    .where('s.flight_id', 'in', [...flightIds])
    .orderBy('s.flight_id')
    .orderBy('s.position')
    .execute();
}

export type SegmentWithZones = Awaited<ReturnType<typeof segmentsWithZones>>[number];

export interface SegmentTimes {
  departure_date: Ymd;
  departure_time: string;
  departure_utc: string;
  arrival_date: Ymd;
  arrival_time: string;
  arrival_utc: string;
  duration_minutes: number;
}

export async function updateSegment(
  trx: Kysely<Database>,
  segmentId: number,
  times: SegmentTimes,
): Promise<void> {
  await trx.updateTable('flight_segments').set(times).where('id', '=', segmentId).execute();
}

export async function updateFlightTimes(
  trx: Kysely<Database>,
  flightId: number,
  times: SegmentTimes,
): Promise<void> {
  await trx.updateTable('flights').set(times).where('id', '=', flightId).execute();
}

/**
 * Cancels a flight: `cancelled_at` set (it is no longer sold) and every fare class emptied, so a
 * booking racing the cancellation fails its conditional seat update. Answers false when the flight
 * was already cancelled.
 */
export async function cancelFlight(
  trx: Kysely<Database>,
  flightId: number,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('flights')
    .set({ cancelled_at: now })
    .where('id', '=', flightId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('fare_classes')
    .set({ seats_left: 0 })
    .where('flight_id', '=', flightId)
    .execute();
  return true;
}

/** Earlier unanswered changes of a leg are replaced by a new one. */
export async function supersedeChanges(
  trx: Kysely<Database>,
  bookingId: number,
  flightIndex: number,
  now: string,
): Promise<void> {
  await trx
    .updateTable('booking_schedule_changes')
    .set({ answer: 'superseded', answered_at: now })
    .where('booking_id', '=', bookingId)
    .where('flight_index', '=', flightIndex)
    .where('answer', 'is', null)
    .execute();
}

export async function insertChange(
  trx: Kysely<Database>,
  change: {
    booking_id: number;
    flight_index: number;
    flight_ref: string;
    old_departure_utc: string;
    old_arrival_utc: string;
    new_departure_utc: string | null;
    new_arrival_utc: string | null;
    missed_connection: 0 | 1;
    created_at: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('booking_schedule_changes')
    .values({ ...change, answer: null, answered_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A booking's changes, oldest first. */
export async function changesOfBooking(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_schedule_changes')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

export async function changeById(db: Kysely<Database>, changeId: number) {
  return db
    .selectFrom('booking_schedule_changes')
    .selectAll()
    .where('id', '=', changeId)
    .executeTakeFirst();
}

/** Whether the booking has a change nobody answered yet. */
export async function hasUnansweredChange(
  db: Kysely<Database>,
  bookingId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('booking_schedule_changes')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('answer', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the answer to a change, only while it is unanswered (one conditional update, so two
 * answers racing each other never both succeed). Answers whether it was recorded.
 */
export async function answerChange(
  trx: Kysely<Database>,
  changeId: number,
  answer: ScheduleChangeAnswer,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('booking_schedule_changes')
    .set({ answer, answered_at: now })
    .where('id', '=', changeId)
    .where('answer', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function bookingLeg(db: Kysely<Database>, bookingId: number, position: number) {
  return db
    .selectFrom('booking_flights')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('position', '=', position)
    .executeTakeFirst();
}

export async function legCount(db: Kysely<Database>, bookingId: number): Promise<number> {
  const row = await db
    .selectFrom('booking_flights')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The seat holds of a booking on the inventory flights of a booked leg (held or sold): its
 * flight, or every flight of a connection (`812-9051`, docs/search.md "Connections").
 */
export async function holdsOnFlight(db: Kysely<Database>, bookingId: number, flightRef: string) {
  const rows = await db
    .selectFrom('seat_holds as h')
    .innerJoin('fare_classes as c', 'c.id', 'h.fare_class_id')
    .select(['h.id', 'h.fare_class_id', 'h.seats', 'h.state', 'c.flight_id'])
    .where('h.booking_id', '=', bookingId)
    .where('c.flight_id', 'in', inventoryFlightIds(flightRef))
    .where('h.state', 'in', ['held', 'sold'])
    .orderBy('h.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    fare_class_id: Number(row.fare_class_id),
    flight_id: Number(row.flight_id),
  }));
}

/** Ends a hold (seats to be given back by the caller); false when it was no longer held/sold. */
export async function releaseHold(
  trx: Kysely<Database>,
  holdId: number,
  state: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('seat_holds')
    .set({ state: 'released', updated_at: now })
    .where('id', '=', holdId)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertHold(
  trx: Kysely<Database>,
  hold: {
    bookingId: number;
    fareClassId: number;
    seats: number;
    state: string;
    now: string;
    changeId?: number;
  },
): Promise<void> {
  await trx
    .insertInto('seat_holds')
    .values({
      booking_id: hold.bookingId,
      fare_class_id: hold.fareClassId,
      seats: hold.seats,
      state: hold.state,
      created_at: hold.now,
      updated_at: hold.now,
      change_id: hold.changeId ?? null,
    })
    .execute();
}

/** Flights of a route departing on the days, not cancelled, after `now`, with their classes. */
export async function candidateFlights(
  db: Kysely<Database>,
  routeId: number,
  dates: readonly Ymd[],
  now: string,
) {
  return db
    .selectFrom('flights as f')
    .innerJoin('fare_classes as c', 'c.flight_id', 'f.id')
    .select([
      'f.id',
      'f.departure_date',
      'f.departure_time',
      'f.departure_utc',
      'f.arrival_date',
      'f.arrival_time',
      'f.arrival_utc',
      'f.flight_number',
      'f.stops',
      'c.id as fare_class_id',
      'c.letter',
      'c.cabin',
      'c.price_minor',
      'c.seats_left',
    ])
    .where('f.route_id', '=', routeId)
    .where('f.departure_date', 'in', [...dates])
    .where('f.cancelled_at', 'is', null)
    .where('f.departure_utc', '>', now)
    .orderBy('f.departure_utc')
    .orderBy('f.id')
    .orderBy('c.id')
    .execute();
}

export type CandidateFlight = Awaited<ReturnType<typeof candidateFlights>>[number];

/**
 * One class per candidate flight: the booked class or the lowest higher one (of the same cabin
 * when `sameCabin`) with `seats` left, leaving out the booked flight; soonest first, as given.
 */
export function bestClassPerFlight(
  rows: readonly CandidateFlight[],
  booked: { flightRef: string; letter: string; cabin: string; seats: number; sameCabin: boolean },
): CandidateFlight[] {
  const best = new Map<number, CandidateFlight>();
  for (const row of rows) {
    const id = Number(row.id);
    if (String(id) === booked.flightRef || row.seats_left < Math.max(booked.seats, 1)) continue;
    if (booked.sameCabin && row.cabin !== booked.cabin) continue;
    if (!isSameOrHigherClass(booked, row)) continue;
    const current = best.get(id);
    if (
      !current ||
      fareClassRank(row.letter, row.cabin) < fareClassRank(current.letter, current.cabin)
    ) {
      best.set(id, row);
    }
  }
  return [...best.values()];
}

export async function fareClassOf(db: Kysely<Database>, flightId: number, letter: string) {
  const row = await db
    .selectFrom('fare_classes')
    .select(['id', 'letter', 'cabin', 'price_minor', 'seats_left'])
    .where('flight_id', '=', flightId)
    .where('letter', '=', letter)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

export async function carrierNames(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('carriers')
    .select(['code', 'name'])
    .where('code', 'in', [...new Set(codes)])
    .execute();
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** A booked leg's copy of its journey after an answer (new times, or another flight). */
export async function updateLegCopy(
  trx: Kysely<Database>,
  bookingId: number,
  position: number,
  copy: {
    flight_ref: string;
    date: Ymd;
    segments: string;
    fare_letter: string;
    cabin: string;
    fare_price_minor?: number;
  },
): Promise<void> {
  await trx
    .updateTable('booking_flights')
    .set(copy)
    .where('booking_id', '=', bookingId)
    .where('position', '=', position)
    .execute();
}

/** The booking's summary dates (first departure, last departure of a longer trip). */
export async function updateBookingDates(
  trx: Kysely<Database>,
  bookingId: number,
  dates: { departure_date: Ymd; return_date: Ymd | null },
  now: string,
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({ ...dates, updated_at: now })
    .where('id', '=', bookingId)
    .execute();
}

export async function legDates(trx: Kysely<Database>, bookingId: number): Promise<Ymd[]> {
  const rows = await trx
    .selectFrom('booking_flights')
    .select('date')
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.date);
}

/** What the schedule-change e-mail says: the change, its booking and leg, the airports' zones. */
export async function changeForMail(db: Kysely<Database>, changeId: number) {
  const change = await changeById(db, changeId);
  if (!change) return undefined;
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'pnr', 'locale', 'booker_email', 'booker_first_name'])
    .where('id', '=', change.booking_id)
    .executeTakeFirst();
  const leg = await bookingLeg(db, change.booking_id, change.flight_index);
  if (!booking || !leg) return undefined;
  const zones = await db
    .selectFrom('airports')
    .select(['code', 'time_zone'])
    .where('code', 'in', [leg.from_airport, leg.to_airport])
    .execute();
  return {
    change,
    booking,
    leg,
    zones: new Map(zones.map((zone) => [zone.code, zone.time_zone])),
  };
}

/** The time zones of each leg's departure and arrival airports, by leg position. */
export async function legZones(
  db: Kysely<Database>,
  bookingId: number,
): Promise<Map<number, { from: string; to: string }>> {
  const rows = await db
    .selectFrom('booking_flights as f')
    .innerJoin('airports as a', 'a.code', 'f.from_airport')
    .innerJoin('airports as b', 'b.code', 'f.to_airport')
    .select(['f.position', 'a.time_zone as from_zone', 'b.time_zone as to_zone'])
    .where('f.booking_id', '=', bookingId)
    .execute();
  return new Map(rows.map((row) => [row.position, { from: row.from_zone, to: row.to_zone }]));
}
