import type { Kysely } from 'kysely';

/**
 * A cancellation that refunds an invoiced booking gets a credit note (docs/invoices.md "Credit
 * notes"): its number, from the invoice counter's `UQC` series, given in the cancel's transaction.
 * The credit note's date is the cancellation's; its lines are the cancellation's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('booking_cancellations')
    .addColumn('credit_note_number', 'text')
    .execute();
  await db.schema
    .createIndex('booking_cancellations_credit_note_idx')
    .on('booking_cancellations')
    .column('credit_note_number')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('booking_cancellations_credit_note_idx').execute();
  await db.schema.alterTable('booking_cancellations').dropColumn('credit_note_number').execute();
}
