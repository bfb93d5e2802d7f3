import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The series of invoice numbers (`UQ-2026-000001`). */
export const INVOICE_SERIES = 'UQ';
/** The series of credit notes (`UQC-2026-000001`), counted apart from the invoices. */
export const CREDIT_NOTE_SERIES = 'UQC';

/** `UQ-2026-000042`: series, calendar year, six-digit running number. */
export function formatInvoiceNumber(series: string, year: number, number: number): string {
  return `${series}-${year}-${String(number).padStart(6, '0')}`;
}

/**
 * The next number of a series in a calendar year, counted in the caller's transaction: one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` creates the year's counter at 1 or adds 1 to it.
 * On PostgreSQL the statement locks the counter row until the transaction ends, so a concurrent
 * payment waits and then reads the committed value; on SQLite the writer lock does the same. A
 * transaction that rolls back takes its increment with it: the numbers have no gaps.
 */
export async function nextInvoiceNumber(
  trx: Kysely<Database>,
  series: string,
  year: number,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ series, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['series', 'year'])
        .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The next document number of a series for the year of `now`, e.g. `UQC-2026-000003`. */
export async function nextDocumentNumber(
  trx: Kysely<Database>,
  series: string,
  now: Date,
): Promise<string> {
  const year = now.getUTCFullYear();
  return formatInvoiceNumber(series, year, await nextInvoiceNumber(trx, series, year));
}

/**
 * Gives a paid booking its invoice number, in the transaction that paid it. A booking that has
 * one already keeps it (and no number is used up). Answers the booking's invoice number.
 */
export async function assignInvoiceNumber(
  trx: Kysely<Database>,
  bookingId: number,
  now: Date,
): Promise<string> {
  const existing = await trx
    .selectFrom('bookings')
    .select('invoice_number')
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  if (existing.invoice_number !== null) return existing.invoice_number;
  const number = await nextDocumentNumber(trx, INVOICE_SERIES, now);
  await trx
    .updateTable('bookings')
    .set({ invoice_number: number, invoiced_at: now.toISOString() })
    .where('id', '=', bookingId)
    .where('invoice_number', 'is', null)
    .execute();
  return number;
}
