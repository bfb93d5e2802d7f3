import { sql, type Kysely } from 'kysely';
import { binaryColumnType, dropTables, identityPrimaryKey, ownedBy } from '../schema-helpers.ts';

/**
 * Invoices of paid bookings (docs/invoices.md) and files attached to e-mails.
 *
 * - `invoice_counters`: one row per number series and calendar year with the last number given.
 *   The payment's transaction increments it (`INSERT … ON CONFLICT DO UPDATE … RETURNING`, which
 *   locks the row until that transaction ends), so numbers are gap-free: a rolled-back payment
 *   gives its number back with the rest of its writes.
 * - `bookings.invoice_number` (`UQ-2026-000001`, unique) and `invoiced_at` (the invoice date).
 * - `mail_attachments`: the files an e-mail of the outbox carries (the invoice and the e-ticket
 *   PDFs of the booking confirmation), written with the e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (column) => column.notNull())
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('last_number', 'integer', (column) => column.notNull().check(sql`last_number > 0`))
    .addPrimaryKeyConstraint('invoice_counters_pk', ['series', 'year'])
    .execute();
  await db.schema.alterTable('bookings').addColumn('invoice_number', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('invoiced_at', 'text').execute();
  await db.schema
    .createIndex('bookings_invoice_number_uq')
    .on('bookings')
    .column('invoice_number')
    .unique()
    .execute();
  await db.schema
    .createTable('mail_attachments')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('mail_id', 'integer', ownedBy('mail_outbox.id'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('content', binaryColumnType(db), (column) => column.notNull())
    .addUniqueConstraint('mail_attachments_mail_position_uq', ['mail_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'mail_attachments');
  await db.schema.dropIndex('bookings_invoice_number_uq').execute();
  await db.schema.alterTable('bookings').dropColumn('invoiced_at').execute();
  await db.schema.alterTable('bookings').dropColumn('invoice_number').execute();
  await dropTables(db, 'invoice_counters');
}
