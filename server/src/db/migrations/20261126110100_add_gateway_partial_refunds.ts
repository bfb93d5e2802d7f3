import type { Kysely } from 'kysely';

/**
 * The sandbox gateway refunds part of a payment (a cancellation's refund less its fees): the
 * amount given back. A migration of its own, as the gateway's tables are, so the stand-alone
 * gateway (its own database) runs it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gateway_payments').addColumn('refunded_amount', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gateway_payments').dropColumn('refunded_amount').execute();
}
