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
 * The booking flow (DESIGN §6; reference/security-and-reliability.md §5, §6): what a booking holds
 * beyond its summary (legs, extras, seat holds, tickets), the ways a browser gets access to it
 * (device tokens, e-mailed link tokens), and the payment machinery (payments, idempotency keys,
 * processed webhook events, the outbox of side effects).
 *
 * Booked legs keep their own copy of the journey (segments as JSON) and refer to inventory rows
 * by id without foreign keys, so re-seeding the inventory leaves bookings whole; a seat hold keeps
 * the fare class row id it took seats from, to give them back when it ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identityPrimaryKey(db);

  await db.schema.alterTable('bookings').addColumn('search_hash', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('hold_expires_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('booker_phone_code', 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('base_currency', 'text', (column) => column.notNull().defaultTo('USD'))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('base_total_minor', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('paid_at', 'text').execute();
  await createIndex(db, 'bookings_status_hold_idx', 'bookings', ['status', 'hold_expires_at']);

  await db.schema
    .createTable('booking_flights')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    /** Leg index in the booking, from 0 (the ticket route's `flightIndex`). */
    .addColumn('position', 'integer', (column) => column.notNull())
    /** The search destination this leg answers, from 0. */
    .addColumn('destination_index', 'integer', (column) => column.notNull())
    /** The flight id as the search result gave it (an inventory row id, or a supplier's id). */
    .addColumn('flight_ref', 'text', (column) => column.notNull())
    .addColumn('route_id', 'integer')
    .$call(required('text', 'date', 'from_airport', 'to_airport', 'fare_letter', 'cabin'))
    /** Fare per seated passenger when booked, minor units of USD. */
    .addColumn('fare_price_minor', 'integer', (column) => column.notNull())
    /** The segments as booked (JSON array of the contract's BookingSegment). */
    .addColumn('segments', 'text', (column) => column.notNull())
    .addUniqueConstraint('booking_flights_position', ['booking_id', 'position'])
    .execute();

  await db.schema
    .createTable('booking_extras')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .$call(required('integer', 'destination_index', 'passenger_index'))
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    /** Price of all `quantity`, minor units of USD. */
    .addColumn('price_minor', 'integer', (column) => column.notNull())
    .execute();
  await createIndex(db, 'booking_extras_booking_idx', 'booking_extras', ['booking_id']);

  await db.schema
    .createTable('seat_holds')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    /** The inventory fare class row the seats were taken from (no foreign key: see above). */
    .addColumn('fare_class_id', 'integer', (column) => column.notNull())
    .addColumn('seats', 'integer', (column) => column.notNull().check(sql`seats > 0`))
    /** `held` (until the booking's hold expiry), `sold` (paid), `released` (seats given back). */
    .$call(required('text', 'state', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'seat_holds_booking_idx', 'seat_holds', ['booking_id']);

  await db.schema
    .createTable('booking_device_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await createIndex(db, 'booking_device_tokens_booking_idx', 'booking_device_tokens', [
    'booking_id',
  ]);

  await db.schema
    .createTable('booking_link_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    /** `finish` (complete the payment) or `login_quick` (open the booking). */
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .$call(required('integer', 'flight_index', 'passenger_index'))
    .addColumn('number', 'text', (column) => column.notNull().unique())
    .addColumn('issued_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('tickets_booking_flight_passenger', [
      'booking_id',
      'flight_index',
      'passenger_index',
    ])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .addColumn('method', 'text', (column) => column.notNull())
    /** Our id of this attempt, sent to the provider as its idempotency key. */
    .addColumn('attempt_key', 'text', (column) => column.notNull().unique())
    /** The provider's id of the payment, once it has one. */
    .addColumn('provider_ref', 'text', (column) => column.unique())
    .addColumn('amount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    /** `processing`, `requires_action`, `pending`, `succeeded`, `failed`, `refunded`. */
    .addColumn('status', 'text', (column) => column.notNull())
    .$call(optional('text', 'failure_code', 'card_brand', 'card_last4'))
    .$call(optional('integer', 'card_exp_month', 'card_exp_year'))
    .$call(required('text', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'payments_booking_idx', 'payments', ['booking_id']);
  // At most one succeeded payment per booking, whatever the races.
  await db.schema
    .createIndex('payments_one_success_per_booking')
    .on('payments')
    .column('booking_id')
    .unique()
    .where(sql.ref('status'), '=', 'succeeded')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'integer', id)
    /** Who used the key and on what: e.g. `pay:<PNR>`. */
    .$call(required('text', 'scope', 'key'))
    /** SHA-256 of the canonical request body. */
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    /** `processing` while the first request runs, then `done`. */
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('locked_until', 'text')
    .addUniqueConstraint('idempotency_keys_scope_key', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('processed_events')
    .$call(required('text', 'provider', 'event_id', 'processed_at'))
    .addPrimaryKeyConstraint('processed_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id)
    /** What to do: `booking.paid`, `mail.booking-confirmation`, `push.booking-status`, … */
    .addColumn('topic', 'text', (column) => column.notNull())
    /** JSON. */
    .$call(required('text', 'payload', 'created_at'))
    /** Not before this instant (retries back off). */
    .addColumn('available_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    /** A worker holds the entry until this instant. */
    .$call(optional('text', 'locked_until', 'processed_at', 'last_error'))
    .execute();
  await createIndex(db, 'outbox_pending_idx', 'outbox', ['processed_at', 'available_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'outbox',
    'processed_events',
    'idempotency_keys',
    'payments',
    'tickets',
    'booking_link_tokens',
    'booking_device_tokens',
    'seat_holds',
    'booking_extras',
    'booking_flights',
  );
  await db.schema.dropIndex('bookings_status_hold_idx').execute();
  for (const column of [
    'paid_at',
    'payment_method',
    'base_total_minor',
    'base_currency',
    'booker_phone_code',
    'hold_expires_at',
    'search_hash',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
