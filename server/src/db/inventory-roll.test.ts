import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../test/helpers/database.ts';
import { insertBookingLegs, insertBookingRow } from '../../test/helpers/booking.ts';
import { dailyRoundTrip } from '../../test/helpers/search.ts';
import type { Database } from './database.ts';
import { readDatasetVersions } from './dataset-versions.ts';
import { describeRoll, readInventoryState, rollInventory } from './inventory-roll.ts';
import { PRICE_SUMMARY_VERSION } from './route-day-prices-all-in.ts';
import {
  priceSummaryEvents,
  refreshRouteDayPrices,
  type PriceSummaryScope,
} from './route-day-prices.ts';
import { loadAirports } from './seed/airports.ts';
import { flightSchedule, generateFlights, INVENTORY_DAYS } from './seed/flights.ts';
import { DEFAULT_SEED } from './seed/seed.ts';

const at = (days: number): Ymd => addDays(TEST_TODAY, days);

function daysFrom(first: Ymd, last: Ymd): Ymd[] {
  const days: Ymd[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

const byKey = <T extends { flight: { route_id: number; flight_number: string } }>(a: T, b: T) =>
  a.flight.route_id - b.flight.route_id ||
  a.flight.flight_number.localeCompare(b.flight.flight_number);

/** What the seed's generator gives the days, priced as of `today`: rows without ids. */
async function generated(today: Ymd, first: Ymd, last: Ymd) {
  const airports = await loadAirports();
  // The database was seeded for TEST_TODAY: its routes' windows are this schedule's.
  const schedule = flightSchedule(airports, DEFAULT_SEED, TEST_TODAY);
  return [
    ...generateFlights({
      routes: schedule.routes,
      airports,
      today,
      days: { first, last },
      random: schedule.random,
      ids: { flight: 1, segment: 1, fare: 1 },
    }),
  ]
    .map(({ flight, segments, fares }) => {
      const { id: _id, ...row } = flight;
      return {
        flight: row,
        segments: segments.map(({ id: _leg, flight_id: _of, ...leg }) => leg),
        fares: fares.map(({ id: _fare, flight_id: _of, ...fare }) => fare),
      };
    })
    .sort(byKey);
}

/** The legs and fare classes of some flights, in the order they were written. */
async function legsAndFares(db: Kysely<Database>, ids: readonly number[]) {
  const [segments, fares] = await Promise.all([
    db
      .selectFrom('flight_segments')
      .selectAll()
      .where('flight_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db.selectFrom('fare_classes').selectAll().where('flight_id', 'in', ids).orderBy('id').execute(),
  ]);
  return { segments, fares };
}

/** The stored flights of the days with their legs and fare classes, as rows without ids. */
async function stored(db: Kysely<Database>, first: Ymd, last: Ymd) {
  const flights = await db
    .selectFrom('flights')
    .selectAll()
    .where('departure_date', '>=', first)
    .where('departure_date', '<=', last)
    .execute();
  const { segments, fares } = await legsAndFares(
    db,
    flights.map((flight) => flight.id),
  );
  return flights
    .map(({ id, cancelled_at: _cancelled, ...flight }) => ({
      flight,
      segments: segments
        .filter((segment) => segment.flight_id === id)
        .map(({ id: _leg, flight_id: _of, ...leg }) => leg),
      fares: fares
        .filter((fare) => fare.flight_id === id)
        .map(({ id: _fare, flight_id: _of, ...fare }) => fare),
    }))
    .sort(byKey);
}

/** The price summary of some days, in a fixed order. */
function summaryOf(db: Kysely<Database>, days: readonly Ymd[]) {
  return db
    .selectFrom('route_day_prices')
    .select([
      'route_id',
      'date',
      'min_price_minor',
      'min_price_bags1_minor',
      'min_price_bags2_minor',
      'currency',
    ])
    .where('date', 'in', days)
    .orderBy('route_id')
    .orderBy('date')
    .execute();
}

async function flightsOn(db: Kysely<Database>, days: readonly Ymd[]) {
  return db.selectFrom('flights').selectAll().where('departure_date', 'in', days).execute();
}

describe(`rolling the inventory forward (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('adds exactly the days that entered the year, each as the seed generates it', async () => {
    const { db } = database;
    expect(await readInventoryState(db)).toEqual({
      seed: DEFAULT_SEED,
      last_day: at(INVENTORY_DAYS - 1),
      archived_before: TEST_TODAY,
      price_summary_version: PRICE_SUMMARY_VERSION,
    });
    const versionsBefore = await readDatasetVersions(db);
    // Listeners read the summary on connections of their own: each new day is told once its
    // transaction has committed (on SQLite, what another connection reads at that moment).
    const reader =
      dialectUnderTest() === 'sqlite'
        ? new SqliteDatabase(database.url.slice('sqlite:'.length), { readonly: true })
        : undefined;
    const told: { last: Ymd | undefined; committed: Ymd | undefined }[] = [];
    const listen = (scope: PriceSummaryScope) =>
      told.push({
        last: scope.dates?.toSorted().at(-1),
        committed: (
          reader?.prepare('select last_day from inventory_state').get() as
            { last_day: Ymd } | undefined
        )?.last_day,
      });
    priceSummaryEvents.on('refreshed', listen);
    const summary = await rollInventory(db, { today: at(3) }).finally(() => {
      priceSummaryEvents.off('refreshed', listen);
      reader?.close();
    });

    const added = [at(365), at(366), at(367)];
    expect(told.map((event) => event.last)).toEqual(added);
    if (reader) expect(told.map((event) => event.committed)).toEqual(added);
    expect(summary).toMatchObject({ today: at(3), days: added, lastDay: at(367), busy: false });
    const expected = await generated(at(3), at(365), at(367));
    expect(await stored(db, at(365), at(367))).toEqual(expected);
    expect(summary.flights).toBe(expected.length);
    expect(summary.segments).toBe(expected.reduce((sum, f) => sum + f.segments.length, 0));
    expect(summary.fareClasses).toBe(expected.reduce((sum, f) => sum + f.fares.length, 0));
    expect(new Set(expected.map((f) => f.flight.departure_date))).toEqual(new Set(added));
    expect(await readInventoryState(db)).toMatchObject({ last_day: at(367) });

    // A route flown daily has every day from the seeded first one to the new last one.
    const { out } = await dailyRoundTrip(db);
    const dates = await db
      .selectFrom('flights')
      .select('departure_date')
      .distinct()
      .where('route_id', '=', out.id)
      .execute();
    expect(dates.map((row) => row.departure_date).sort()).toEqual(daysFrom(TEST_TODAY, at(367)));

    const versions = await readDatasetVersions(db);
    for (const name of ['inventory', 'prices']) {
      expect(Date.parse(versions.get(name) ?? '')).toBeGreaterThan(
        Date.parse(versionsBefore.get(name) ?? '') - 1,
      );
    }
    expect(versions.get('inventory')).not.toBe(versionsBefore.get('inventory'));
  });

  it('prices the new days, connections and cities of several airports included, as a rebuild would', async () => {
    const { db } = database;
    const days = daysFrom(at(359), at(367));
    const summary = await summaryOf(db, days);
    const [markets, cities] = await Promise.all([
      db.selectFrom('route_paths').select('route_id').distinct().execute(),
      db.selectFrom('route_members').select('route_id').distinct().execute(),
    ]);
    const flown = new Set((await flightsOn(db, [at(366)])).map((flight) => flight.route_id));
    const priced = (ids: { route_id: number }[]) =>
      summary.filter(
        (row) =>
          row.date === at(366) &&
          !flown.has(row.route_id) &&
          ids.some((id) => id.route_id === row.route_id),
      ).length;
    expect(summary.filter((row) => row.date === at(366) && flown.has(row.route_id)).length).toBe(
      flown.size,
    );
    expect(priced(markets)).toBeGreaterThan(100);
    expect(priced(cities)).toBeGreaterThan(10);

    await refreshRouteDayPrices(db, undefined, days);
    expect(await summaryOf(db, days)).toEqual(summary);
  });

  it('adds nothing when rolled again for the same day', async () => {
    const { db } = database;
    const count = async () =>
      (
        await db
          .selectFrom('flights')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const summary = await rollInventory(db, { today: at(3) });
    expect(summary).toMatchObject({ days: [], flights: 0, fareClasses: 0, lastDay: at(367) });
    expect(await count()).toBe(before);
  });

  it('rebuilds a price summary of an older shape whole, once, when two rolls run at once', async () => {
    const { db } = database;
    const days = daysFrom(at(10), at(12));
    const current = await summaryOf(db, days);
    expect(current.some((row) => row.min_price_bags1_minor !== null)).toBe(true);
    // As a database summarised before bags were priced: no all-in prices, shape 1.
    await db
      .updateTable('route_day_prices')
      .set({ min_price_bags1_minor: null, min_price_bags2_minor: null })
      .execute();
    await db.updateTable('inventory_state').set({ price_summary_version: 1 }).execute();

    const rolls = await Promise.all([
      rollInventory(db, { today: at(3) }),
      rollInventory(db, { today: at(3) }),
    ]);
    const rebuilt = rolls.filter((roll) => roll.priceSummaryRebuilt !== null);
    expect(rebuilt).toHaveLength(1);
    expect(rebuilt[0]?.priceSummaryRebuilt).toBeGreaterThan(current.length);
    expect(describeRoll(rebuilt[0]!)).toContain('price summary rebuilt in its new shape');
    expect(await summaryOf(db, days)).toEqual(current);
    expect(await readInventoryState(db)).toMatchObject({
      price_summary_version: PRICE_SUMMARY_VERSION,
    });
    expect((await rollInventory(db, { today: at(3) })).priceSummaryRebuilt).toBeNull();
    // A whole rebuild: 10–20 s on PostgreSQL under load.
  }, 300_000);

  it('adds each day once when two rolls run at once', async () => {
    const { db } = database;
    const [first, second] = await Promise.all([
      rollInventory(db, { today: at(5) }),
      rollInventory(db, { today: at(5) }),
    ]);
    expect([...first.days, ...second.days].sort()).toEqual([at(368), at(369)]);
    const flights = await flightsOn(db, [at(368), at(369)]);
    expect(first.flights + second.flights).toBe(flights.length);
    expect(await stored(db, at(368), at(369))).toEqual(await generated(at(5), at(368), at(369)));
  });

  it('archives flights flown a week ago with their legs and fare classes, as they were', async () => {
    const { db } = database;
    const flown = [TEST_TODAY, at(1)];
    const all = await flightsOn(db, flown);
    // Flights bookings refer to stay: a booked connection's two, one a schedule change names.
    const [first, second] = all.filter((flight) => flight.departure_date === TEST_TODAY);
    const changed = all.find((flight) => flight.departure_date === at(1));
    if (!first || !second || !changed) throw new Error('no flights on the first days');
    await referTo(db, `${first.id}-${second.id}`, changed.id);
    const kept = new Set([first.id, second.id, changed.id]);
    const flights = all.filter((flight) => !kept.has(flight.id)).sort((a, b) => a.id - b.id);
    const { segments, fares } = await legsAndFares(
      db,
      flights.map((flight) => flight.id),
    );

    const summary = await rollInventory(db, { today: at(9) });

    expect(summary.days).toEqual(daysFrom(at(370), at(373)));
    expect(summary.archived).toEqual({
      since: TEST_TODAY,
      before: at(2),
      flights: flights.length,
      segments: segments.length,
      fareClasses: fares.length,
      kept: 3,
    });
    expect((await flightsOn(db, flown)).map((flight) => flight.id).sort((a, b) => a - b)).toEqual(
      [...kept].sort((a, b) => a - b),
    );
    const archived = await db.selectFrom('archived_flights').selectAll().orderBy('id').execute();
    expect(archived.map(({ archived_at: _at, ...row }) => row)).toEqual(flights);
    expect(
      await db.selectFrom('archived_flight_segments').selectAll().orderBy('id').execute(),
    ).toEqual(segments);
    expect(
      await db.selectFrom('archived_fare_classes').selectAll().orderBy('id').execute(),
    ).toEqual(fares);
    expect(await summaryOf(db, flown)).toEqual([]);
    expect(await readInventoryState(db)).toMatchObject({ archived_before: at(2) });

    // The same day again archives nothing; the next day archives its flights only.
    expect((await rollInventory(db, { today: at(9) })).archived).toBeNull();
    const next = await flightsOn(db, [at(2)]);
    expect(next.length).toBeGreaterThan(300);
    expect((await rollInventory(db, { today: at(10) })).archived).toMatchObject({
      since: at(2),
      before: at(3),
      flights: next.length,
      kept: 0,
    });
    expect((await flightsOn(db, flown)).length).toBe(kept.size);
  });
});

/**
 * A booking whose leg is the connection `ref` (and a partner's flight, whose id is not ours), and
 * a schedule change of flight `changed`.
 */
async function referTo(db: Kysely<Database>, ref: string, changed: number): Promise<void> {
  const now = new Date().toISOString();
  const id = await insertBookingRow(db, {
    pnr: 'ROLLED1',
    departureDate: TEST_TODAY,
    createdAt: now,
  });
  await insertBookingLegs(db, id, TEST_TODAY, [ref, `xy-${changed}`]);
  await db
    .insertInto('booking_schedule_changes')
    .values({
      booking_id: id,
      flight_index: 0,
      flight_ref: String(changed),
      old_departure_utc: now,
      old_arrival_utc: now,
      new_departure_utc: null,
      new_arrival_utc: null,
      missed_connection: 0,
      created_at: now,
      answer: null,
      answered_at: null,
    })
    .execute();
}
