import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  flag,
  identityPrimaryKey,
  optional,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/**
 * Support tickets (docs/support.md): a traveller's question, optionally about one of their
 * bookings, and the conversation on it. `status` is `open` or `closed`; `last_activity_at` orders
 * the lists (newest activity first). A message is the traveller's or the support team's
 * (`author`); `internal` marks a team note the traveller never sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .$call(required('text', 'subject', 'short_description', 'description', 'status'))
    .addColumn('booking_id', 'integer', (column) =>
      column.references('bookings.id').onDelete('set null'),
    )
    .$call(optional('text', 'pnr'))
    .$call(required('text', 'created_at', 'updated_at', 'last_activity_at'))
    .$call(optional('text', 'closed_at'))
    .execute();
  await createIndex(db, 'support_tickets_user_idx', 'support_tickets', [
    'user_id',
    'status',
    'last_activity_at',
  ]);

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('ticket_id', 'integer', ownedBy('support_tickets.id'))
    /** `traveller` or `agent`. */
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('author_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('body', 'text', (column) => column.notNull())
    .$call(flag('internal', 0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await createIndex(db, 'support_messages_ticket_idx', 'support_messages', ['ticket_id', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'support_messages', 'support_tickets');
}
