import type { Kysely } from 'kysely';
import { identityPrimaryKey } from '../schema-helpers.ts';

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
    .addColumn('booker_first_name', 'text', (column) => column.notNull())
    .addColumn('booker_last_name', 'text', (column) => column.notNull())
    .addColumn('booker_email', 'text', (column) => column.notNull())
    .addColumn('booker_phone', 'text')
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('total_minor', 'integer', (column) => column.notNull())
    .addColumn('affiliate_id', 'integer', (column) =>
      column.references('affiliates.id').onDelete('set null'),
    )
    .addColumn('origin_airport', 'text', (column) => column.notNull())
    .addColumn('destination_airport', 'text', (column) => column.notNull())
    .addColumn('departure_date', 'text', (column) => column.notNull())
    .addColumn('return_date', 'text')
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('bookings_owner_departure_idx')
    .on('bookings')
    .columns(['owner_user_id', 'departure_date'])
    .execute();

  await db.schema
    .createTable('booking_passengers')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('passenger_type_id', 'integer', (column) => column.notNull())
    .addColumn('title_id', 'integer')
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('nationality', 'text')
    .addColumn('document_type_id', 'integer')
    .addColumn('document_number', 'text')
    .addColumn('document_expiry', 'text')
    .addUniqueConstraint('booking_passengers_position', ['booking_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_passengers').execute();
  await db.schema.dropTable('bookings').execute();
}
