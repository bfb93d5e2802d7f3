import { sql, type Kysely } from 'kysely';
import { createIndex, dropTables, identityPrimaryKey, ownedBy } from '../schema-helpers.ts';

/**
 * Managing a booking (SPEC §2 booking; docs/booking.md "Managing a booking"):
 *
 * - `booking_shares`: read-only share links. Only the token's SHA-256 is kept; a link works until
 *   `revoked_at` is set (by the traveller, or by a newer link of the same booking) or the last
 *   flight has landed. A partial unique index allows one active link per booking.
 * - `booking_ticket_resends`: each time the tickets e-mail was sent again to another address,
 *   with a keyed hash of the address (never the address itself): enough to count sendings per
 *   booking for the limit and to tell whether two sendings went to the same address.
 * - `booking_feedback`: the traveller's rating (1–5) and comment, one per booking, replaced when
 *   sent again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identityPrimaryKey(db);

  await db.schema
    .createTable('booking_shares')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('booking_shares_active_idx')
    .on('booking_shares')
    .column('booking_id')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('booking_ticket_resends')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .addColumn('email_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await createIndex(db, 'booking_ticket_resends_booking_idx', 'booking_ticket_resends', [
    'booking_id',
    'created_at',
  ]);

  await db.schema
    .createTable('booking_feedback')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().unique().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('rating', 'integer', (column) => column.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await createIndex(db, 'booking_feedback_updated_idx', 'booking_feedback', ['updated_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'booking_feedback', 'booking_ticket_resends', 'booking_shares');
}
