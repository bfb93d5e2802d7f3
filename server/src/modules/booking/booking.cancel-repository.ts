import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BookingCancellationsTable } from '../../db/tables/bookings.ts';
import type { BookingRow } from './booking.repository.ts';

/**
 * The SQL of cancellations: the booking's row lock and status move, the payment to refund, the
 * cancellation record with its refund state, and the refund's timeline.
 */

export type CancellationRow = Selectable<BookingCancellationsTable>;

/** Payment attempts whose outcome is still open (a cancel must wait for them). */
const OPEN_ATTEMPTS = ['processing', 'requires_action', 'pending'];

/**
 * Takes the booking's row for this transaction (`UPDATE … SET updated_at`: on PostgreSQL a
 * concurrent payment or cancel of the same booking waits for this transaction; SQLite has one
 * writer) and reads it as committed. Undefined when the booking is gone.
 */
export async function lockBooking(
  trx: Kysely<Database>,
  bookingId: number,
  now: string,
): Promise<BookingRow | undefined> {
  await trx.updateTable('bookings').set({ updated_at: now }).where('id', '=', bookingId).execute();
  return trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
}

/** Whether a payment attempt of the booking is still open at the provider. */
export async function hasOpenPaymentAttempt(
  db: Kysely<Database>,
  bookingId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('status', 'in', OPEN_ATTEMPTS)
    .executeTakeFirst();
  return row !== undefined;
}

/** The payment that paid the booking itself (one succeeded attempt at most), or undefined. */
export async function payingPayment(
  db: Kysely<Database>,
  bookingId: number,
): Promise<{ id: number; provider_ref: string | null } | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(['id', 'provider_ref'])
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'succeeded')
    .where('change_id', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : { id: Number(row.id), provider_ref: row.provider_ref };
}

/**
 * The payments a cancellation's refund may come from, in the order it takes from them: the one
 * that paid the booking, then those that paid its changes. `left` is what has not gone back yet
 * (a change's payout was refunded from the paying one).
 */
export async function refundablePayments(
  db: Kysely<Database>,
  bookingId: number,
): Promise<{ id: number; provider_ref: string | null; left: number; change: boolean }[]> {
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'provider_ref', 'amount_minor', 'change_id'])
    .where('booking_id', '=', bookingId)
    .where('status', 'in', ['succeeded', 'refunded'])
    .orderBy('id')
    .execute();
  const payouts = await db
    .selectFrom('booking_changes')
    .select(['payout_payment_id', 'payout_minor'])
    .where('booking_id', '=', bookingId)
    .where('payout_state', 'is not', null)
    .execute();
  const paidOut = (paymentId: number) =>
    payouts
      .filter((payout) => Number(payout.payout_payment_id) === paymentId)
      .reduce((sum, payout) => sum + Number(payout.payout_minor), 0);
  const rows = payments.map((payment) => ({
    id: Number(payment.id),
    provider_ref: payment.provider_ref,
    left: Number(payment.amount_minor) - paidOut(Number(payment.id)),
    change: payment.change_id !== null,
  }));
  return [...rows.filter((row) => !row.change), ...rows.filter((row) => row.change)];
}

/** The provider's id of a payment (for the refund call). */
export async function providerRefOfPayment(
  db: Kysely<Database>,
  paymentId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('provider_ref')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  return row?.provider_ref ?? null;
}

/** `from` → `cancelled` (conditional); false when the booking was not in `from` any more. */
export async function markBookingCancelled(
  trx: Kysely<Database>,
  bookingId: number,
  from: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('bookings')
    .set({ status: 'cancelled', hold_expires_at: null, updated_at: now })
    .where('id', '=', bookingId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type NewCancellation = Omit<CancellationRow, 'id' | 'refund_attempts' | 'refund_error'>;

/** Writes a booking's cancellation (one per booking: the unique constraint backs it up). */
export async function insertCancellation(
  trx: Kysely<Database>,
  values: NewCancellation,
): Promise<number> {
  const row = await trx
    .insertInto('booking_cancellations')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Adds a state to a refund's timeline. */
export async function addRefundEvent(
  db: Kysely<Database>,
  cancellationId: number,
  state: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('booking_refund_events')
    .values({ cancellation_id: cancellationId, state, at })
    .execute();
}

export async function cancellationById(
  db: Kysely<Database>,
  id: number,
): Promise<CancellationRow | undefined> {
  return db.selectFrom('booking_cancellations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function cancellationOfBooking(
  db: Kysely<Database>,
  bookingId: number,
): Promise<CancellationRow | undefined> {
  return db
    .selectFrom('booking_cancellations')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

/** The refund's timeline, oldest first. */
export async function refundEvents(
  db: Kysely<Database>,
  cancellationId: number,
): Promise<{ state: string; at: string }[]> {
  return db
    .selectFrom('booking_refund_events')
    .select(['state', 'at'])
    .where('cancellation_id', '=', cancellationId)
    .orderBy('id')
    .execute();
}

/**
 * Moves a refund on from one of the states it was read in (a compare-and-set); false when another
 * worker moved it first.
 */
export async function moveRefund(
  db: Kysely<Database>,
  id: number,
  from: readonly string[],
  changes: Updateable<BookingCancellationsTable> & { refund_state: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('booking_cancellations')
    .set(changes)
    .where('id', '=', id)
    .where('refund_state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes a refund attempt that did not reach an answer (the outbox tries again). */
export async function noteRefundAttempt(
  db: Kysely<Database>,
  id: number,
  error: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('booking_cancellations')
    .set((eb) => ({
      refund_attempts: eb('refund_attempts', '+', 1),
      refund_error: error.slice(0, 500),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}
