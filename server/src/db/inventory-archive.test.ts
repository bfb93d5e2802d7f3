import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../test/helpers/database.ts';
import { insertBookingLegs, insertBookingRow } from '../../test/helpers/booking.ts';
import type { Database } from './database.ts';
import { archiveFlights } from './inventory-archive.ts';

const at = (days: number): Ymd => addDays(TEST_TODAY, days);

/** The first flights departing on a day, by id. */
async function flightsOn(db: Kysely<Database>, date: Ymd, count: number) {
  const flights = await db
    .selectFrom('flights')
    .select(['id', 'route_id'])
    .where('departure_date', '=', date)
    .orderBy('id')
    .limit(count)
    .execute();
  if (flights.length < count) throw new Error(`fewer than ${count} flights on ${date}`);
  return flights.map((flight) => ({ id: Number(flight.id), routeId: flight.route_id }));
}

async function fareClassOf(db: Kysely<Database>, flightId: number): Promise<number> {
  const row = await db
    .selectFrom('fare_classes')
    .select('id')
    .where('flight_id', '=', flightId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * What keeps a flown flight out of the archive besides a booked leg dated on its day
 * (docs/database.md "Rolling the inventory forward"): seats held on it, a voluntary change to it,
 * and a connection whose leg is dated days before its later flight.
 */
describe(`archiving flown flights (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('keeps the flights that seats are held on, that a change moves to, and a connection’s later flight', async () => {
    const { db } = database;
    const now = new Date().toISOString();
    const bookingId = await insertBookingRow(db, {
      pnr: 'ARCHIV1',
      departureDate: TEST_TODAY,
      createdAt: now,
    });
    // The days archived are at(2) and at(3); the connection's leg is dated the day before them.
    const [held, changedTo, oldFlight] = await flightsOn(db, at(2), 3);
    const [earlier] = await flightsOn(db, at(1), 1);
    const [later] = await flightsOn(db, at(3), 1);
    if (!held || !changedTo || !oldFlight || !earlier || !later) throw new Error('no flights');

    await db
      .insertInto('seat_holds')
      .values({
        booking_id: bookingId,
        fare_class_id: await fareClassOf(db, held.id),
        seats: 1,
        state: 'sold',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('booking_changes')
      .values({
        booking_id: bookingId,
        flight_index: 0,
        old_flight_ref: `xy-${oldFlight.id}`,
        old_fare_letter: 'Q',
        old_fare_price_minor: 5_000,
        new_flight_id: changedTo.id,
        new_fare_class_id: await fareClassOf(db, changedTo.id),
        new_fare_letter: 'Q',
        new_cabin: 'economy',
        new_fare_price_minor: 5_000,
        seats: 1,
        currency: 'USD',
        change_fee_minor: 0,
        fare_difference_minor: 0,
        amount_due_minor: 0,
        payout_minor: 0,
        total_delta_minor: 0,
        base_delta_minor: 0,
        payout_state: null,
        payout_payment_id: null,
        status: 'applied',
        created_at: now,
        updated_at: now,
        hold_expires_at: null,
        applied_at: now,
      })
      .execute();
    await insertBookingLegs(db, bookingId, at(1), [`${earlier.id}-${later.id}`]);

    const summary = await archiveFlights(db, { since: at(2), before: at(4) }, new Date());

    expect(summary.kept).toBe(3);
    const left = await db
      .selectFrom('flights')
      .select('id')
      .where('departure_date', '>=', at(2))
      .where('departure_date', '<', at(4))
      .orderBy('id')
      .execute();
    expect(left.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(
      [held.id, changedTo.id, later.id].sort((a, b) => a - b),
    );
    // The old flight of a change is the booking's no longer (its reference is a partner's here).
    const archived = await db
      .selectFrom('archived_flights')
      .select('id')
      .where('id', '=', oldFlight.id)
      .execute();
    expect(archived).toHaveLength(1);
  }, 120_000);
});
