import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { databaseKindOf } from '../dialect.ts';
import { identityPrimaryKey, ownedBy, required } from '../schema-helpers.ts';

/**
 * One e-ticket per passenger per flight segment (docs/payments-flow.md "Tickets and the confirmation e-mail"): a connection of two
 * flights, possibly of two airlines, gets a ticket number of each carrier. `segment_index` counts
 * the segments of a booked leg from 0; every ticket issued so far is its leg's first segment's.
 *
 * The unique key grows by the new column. PostgreSQL swaps the constraint in place; SQLite cannot
 * drop a table constraint, so the table is rebuilt under the same name with its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (databaseKindOf(db) === 'postgres') {
    await db.schema
      .alterTable('tickets')
      .addColumn('segment_index', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('tickets')
      .dropConstraint('tickets_booking_flight_passenger')
      .execute();
    await db.schema
      .alterTable('tickets')
      .addUniqueConstraint('tickets_booking_flight_segment_passenger', [
        'booking_id',
        'flight_index',
        'segment_index',
        'passenger_index',
      ])
      .execute();
    return;
  }
  await rebuildSqliteTable(db, {
    withSegments: true,
    copy: sql`insert into tickets_rebuilt
      (id, booking_id, flight_index, segment_index, passenger_index, number, issued_at)
      select id, booking_id, flight_index, 0, passenger_index, number, issued_at from tickets`,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Without segments a leg holds one ticket per passenger: its first segment's.
  await db
    .deleteFrom('tickets' as never)
    .where(sql`segment_index`, '>', 0)
    .execute();
  if (databaseKindOf(db) === 'postgres') {
    await db.schema
      .alterTable('tickets')
      .dropConstraint('tickets_booking_flight_segment_passenger')
      .execute();
    await db.schema
      .alterTable('tickets')
      .addUniqueConstraint('tickets_booking_flight_passenger', [
        'booking_id',
        'flight_index',
        'passenger_index',
      ])
      .execute();
    await db.schema.alterTable('tickets').dropColumn('segment_index').execute();
    return;
  }
  await rebuildSqliteTable(db, {
    withSegments: false,
    copy: sql`insert into tickets_rebuilt
      (id, booking_id, flight_index, passenger_index, number, issued_at)
      select id, booking_id, flight_index, passenger_index, number, issued_at from tickets`,
  });
}

/** SQLite: `tickets` again, with or without `segment_index` in its columns and unique key. */
async function rebuildSqliteTable(
  db: Kysely<unknown>,
  shape: { withSegments: boolean; copy: ReturnType<typeof sql> },
): Promise<void> {
  const keyColumns = shape.withSegments
    ? ['booking_id', 'flight_index', 'segment_index', 'passenger_index']
    : ['booking_id', 'flight_index', 'passenger_index'];
  await db.schema
    .createTable('tickets_rebuilt')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .$call(required('integer', 'flight_index'))
    .$call((table): CreateTableBuilder<'tickets_rebuilt', string> =>
      shape.withSegments
        ? table.addColumn('segment_index', 'integer', (column) => column.notNull().defaultTo(0))
        : table,
    )
    .$call(required('integer', 'passenger_index'))
    .addColumn('number', 'text', (column) => column.notNull().unique())
    .addColumn('issued_at', 'text', (column) => column.notNull())
    .addUniqueConstraint(
      shape.withSegments
        ? 'tickets_booking_flight_segment_passenger'
        : 'tickets_booking_flight_passenger',
      keyColumns,
    )
    .execute();
  await shape.copy.execute(db);
  await db.schema.dropTable('tickets').execute();
  await db.schema.alterTable('tickets_rebuilt').renameTo('tickets').execute();
}
