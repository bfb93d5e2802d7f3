import { ymd } from '@uniquair/domain/dates/ymd';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dialectUnderTest,
  type TestDatabase,
} from '../../test/helpers/database.ts';
import type { Database } from './database.ts';
import { appliedMigrations, migrateDownAll, migrateToLatest, MIGRATIONS } from './migrate.ts';

const TABLES: readonly (keyof Database)[] = [
  'affiliates',
  'airports',
  'carriers',
  'countries',
  'country_names',
  'currencies',
  'dataset_versions',
  'error_reports',
  'fare_classes',
  'flight_segments',
  'flights',
  'languages',
  'menu_items',
  'menus',
  'pages',
  'route_day_prices',
  'route_paths',
  'route_members',
  'routes',
  'search_results',
  'ticket_types',
  'titles',
  'users',
  'sessions',
  'user_tokens',
  'user_avatars',
  'saved_passengers',
  'mail_outbox',
  'bookings',
  'booking_passengers',
  'booking_flights',
  'booking_extras',
  'seat_holds',
  'booking_device_tokens',
  'booking_link_tokens',
  'tickets',
  'payments',
  'idempotency_keys',
  'processed_events',
  'server_instances',
  'outbox',
  'gateway_card_tokens',
  'gateway_payments',
  'gateway_idempotency_keys',
  'gateway_events',
  'push_subscriptions',
  'push_subscription_bookings',
  'push_vapid_keys',
  'price_watches',
  'push_app_releases',
  'booking_shares',
  'booking_ticket_resends',
  'booking_feedback',
  'booking_cancellations',
  'booking_changes',
  'support_tickets',
  'support_messages',
  'support_attachments',
  'support_visitor_tokens',
  'support_visitor_sessions',
  'user_roles',
  'booking_refund_events',
  'booking_schedule_changes',
  'invoice_counters',
  'mail_attachments',
  'inventory_state',
  'archived_flights',
  'archived_flight_segments',
  'archived_fare_classes',
  'fare_sales',
  'fare_versions',
  'fares_state',
];

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  return (await db.introspection.getTables()).map((table) => table.name).sort();
}

describe(`migrations on ${dialectUnderTest()}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase({ seeded: false });
  });
  afterEach(() => database.dispose());

  it('run up to the latest schema, do nothing the second time, and run all the way down', async () => {
    const { db } = database;
    await migrateToLatest(db);
    expect(await tableNames(db)).toEqual([...TABLES].sort());
    expect(await appliedMigrations(db)).toEqual(Object.keys(MIGRATIONS));

    await migrateToLatest(db);
    expect(await appliedMigrations(db)).toEqual(Object.keys(MIGRATIONS));

    await migrateDownAll(db);
    expect(await tableNames(db)).toEqual([]);
    expect(await appliedMigrations(db)).toEqual([]);

    await migrateToLatest(db);
    expect(await tableNames(db)).toEqual([...TABLES].sort());
  });

  it('are named by timestamp and listed in order', () => {
    const names = Object.keys(MIGRATIONS);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('create the constraints that keep inventory consistent', async () => {
    const { db } = database;
    await migrateToLatest(db);
    await db.insertInto('countries').values({ code: 'GB', phone_code: '44' }).execute();
    await db
      .insertInto('currencies')
      .values({ code: 'USD', name: 'US Dollar', symbol: '$', ord: 1, rate: 1, minor_units: 2 })
      .execute();
    const airport = (code: string) => ({
      code,
      name: `${code} Airport`,
      city: code,
      country_code: 'GB',
      continent: 'Europe',
      latitude: 51,
      longitude: 0,
      time_zone: 'Europe/London',
    });
    await db
      .insertInto('airports')
      .values([airport('LHR'), airport('MAN')])
      .execute();
    await db.insertInto('carriers').values({ code: 'UQ', name: 'Uniquair' }).execute();
    const route = {
      from_airport: 'LHR',
      to_airport: 'MAN',
      dow: 127,
      available_from: ymd(2026, 1, 1),
      available_until: null,
      rating: 3,
      distance_km: 250,
    };
    const { id: routeId } = await db
      .insertInto('routes')
      .values(route)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(routeId).toBeGreaterThan(0);

    await expect(db.insertInto('routes').values(route).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('routes')
        .values({ ...route, to_airport: 'LHR' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('routes')
        .values({ ...route, to_airport: 'XXX' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('routes')
        .values({ ...route, from_airport: 'MAN', to_airport: 'LHR', dow: 128 })
        .execute(),
    ).rejects.toThrow();

    const { id: flightId } = await db
      .insertInto('flights')
      .values({
        route_id: routeId,
        departure_date: ymd(2026, 6, 1),
        flight_number: 'UQ100',
        carrier_code: 'UQ',
        departure_time: '08:00',
        departure_utc: '2026-06-01T07:00:00.000Z',
        arrival_date: ymd(2026, 6, 1),
        arrival_time: '09:00',
        arrival_utc: '2026-06-01T08:00:00.000Z',
        duration_minutes: 60,
        stops: 0,
        via_airport: null,
        capacity: 150,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fare = {
      flight_id: flightId,
      letter: 'Q',
      cabin: 'economy',
      price_minor: 5_000,
      currency: 'USD',
      seats_total: 40,
      seats_left: 40,
    };
    await db.insertInto('fare_classes').values(fare).execute();
    await expect(
      db
        .insertInto('fare_classes')
        .values({ ...fare, letter: 'M', seats_left: 41 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('fare_classes')
        .values({ ...fare, letter: 'B', seats_left: -1 })
        .execute(),
    ).rejects.toThrow();
    await expect(db.insertInto('fare_classes').values(fare).execute()).rejects.toThrow();

    // The guarded seat update used by bookings can never oversell.
    const take = (seats: number) =>
      db
        .updateTable('fare_classes')
        .set((eb) => ({ seats_left: eb('seats_left', '-', seats) }))
        .where('flight_id', '=', flightId)
        .where('letter', '=', 'Q')
        .where('seats_left', '>=', seats)
        .executeTakeFirst();
    expect((await take(30)).numUpdatedRows).toBe(1n);
    expect((await take(30)).numUpdatedRows).toBe(0n);

    // Deleting a route takes its flights and their fares with it.
    await db.deleteFrom('routes').where('id', '=', routeId).execute();
    const { count } = await db
      .selectFrom('fare_classes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(0);
  });

  it('name the failing migration when one fails', async () => {
    const broken = {
      ...MIGRATIONS,
      '20990101000000_broken_step': {
        async up(db: Kysely<unknown>) {
          await sql`select * from no_such_table`.execute(db);
        },
      },
    };
    await expect(migrateToLatest(database.db, { migrations: broken })).rejects.toThrow(
      /Migration 20990101000000_broken_step \(up\) failed: .*no_such_table/,
    );
  });
});
