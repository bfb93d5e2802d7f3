import { sql, type Kysely } from 'kysely';
import { createIndex, dropTables, required } from '../schema-helpers.ts';

/** The seed every database seeded before this migration was written with (`DEFAULT_SEED`). */
const SEED_BEFORE_ROLLS = 20_261_121;

/** The columns the live tables and the archive share (as of this migration). */
const FLIGHT_COLUMNS = `id, route_id, departure_date, flight_number, carrier_code, departure_time,
  departure_utc, arrival_date, arrival_time, arrival_utc, duration_minutes, stops, via_airport,
  capacity, cancelled_at`;
const SEGMENT_COLUMNS = `id, flight_id, "position", from_airport, to_airport, flight_number,
  carrier_code, departure_date, departure_time, departure_utc, arrival_date, arrival_time,
  arrival_utc, duration_minutes`;
const FARE_COLUMNS = 'id, flight_id, letter, cabin, price_minor, currency, seats_total, seats_left';

/**
 * The inventory that rolls forward (docs/database.md "Rolling the inventory forward";
 * docs/decisions/008-inventory-rolls-forward.md):
 *
 * - `inventory_state`, one row: the seed the flights are generated from and the last departure
 *   day generated so far. A roll claims each new day by moving `last_day` forward in that day's
 *   transaction. A database seeded before is taken as seeded with the default seed, through the
 *   last day it has flights on (a roll checks the routes match that seed's network).
 * - `archived_flights`, `archived_flight_segments`, `archived_fare_classes`: flights that
 *   departed days ago, moved out of the live inventory with their legs and fare classes, ids and
 *   columns as they were. No foreign keys, so re-seeding can empty the live tables and these alike.
 *   Going down puts them back into the live tables, so no flight is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_state')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('seed', 'integer', (column) => column.notNull())
    .$call(required('text', 'last_day', 'updated_at'))
    .execute();
  await sql`insert into inventory_state (id, seed, last_day, updated_at)
    select 1, ${sql.lit(SEED_BEFORE_ROLLS)}, (select max(departure_date) from flights),
           cast(${new Date().toISOString()} as text)
     where exists (select 1 from flights)`.execute(db);

  await db.schema
    .createTable('archived_flights')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('route_id', 'integer', (column) => column.notNull())
    .$call(required('text', 'departure_date', 'flight_number', 'carrier_code'))
    .$call(required('text', 'departure_time', 'departure_utc', 'arrival_date'))
    .$call(required('text', 'arrival_time', 'arrival_utc'))
    .$call(required('integer', 'duration_minutes', 'stops'))
    .addColumn('via_airport', 'text')
    .addColumn('capacity', 'integer', (column) => column.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('archived_at', 'text', (column) => column.notNull())
    .execute();
  await createIndex(db, 'archived_flights_route_date_idx', 'archived_flights', [
    'route_id',
    'departure_date',
  ]);

  await db.schema
    .createTable('archived_flight_segments')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .$call(required('integer', 'flight_id', 'position'))
    .$call(required('text', 'from_airport', 'to_airport', 'flight_number', 'carrier_code'))
    .$call(required('text', 'departure_date', 'departure_time', 'departure_utc'))
    .$call(required('text', 'arrival_date', 'arrival_time', 'arrival_utc'))
    .addColumn('duration_minutes', 'integer', (column) => column.notNull())
    .execute();
  await createIndex(db, 'archived_flight_segments_flight_idx', 'archived_flight_segments', [
    'flight_id',
  ]);

  await db.schema
    .createTable('archived_fare_classes')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('flight_id', 'integer', (column) => column.notNull())
    .$call(required('text', 'letter', 'cabin'))
    .addColumn('price_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .$call(required('integer', 'seats_total', 'seats_left'))
    .execute();
  await createIndex(db, 'archived_fare_classes_flight_idx', 'archived_fare_classes', ['flight_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`insert into flights (${sql.raw(FLIGHT_COLUMNS)})
    select ${sql.raw(FLIGHT_COLUMNS)} from archived_flights`.execute(db);
  await sql`insert into flight_segments (${sql.raw(SEGMENT_COLUMNS)})
    select ${sql.raw(SEGMENT_COLUMNS)} from archived_flight_segments`.execute(db);
  await sql`insert into fare_classes (${sql.raw(FARE_COLUMNS)})
    select ${sql.raw(FARE_COLUMNS)} from archived_fare_classes`.execute(db);
  await dropTables(
    db,
    'archived_fare_classes',
    'archived_flight_segments',
    'archived_flights',
    'inventory_state',
  );
}
