import type { ConvergeOptions, PaymentConvergence } from './payments.converge.ts';
import { IDEMPOTENCY_KEY_RETENTION_MS, pruneIdempotencyKeys } from './payments.idempotency.ts';
import { staleOpenPayments, updatePayment } from './payments.repository.ts';

/** Open attempts older than this are settled with the provider by the reconciler. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** Attempts looked at per round. */
const RECONCILE_BATCH = 100;

export interface ReconcilerOptions extends Pick<
  ConvergeOptions,
  'db' | 'provider' | 'log' | 'now'
> {
  convergence: PaymentConvergence;
}

/**
 * The timer's side of payments (reference C8): attempts nobody came back for — the browser closed
 * on a provider page, a webhook lost — are asked about at the provider and converged.
 */
export class PaymentsReconciler {
  readonly #options: ReconcilerOptions;

  constructor(options: ReconcilerOptions) {
    this.#options = options;
  }

  /**
   * Settles attempts left open for longer than {@link RECONCILE_AFTER_MS}: asks the provider
   * and converges. An attempt the provider never answered (no provider id) is marked failed
   * (`no_answer`), which frees the booking; a webhook or a retry with the same key still
   * converges it if the provider did take it. Answered idempotency keys older than 24 hours are
   * forgotten. Answers how many attempts it looked at.
   */
  async reconcile(): Promise<number> {
    const { db, provider, convergence, log } = this.#options;
    const now = this.#options.now().getTime();
    await pruneIdempotencyKeys(db, new Date(now - IDEMPOTENCY_KEY_RETENTION_MS));
    const before = new Date(now - RECONCILE_AFTER_MS).toISOString();
    const stale = await staleOpenPayments(db, before, RECONCILE_BATCH);
    for (const payment of stale) {
      try {
        if (payment.provider_ref === null) {
          await updatePayment(db, payment.id, payment.status, {
            status: 'failed',
            failure_code: 'no_answer',
            updated_at: this.#options.now().toISOString(),
          });
          continue;
        }
        await convergence.converge(await provider.retrieve(payment.provider_ref));
      } catch (error) {
        log.warn(
          { paymentId: payment.id, err: error },
          'could not reconcile a payment with the provider',
        );
      }
    }
    return stale.length;
  }
}
