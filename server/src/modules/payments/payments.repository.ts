import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BookingsTable } from '../../db/tables/bookings.ts';
import type { PaymentsTable } from '../../db/tables/payments.ts';

export type PaymentRow = Selectable<PaymentsTable>;
export type BookingRow = Selectable<BookingsTable>;

/** Statuses of a payment attempt whose outcome is not settled yet. */
export const OPEN_PAYMENT_STATUSES = ['processing', 'requires_action', 'pending'] as const;

export async function bookingById(
  db: Kysely<Database>,
  id: number,
): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the booking's row for this transaction while it can be paid: `not_paid` with its hold
 * still running at `now` (PostgreSQL: the row lock makes a concurrent payment of the same booking
 * wait for this one to commit; SQLite: one writer at a time). Answers false when it cannot.
 */
export async function lockPayableBooking(
  db: Kysely<Database>,
  bookingId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ updated_at: now })
    .where('id', '=', bookingId)
    .where('status', '=', 'not_paid')
    .where((eb) => eb.or([eb('hold_expires_at', 'is', null), eb('hold_expires_at', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a booking from one status to another; false when it was not in `from` any more. */
export async function moveBooking(
  db: Kysely<Database>,
  bookingId: number,
  from: string,
  to: Partial<Pick<BookingsTable, 'status' | 'payment_method' | 'paid_at' | 'hold_expires_at'>> & {
    status: string;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set(to)
    .where('id', '=', bookingId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function paymentByAttemptKey(
  db: Kysely<Database>,
  attemptKey: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('attempt_key', '=', attemptKey)
    .executeTakeFirst();
}

export async function paymentById(
  db: Kysely<Database>,
  id: number,
): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether another attempt on the booking is waiting for the provider's first answer. */
export async function hasPaymentInFlight(
  db: Kysely<Database>,
  bookingId: number,
  exceptAttemptKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'processing')
    .where('attempt_key', '!=', exceptAttemptKey)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPayment(
  db: Kysely<Database>,
  payment: Insertable<PaymentsTable>,
): Promise<PaymentRow> {
  return db.insertInto('payments').values(payment).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves a payment on from the status it was read in (a compare-and-set): false when someone else
 * moved it first, and the caller reads it again.
 */
export async function updatePayment(
  db: Kysely<Database>,
  id: number,
  fromStatus: string,
  changes: Partial<
    Pick<
      PaymentsTable,
      'status' | 'provider_ref' | 'failure_code' | 'updated_at' | 'owner_instance'
    >
  > & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The server processes owning open attempts, besides `self` (the reconciler checks them). */
export async function openPaymentOwners(db: Kysely<Database>, self: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payments')
    .select('owner_instance')
    .distinct()
    .where('status', 'in', [...OPEN_PAYMENT_STATUSES])
    .where('owner_instance', 'is not', null)
    .where('owner_instance', '!=', self)
    .execute();
  return rows.flatMap((row) => (row.owner_instance === null ? [] : [row.owner_instance]));
}

/** Open attempts left past `before`, or owned by a process gone, for the reconciler. */
export async function paymentsToReconcile(
  db: Kysely<Database>,
  due: { before: string; ownersGone: readonly string[] },
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', [...OPEN_PAYMENT_STATUSES])
    .where('method', '!=', 'DIRECT_TO_AIRLINE')
    .where((eb) =>
      due.ownersGone.length === 0
        ? eb('updated_at', '<=', due.before)
        : eb.or([
            eb('updated_at', '<=', due.before),
            eb('owner_instance', 'in', [...due.ownersGone]),
          ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records a webhook event; false when it was recorded before (a redelivery). */
export async function recordProcessedEvent(
  db: Kysely<Database>,
  provider: string,
  eventId: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .insertInto('processed_events')
    .values({ provider, event_id: eventId, processed_at: now })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isEventProcessed(
  db: Kysely<Database>,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('processed_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}
