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
 * Cancelling a booking with a refund (docs/booking.md "Cancellation and refunds"): one
 * cancellation per booking, with the quote it was made on (totals and, as JSON, the lines per
 * passenger and flight — what a credit note is rendered from), and the refund sent to the payment
 * provider with its state and idempotency key; each state the refund reaches is a timeline row.
 * The sandbox gateway records the amount of a partial refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identityPrimaryKey(db);
  await db.schema
    .createTable('booking_cancellations')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    /** The booking's status when it was cancelled. */
    .$call(required('text', 'status_before', 'cancelled_at', 'currency'))
    /** Minor units of `currency`: paid = refund + fee + non_refundable. */
    .$call(required('integer', 'paid_minor', 'refund_minor', 'fee_minor', 'non_refundable_minor'))
    .$call(flag('free_window', 0))
    /** JSON array of the quote's lines (passenger, flight, fare class, paid, fee, refund). */
    .addColumn('lines', 'text', (column) => column.notNull())
    /** `requested`, `processing`, `refunded`, `failed`; null when there is nothing to refund. */
    .$call(optional('text', 'refund_state', 'refund_key', 'refund_error'))
    /** The payment (`payments.id`) refunded, without a foreign key: payments keep their own life. */
    .addColumn('payment_id', 'integer')
    .addColumn('refund_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('booking_cancellations_booking', ['booking_id'])
    .execute();

  await db.schema
    .createTable('booking_refund_events')
    .addColumn('id', 'integer', id)
    .addColumn('cancellation_id', 'integer', ownedBy('booking_cancellations.id'))
    .$call(required('text', 'state', 'at'))
    .execute();
  await createIndex(db, 'booking_refund_events_cancellation_idx', 'booking_refund_events', [
    'cancellation_id',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'booking_refund_events', 'booking_cancellations');
}
