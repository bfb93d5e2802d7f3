import { sql, type Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  identityPrimaryKey,
  optional,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/**
 * Voluntary flight changes (docs/flight-changes.md): a traveller moves a leg of a paid booking to
 * another flight of the same route, paying the fare rules' change fee and any fare difference.
 *
 * A `booking_changes` row is the change as quoted and chosen: the leg, the flight and fare class
 * left and taken, the amounts in the charge currency (`amount_due_minor` to pay,
 * `fare_difference_minor` signed, `payout_minor` to give back, `total_delta_minor` what the
 * booking's charged total moves by) and in the base currency (`base_delta_minor`), and its state: `awaiting_payment` (new seats held until `hold_expires_at`),
 * `applied`, `expired` (the hold ended unpaid) or `released` (replaced by another change, or the
 * booking was cancelled). The new seats are ordinary seat holds that name their change
 * (`seat_holds.change_id`) until it is applied; the change's payment is an ordinary attempt that
 * names it (`payments.change_id`), so a booking can have one succeeded payment of its own and one
 * per change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_changes')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    /** The leg's `booking_flights.position` (the API's `flightIndex`). */
    .addColumn('flight_index', 'integer', (column) => column.notNull())
    .$call(required('text', 'old_flight_ref', 'old_fare_letter'))
    .$call(required('integer', 'old_fare_price_minor', 'new_flight_id', 'new_fare_class_id'))
    .$call(required('text', 'new_fare_letter', 'new_cabin'))
    .$call(required('integer', 'new_fare_price_minor', 'seats'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .$call(
      required(
        'integer',
        'change_fee_minor',
        'fare_difference_minor',
        'amount_due_minor',
        'payout_minor',
        'total_delta_minor',
        'base_delta_minor',
      ),
    )
    /** A payout's refund: `requested`, `refunded` (null: nothing to pay out). */
    .addColumn('payout_state', 'text')
    .addColumn('payout_payment_id', 'integer')
    .addColumn('status', 'text', (column) => column.notNull())
    .$call(required('text', 'created_at', 'updated_at'))
    .$call(optional('text', 'hold_expires_at', 'applied_at'))
    .execute();
  await createIndex(db, 'booking_changes_booking_idx', 'booking_changes', ['booking_id']);
  await createIndex(db, 'booking_changes_status_idx', 'booking_changes', [
    'status',
    'hold_expires_at',
  ]);

  await db.schema.alterTable('seat_holds').addColumn('change_id', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('change_id', 'integer').execute();
  // One succeeded payment of the booking itself, and one per change.
  await db.schema.dropIndex('payments_one_success_per_booking').execute();
  await db.schema
    .createIndex('payments_one_success_per_booking')
    .on('payments')
    .column('booking_id')
    .unique()
    .where(sql<boolean>`status = 'succeeded' and change_id is null`)
    .execute();
  await db.schema
    .createIndex('payments_one_success_per_change')
    .on('payments')
    .column('change_id')
    .unique()
    .where(sql.ref('status'), '=', 'succeeded')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_one_success_per_change').execute();
  await db.schema.dropIndex('payments_one_success_per_booking').execute();
  await db.schema.alterTable('payments').dropColumn('change_id').execute();
  await db.schema.alterTable('seat_holds').dropColumn('change_id').execute();
  await db.schema
    .createIndex('payments_one_success_per_booking')
    .on('payments')
    .column('booking_id')
    .unique()
    .where(sql.ref('status'), '=', 'succeeded')
    .execute();
  await dropTables(db, 'booking_changes');
}
