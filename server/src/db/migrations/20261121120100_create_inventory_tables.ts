import { sql, type Kysely } from 'kysely';
import { identityPrimaryKey } from '../schema-helpers.ts';

/** The flight inventory: airports, carriers, routes, flights, their legs and fare classes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const identity = identityPrimaryKey(db);

  await db.schema
    .createTable('airports')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('country_code', 'text', (column) => column.notNull().references('countries.code'))
    .addColumn('continent', 'text', (column) => column.notNull())
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .addColumn('time_zone', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('carriers')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('routes')
    .addColumn('id', 'integer', identity)
    .addColumn('from_airport', 'text', (column) => column.notNull().references('airports.code'))
    .addColumn('to_airport', 'text', (column) => column.notNull().references('airports.code'))
    .addColumn('dow', 'integer', (column) => column.notNull().check(sql`dow between 0 and 127`))
    .addColumn('available_from', 'text', (column) => column.notNull())
    .addColumn('available_until', 'text')
    .addColumn('rating', 'integer', (column) => column.notNull().defaultTo(3))
    .addColumn('distance_km', 'integer', (column) => column.notNull())
    .addUniqueConstraint('routes_from_to_unique', ['from_airport', 'to_airport'])
    .addCheckConstraint('routes_distinct_airports', sql`from_airport <> to_airport`)
    .addCheckConstraint(
      'routes_window_ordered',
      sql`available_until is null or available_until >= available_from`,
    )
    .execute();
  await db.schema.createIndex('routes_to_airport_idx').on('routes').column('to_airport').execute();

  await db.schema
    .createTable('flights')
    .addColumn('id', 'integer', identity)
    .addColumn('route_id', 'integer', (column) =>
      column.notNull().references('routes.id').onDelete('cascade'),
    )
    .addColumn('departure_date', 'text', (column) => column.notNull())
    .addColumn('flight_number', 'text', (column) => column.notNull())
    .addColumn('carrier_code', 'text', (column) => column.notNull().references('carriers.code'))
    .addColumn('departure_time', 'text', (column) => column.notNull())
    .addColumn('departure_utc', 'text', (column) => column.notNull())
    .addColumn('arrival_date', 'text', (column) => column.notNull())
    .addColumn('arrival_time', 'text', (column) => column.notNull())
    .addColumn('arrival_utc', 'text', (column) => column.notNull())
    .addColumn('duration_minutes', 'integer', (column) =>
      column.notNull().check(sql`duration_minutes > 0`),
    )
    .addColumn('stops', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`stops >= 0`),
    )
    .addColumn('via_airport', 'text', (column) => column.references('airports.code'))
    .addColumn('capacity', 'integer', (column) => column.notNull())
    .addUniqueConstraint('flights_route_date_number_unique', [
      'route_id',
      'departure_date',
      'flight_number',
    ])
    .execute();
  await db.schema
    .createIndex('flights_departure_date_idx')
    .on('flights')
    .column('departure_date')
    .execute();

  await db.schema
    .createTable('flight_segments')
    .addColumn('id', 'integer', identity)
    .addColumn('flight_id', 'integer', (column) =>
      column.notNull().references('flights.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) =>
      column.notNull().check(sql`${sql.ref('position')} >= 1`),
    )
    .addColumn('from_airport', 'text', (column) => column.notNull().references('airports.code'))
    .addColumn('to_airport', 'text', (column) => column.notNull().references('airports.code'))
    .addColumn('flight_number', 'text', (column) => column.notNull())
    .addColumn('carrier_code', 'text', (column) => column.notNull().references('carriers.code'))
    .addColumn('departure_date', 'text', (column) => column.notNull())
    .addColumn('departure_time', 'text', (column) => column.notNull())
    .addColumn('departure_utc', 'text', (column) => column.notNull())
    .addColumn('arrival_date', 'text', (column) => column.notNull())
    .addColumn('arrival_time', 'text', (column) => column.notNull())
    .addColumn('arrival_utc', 'text', (column) => column.notNull())
    .addColumn('duration_minutes', 'integer', (column) =>
      column.notNull().check(sql`duration_minutes > 0`),
    )
    .addUniqueConstraint('flight_segments_flight_position_unique', ['flight_id', 'position'])
    .execute();

  await db.schema
    .createTable('fare_classes')
    .addColumn('id', 'integer', identity)
    .addColumn('flight_id', 'integer', (column) =>
      column.notNull().references('flights.id').onDelete('cascade'),
    )
    .addColumn('letter', 'text', (column) => column.notNull())
    .addColumn('cabin', 'text', (column) => column.notNull().defaultTo('economy'))
    .addColumn('price_minor', 'integer', (column) => column.notNull().check(sql`price_minor >= 0`))
    .addColumn('currency', 'text', (column) =>
      column.notNull().defaultTo('USD').references('currencies.code'),
    )
    .addColumn('seats_total', 'integer', (column) => column.notNull())
    .addColumn('seats_left', 'integer', (column) => column.notNull())
    .addUniqueConstraint('fare_classes_flight_letter_unique', ['flight_id', 'letter'])
    .addCheckConstraint(
      'fare_classes_seats_in_range',
      sql`seats_left >= 0 and seats_left <= seats_total`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'fare_classes',
    'flight_segments',
    'flights',
    'routes',
    'carriers',
    'airports',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
