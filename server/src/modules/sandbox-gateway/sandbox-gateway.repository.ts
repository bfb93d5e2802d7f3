import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  GatewayCardTokensTable,
  GatewayEventsTable,
  GatewayIdempotencyKeysTable,
  GatewayPaymentsTable,
} from '../../db/tables/payments.ts';

export type CardTokenRow = Selectable<GatewayCardTokensTable>;
export type GatewayPaymentRow = Selectable<GatewayPaymentsTable>;
export type IdempotencyRow = Selectable<GatewayIdempotencyKeysTable>;
export type GatewayEventRow = Selectable<GatewayEventsTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** Whether an error is a UNIQUE or PRIMARY KEY violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Every SQL statement of the sandbox gateway; it touches only its `gateway_` tables. */
export class SandboxGatewayRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insertCardToken(row: CardTokenRow): Promise<void> {
    await this.db.insertInto('gateway_card_tokens').values(row).execute();
  }

  async cardToken(token: string, db: Db = this.db): Promise<CardTokenRow | undefined> {
    return db
      .selectFrom('gateway_card_tokens')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
  }

  async idempotencyRow(scope: string, key: string, db: Db = this.db) {
    return db
      .selectFrom('gateway_idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async insertIdempotencyRow(row: IdempotencyRow, db: Db): Promise<void> {
    await db.insertInto('gateway_idempotency_keys').values(row).execute();
  }

  async insertPayment(row: GatewayPaymentRow, db: Db): Promise<void> {
    await db.insertInto('gateway_payments').values(row).execute();
  }

  async payment(id: string, db: Db = this.db): Promise<GatewayPaymentRow | undefined> {
    return db.selectFrom('gateway_payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async paymentByAttemptKey(attemptKey: string): Promise<GatewayPaymentRow | undefined> {
    return this.db
      .selectFrom('gateway_payments')
      .selectAll()
      .where('attempt_key', '=', attemptKey)
      .executeTakeFirst();
  }

  /**
   * Moves a payment from one of `from` to the new state; false when it was no longer in one of
   * them (someone else moved it first).
   */
  async transition(
    id: string,
    from: readonly string[],
    change: Pick<
      GatewayPaymentRow,
      'status' | 'failure_reason' | 'action' | 'settle_at' | 'updated_at'
    > &
      Partial<Pick<GatewayPaymentRow, 'refunded_amount'>>,
    db: Db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('gateway_payments')
      .set(change)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Bank payments whose confirmation is due. */
  async paymentsToSettle(nowIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gateway_payments')
      .select('id')
      .where('status', '=', 'processing')
      .where('settle_at', '<=', nowIso)
      .orderBy('settle_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async insertEvent(row: Omit<GatewayEventRow, 'attempts'>, db: Db): Promise<void> {
    await db.insertInto('gateway_events').values(row).execute();
  }

  async event(id: string): Promise<GatewayEventRow | undefined> {
    return this.db.selectFrom('gateway_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async dueEvents(nowIso: string, limit: number): Promise<GatewayEventRow[]> {
    return this.db
      .selectFrom('gateway_events')
      .selectAll()
      .where('next_attempt_at', '<=', nowIso)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Takes an event for one delivery attempt, unless another worker took it first. */
  async claimEvent(event: GatewayEventRow, leaseUntilIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('gateway_events')
      .set({ next_attempt_at: leaseUntilIso, attempts: event.attempts + 1 })
      .where('id', '=', event.id)
      .where('next_attempt_at', '=', event.next_attempt_at)
      .where('attempts', '=', event.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records the outcome of the attempt that holds the lease `leaseIso`; nothing when the event
   * was queued again meanwhile (a resend wins over the attempt that was running).
   */
  async recordDelivery(
    id: string,
    leaseIso: string,
    outcome: Pick<GatewayEventRow, 'next_attempt_at' | 'delivered_at' | 'last_error'>,
  ): Promise<void> {
    await this.db
      .updateTable('gateway_events')
      .set(outcome)
      .where('id', '=', id)
      .where('next_attempt_at', '=', leaseIso)
      .execute();
  }

  /** Queues an event for delivery again (the sandbox's "resend" button). */
  async requeueEvent(id: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('gateway_events')
      .set({ next_attempt_at: nowIso, attempts: 0, last_error: null })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
