import { sql, type Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  identityPrimaryKey,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/** The flight inventory: airports, carriers, routes, flights, their legs and fare classes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const identity = identityPrimaryKey(db);

  await db.schema
    .createTable('airports')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .$call(required('text', 'name', 'city'))
    .addColumn('country_code', 'text', (column) => column.notNull().references('countries.code'))
    .addColumn('continent', 'text', (column) => column.notNull())
    .$call(required('double precision', 'latitude', 'longitude'))
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
  await createIndex(db, 'routes_to_airport_idx', 'routes', ['to_airport']);

  await db.schema
    .createTable('flights')
    .addColumn('id', 'integer', identity)
    .addColumn('route_id', 'integer', ownedBy('routes.id'))
    .$call(required('text', 'departure_date', 'flight_number'))
    .addColumn('carrier_code', 'text', (column) => column.notNull().references('carriers.code'))
    .$call(required('text', 'departure_time', 'departure_utc', 'arrival_date'))
    .$call(required('text', 'arrival_time', 'arrival_utc'))
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
  await createIndex(db, 'flights_departure_date_idx', 'flights', ['departure_date']);

  await db.schema
    .createTable('flight_segments')
    .addColumn('id', 'integer', identity)
    .addColumn('flight_id', 'integer', ownedBy('flights.id'))
    .addColumn('position', 'integer', (column) =>
      column.notNull().check(sql`${sql.ref('position')} >= 1`),
    )
    .addColumn('from_airport', 'text', (column) => column.notNull().references('airports.code'))
    .addColumn('to_airport', 'text', (column) => column.notNull().references('airports.code'))
    .addColumn('flight_number', 'text', (column) => column.notNull())
    .addColumn('carrier_code', 'text', (column) => column.notNull().references('carriers.code'))
    .$call(required('text', 'departure_date', 'departure_time', 'departure_utc'))
    .$call(required('text', 'arrival_date', 'arrival_time', 'arrival_utc'))
    .addColumn('duration_minutes', 'integer', (column) =>
      column.notNull().check(sql`duration_minutes > 0`),
    )
    .addUniqueConstraint('flight_segments_flight_position_unique', ['flight_id', 'position'])
    .execute();

  await db.schema
    .createTable('fare_classes')
    .addColumn('id', 'integer', identity)
    .addColumn('flight_id', 'integer', ownedBy('flights.id'))
    .addColumn('letter', 'text', (column) => column.notNull())
    .addColumn('cabin', 'text', (column) => column.notNull().defaultTo('economy'))
    .addColumn('price_minor', 'integer', (column) => column.notNull().check(sql`price_minor >= 0`))
    .addColumn('currency', 'text', (column) =>
      column.notNull().defaultTo('USD').references('currencies.code'),
    )
    .$call(required('integer', 'seats_total', 'seats_left'))
    .addUniqueConstraint('fare_classes_flight_letter_unique', ['flight_id', 'letter'])
    .addCheckConstraint(
      'fare_classes_seats_in_range',
      sql`seats_left >= 0 and seats_left <= seats_total`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'fare_classes',
    'flight_segments',
    'flights',
    'routes',
    'carriers',
    'airports',
  );
}
