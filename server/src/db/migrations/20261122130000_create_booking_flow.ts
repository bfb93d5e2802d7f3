import { sql, type Kysely } from 'kysely';
import { identityPrimaryKey } from '../schema-helpers.ts';

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
  await db.schema
    .createIndex('bookings_status_hold_idx')
    .on('bookings')
    .columns(['status', 'hold_expires_at'])
    .execute();

  await db.schema
    .createTable('booking_flights')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    /** Leg index in the booking, from 0 (the ticket route's `flightIndex`). */
    .addColumn('position', 'integer', (column) => column.notNull())
    /** The search destination this leg answers, from 0. */
    .addColumn('destination_index', 'integer', (column) => column.notNull())
    /** The flight id as the search result gave it (an inventory row id, or a supplier's id). */
    .addColumn('flight_ref', 'text', (column) => column.notNull())
    .addColumn('route_id', 'integer')
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('from_airport', 'text', (column) => column.notNull())
    .addColumn('to_airport', 'text', (column) => column.notNull())
    .addColumn('fare_letter', 'text', (column) => column.notNull())
    .addColumn('cabin', 'text', (column) => column.notNull())
    /** Fare per seated passenger when booked, minor units of USD. */
    .addColumn('fare_price_minor', 'integer', (column) => column.notNull())
    /** The segments as booked (JSON array of the contract's BookingSegment). */
    .addColumn('segments', 'text', (column) => column.notNull())
    .addUniqueConstraint('booking_flights_position', ['booking_id', 'position'])
    .execute();

  await db.schema
    .createTable('booking_extras')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('destination_index', 'integer', (column) => column.notNull())
    .addColumn('passenger_index', 'integer', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    /** Price of all `quantity`, minor units of USD. */
    .addColumn('price_minor', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('booking_extras_booking_idx')
    .on('booking_extras')
    .column('booking_id')
    .execute();

  await db.schema
    .createTable('seat_holds')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    /** The inventory fare class row the seats were taken from (no foreign key: see above). */
    .addColumn('fare_class_id', 'integer', (column) => column.notNull())
    .addColumn('seats', 'integer', (column) => column.notNull().check(sql`seats > 0`))
    /** `held` (until the booking's hold expiry), `sold` (paid), `released` (seats given back). */
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('seat_holds_booking_idx')
    .on('seat_holds')
    .column('booking_id')
    .execute();

  await db.schema
    .createTable('booking_device_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('booking_device_tokens_booking_idx')
    .on('booking_device_tokens')
    .column('booking_id')
    .execute();

  await db.schema
    .createTable('booking_link_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
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
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('flight_index', 'integer', (column) => column.notNull())
    .addColumn('passenger_index', 'integer', (column) => column.notNull())
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
    .addColumn('booking_id', 'integer', (column) =>
      column.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('method', 'text', (column) => column.notNull())
    /** Our id of this attempt, sent to the provider as its idempotency key. */
    .addColumn('attempt_key', 'text', (column) => column.notNull().unique())
    /** The provider's id of the payment, once it has one. */
    .addColumn('provider_ref', 'text', (column) => column.unique())
    .addColumn('amount_minor', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    /** `processing`, `requires_action`, `pending`, `succeeded`, `failed`, `refunded`. */
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('payments_booking_idx').on('payments').column('booking_id').execute();
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
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
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
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('processed_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('processed_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id)
    /** What to do: `booking.paid`, `mail.booking-confirmation`, `push.booking-status`, … */
    .addColumn('topic', 'text', (column) => column.notNull())
    /** JSON. */
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    /** Not before this instant (retries back off). */
    .addColumn('available_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    /** A worker holds the entry until this instant. */
    .addColumn('locked_until', 'text')
    .addColumn('processed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox')
    .columns(['processed_at', 'available_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
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
  ]) {
    await db.schema.dropTable(table).execute();
  }
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
