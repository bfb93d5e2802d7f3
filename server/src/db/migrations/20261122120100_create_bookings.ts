import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  identityPrimaryKey,
  optional,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/**
 * Bookings and their passengers (DESIGN §4, §6), as far as the bookings lists and saved
 * passengers need them; the booking flow extends them. A booking belongs to a signed-in user, or
 * to the device that made it through the hash of a random device booking token (a PNR alone is
 * not a key). Nothing here refers to inventory rows, so re-seeding the inventory leaves bookings
 * whole: the booked journey is kept on the booking's own rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('pnr', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('owner_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('device_token_hash', 'text', (column) => column.unique())
    .$call(required('text', 'booker_first_name', 'booker_last_name', 'booker_email'))
    .addColumn('booker_phone', 'text')
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('total_minor', 'integer', (column) => column.notNull())
    .addColumn('affiliate_id', 'integer', (column) =>
      column.references('affiliates.id').onDelete('set null'),
    )
    .$call(required('text', 'origin_airport', 'destination_airport', 'departure_date'))
    .addColumn('return_date', 'text')
    .$call(required('text', 'locale', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'bookings_owner_departure_idx', 'bookings', [
    'owner_user_id',
    'departure_date',
  ]);

  await db.schema
    .createTable('booking_passengers')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .$call(required('integer', 'position', 'passenger_type_id'))
    .addColumn('title_id', 'integer')
    .$call(required('text', 'first_name', 'last_name'))
    .$call(optional('text', 'birth_date', 'nationality'))
    .addColumn('document_type_id', 'integer')
    .$call(optional('text', 'document_number', 'document_expiry'))
    .addUniqueConstraint('booking_passengers_position', ['booking_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'booking_passengers', 'bookings');
}
