import type { Kysely } from 'kysely';
import { createIndex, dropTables, ownedBy, required } from '../schema-helpers.ts';

/**
 * Support tickets from visitors without an account (docs/support.md "Visitors without an
 * account"): a ticket with no user carries the visitor's address (`visitor_email`, lower case)
 * and language (`visitor_locale`); `verified_at` is set once the e-mailed link confirmed the
 * address (until then the ticket is nowhere). `support_visitor_tokens` are the e-mailed links
 * (`verify` confirms the address, `open` opens a ticket from a reply's e-mail), stored as a
 * SHA-256, single use, expiring; `support_visitor_sessions` are the browsers a link signed in to
 * the visitor's tickets (the `uq_support` cookie, stored as a SHA-256).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_tickets').addColumn('visitor_email', 'text').execute();
  await db.schema.alterTable('support_tickets').addColumn('visitor_locale', 'text').execute();
  await db.schema.alterTable('support_tickets').addColumn('verified_at', 'text').execute();
  await createIndex(db, 'support_tickets_visitor_idx', 'support_tickets', [
    'visitor_email',
    'created_at',
  ]);

  await db.schema
    .createTable('support_visitor_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('ticket_id', 'integer', ownedBy('support_tickets.id'))
    /** `verify` or `open`. */
    .addColumn('purpose', 'text', (column) => column.notNull())
    .$call(required('text', 'expires_at', 'created_at'))
    .addColumn('used_at', 'text')
    .execute();
  await createIndex(db, 'support_visitor_tokens_ticket_idx', 'support_visitor_tokens', [
    'ticket_id',
  ]);

  await db.schema
    .createTable('support_visitor_sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .$call(required('text', 'email', 'created_at', 'expires_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'support_visitor_sessions', 'support_visitor_tokens');
  await db.schema.dropIndex('support_tickets_visitor_idx').execute();
  for (const column of ['verified_at', 'visitor_locale', 'visitor_email']) {
    await db.schema.alterTable('support_tickets').dropColumn(column).execute();
  }
}
