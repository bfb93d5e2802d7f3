import type { Kysely } from 'kysely';
import { createIndex, dropTables, optional, required } from '../schema-helpers.ts';

/**
 * The sandbox payment gateway's own tables (DESIGN §6, docs/payments.md), prefixed `gateway_`.
 * They belong to the "provider", not to the booking flow: nothing of ours joins them, and the
 * gateway can keep them in a database of its own when it runs as a separate process.
 *
 * No column ever holds a card number or a security code: a card token keeps the brand, the last
 * four digits, the expiry, the holder's name and the test scenario the number selected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_card_tokens')
    .addColumn('token', 'text', (column) => column.primaryKey())
    .$call(required('text', 'brand', 'last4'))
    .$call(required('integer', 'exp_month', 'exp_year'))
    .addColumn('holder', 'text', (column) => column.notNull())
    /** What a payment with this card does (`success`, `three_d_secure`, a decline reason). */
    .$call(required('text', 'scenario', 'created_at'))
    .execute();

  await db.schema
    .createTable('gateway_payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** The merchant's idempotency key of the request that created it (its attempt key). */
    .addColumn('attempt_key', 'text', (column) => column.notNull().unique())
    .$call(required('text', 'method', 'reference'))
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('card_token', 'text')
    .$call(required('text', 'return_url', 'locale'))
    /** `requires_action`, `processing`, `succeeded`, `failed`, `refunded`. */
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    /** `three_d_secure`, `approval`, `bank_redirect` while the payer has a page to answer. */
    .addColumn('action', 'text')
    /** A bank payment in `processing` is confirmed at this instant. */
    .addColumn('settle_at', 'text')
    .$call(required('text', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'gateway_payments_settle_idx', 'gateway_payments', ['status', 'settle_at']);

  await db.schema
    .createTable('gateway_idempotency_keys')
    /** The operation: `payments.create` or `payments.refund:<payment id>`. */
    .$call(required('text', 'scope', 'key'))
    /** SHA-256 of the request body as received. */
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('response_status', 'integer', (column) => column.notNull())
    /** The exact bytes of the first answer, sent again for every retry. */
    .$call(required('text', 'response_body', 'created_at'))
    .addPrimaryKeyConstraint('gateway_idempotency_keys_pk', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('gateway_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(required('text', 'type', 'payment_id'))
    /** The event exactly as delivered (JSON). */
    .$call(required('text', 'body', 'created_at'))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    /** Not delivered before this instant (retries back off); null once delivered or given up. */
    .$call(optional('text', 'next_attempt_at', 'delivered_at', 'last_error'))
    .execute();
  await createIndex(db, 'gateway_events_pending_idx', 'gateway_events', ['next_attempt_at']);
  await createIndex(db, 'gateway_events_payment_idx', 'gateway_events', ['payment_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'gateway_events',
    'gateway_idempotency_keys',
    'gateway_payments',
    'gateway_card_tokens',
  );
}
