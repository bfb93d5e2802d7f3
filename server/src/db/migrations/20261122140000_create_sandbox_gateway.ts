import type { Kysely } from 'kysely';

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
    .addColumn('brand', 'text', (column) => column.notNull())
    .addColumn('last4', 'text', (column) => column.notNull())
    .addColumn('exp_month', 'integer', (column) => column.notNull())
    .addColumn('exp_year', 'integer', (column) => column.notNull())
    .addColumn('holder', 'text', (column) => column.notNull())
    /** What a payment with this card does (`success`, `three_d_secure`, a decline reason). */
    .addColumn('scenario', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('gateway_payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** The merchant's idempotency key of the request that created it (its attempt key). */
    .addColumn('attempt_key', 'text', (column) => column.notNull().unique())
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('card_token', 'text')
    .addColumn('return_url', 'text', (column) => column.notNull())
    .addColumn('locale', 'text', (column) => column.notNull())
    /** `requires_action`, `processing`, `succeeded`, `failed`, `refunded`. */
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    /** `three_d_secure`, `approval`, `bank_redirect` while the payer has a page to answer. */
    .addColumn('action', 'text')
    /** A bank payment in `processing` is confirmed at this instant. */
    .addColumn('settle_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_payments_settle_idx')
    .on('gateway_payments')
    .columns(['status', 'settle_at'])
    .execute();

  await db.schema
    .createTable('gateway_idempotency_keys')
    /** The operation: `payments.create` or `payments.refund:<payment id>`. */
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    /** SHA-256 of the request body as received. */
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('response_status', 'integer', (column) => column.notNull())
    /** The exact bytes of the first answer, sent again for every retry. */
    .addColumn('response_body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('gateway_idempotency_keys_pk', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('gateway_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('payment_id', 'text', (column) => column.notNull())
    /** The event exactly as delivered (JSON). */
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    /** Not delivered before this instant (retries back off); null once delivered or given up. */
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('gateway_events_pending_idx')
    .on('gateway_events')
    .column('next_attempt_at')
    .execute();
  await db.schema
    .createIndex('gateway_events_payment_idx')
    .on('gateway_events')
    .column('payment_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'gateway_events',
    'gateway_idempotency_keys',
    'gateway_payments',
    'gateway_card_tokens',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
