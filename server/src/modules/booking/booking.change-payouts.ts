import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentProviderClient } from '../payments/payments.provider.ts';
import { providerRefOfPayment } from './booking.cancel-repository.ts';
import { bookingChangeById } from './booking.change-repository.ts';

/**
 * Pays out what a voluntary change to a cheaper refundable fare gives back (the
 * `booking.change-payout` outbox entry written when the change was applied): a partial refund of
 * the payment that paid the booking, under the change's own key, so however often the entry runs
 * the money goes back once. A provider that cannot be reached or refuses leaves the payout
 * `requested` and the entry is tried again (with back-off, logged).
 */
export interface ChangePayoutsOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The payment provider (looked up when a payout is sent: it is configured after bookings). */
  provider: () => PaymentProviderClient;
}

export class ChangePayouts {
  readonly #options: ChangePayoutsOptions;

  constructor(options: ChangePayoutsOptions) {
    this.#options = options;
  }

  async send(changeId: number): Promise<void> {
    const { db } = this.#options;
    const change = await bookingChangeById(db, changeId);
    if (!change || change.payout_state !== 'requested' || change.payout_payment_id === null) return;
    const providerRef = await providerRefOfPayment(db, change.payout_payment_id);
    if (providerRef === null)
      throw new Error(`payment ${change.payout_payment_id} has no provider id`);
    const refunded = await this.#options
      .provider()
      .refund(providerRef, `payout_change_${changeId}`, Number(change.payout_minor));
    if (refunded.status !== 'refunded') {
      throw new Error(
        `the provider answered ${refunded.status} to the payout of change ${changeId}`,
      );
    }
    await db
      .updateTable('booking_changes')
      .set({ payout_state: 'refunded', updated_at: this.#options.now().toISOString() })
      .where('id', '=', changeId)
      .where('payout_state', '=', 'requested')
      .execute();
    this.#options.log.info(
      { changeId, amount: change.payout_minor, currency: change.currency },
      'a change’s payout went back to the card',
    );
  }
}
