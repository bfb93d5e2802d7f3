import type { ConvergeOptions, PaymentConvergence } from './payments.converge.ts';
import {
  IDEMPOTENCY_KEY_RETENTION_MS,
  pruneIdempotencyKeys,
  type LeaseOwner,
} from './payments.idempotency.ts';
import {
  openPaymentOwners,
  paymentsToReconcile,
  updatePayment,
  type PaymentRow,
} from './payments.repository.ts';

/** Open attempts older than this are settled with the provider by the reconciler. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** Attempts looked at per round. */
const RECONCILE_BATCH = 100;

/** Failure code of an attempt the provider says it never created: nothing was charged. */
export const NOT_CHARGED = 'not_charged';

export interface ReconcilerOptions extends Pick<
  ConvergeOptions,
  'db' | 'provider' | 'log' | 'now' | 'metrics'
> {
  convergence: PaymentConvergence;
  /** This server process: attempts of processes known gone are settled at once. */
  instance: LeaseOwner;
  /** Time limit of one call to the provider: a create sent before a crash has ended by then. */
  chargeTimeoutMs: number;
}

/**
 * The timer's side of payments (reference C8): attempts nobody came back for — the browser closed
 * on a provider page, a webhook lost, the process that charged killed before it heard the answer
 * — are asked about at the provider and converged (docs/payments-flow.md "Crash points").
 */
export class PaymentsReconciler {
  readonly #options: ReconcilerOptions;

  constructor(options: ReconcilerOptions) {
    this.#options = options;
  }

  /**
   * Settles open attempts left for longer than {@link RECONCILE_AFTER_MS}, and at once those
   * opened by a process known gone. Every one is asked about at the provider — by its provider id,
   * or by its attempt key when the provider's answer never reached us — and converged: paid and
   * ticketed, refunded when the booking cannot keep the money, failed only on the provider's word.
   * Answered idempotency keys older than 24 hours are forgotten. Answers how many attempts it
   * looked at.
   */
  async reconcile(): Promise<number> {
    const { db, log, instance } = this.#options;
    const now = this.#options.now().getTime();
    await pruneIdempotencyKeys(db, new Date(now - IDEMPOTENCY_KEY_RETENTION_MS));
    const gone: string[] = [];
    for (const owner of await openPaymentOwners(db, instance.id)) {
      if (await instance.isGone(owner)) gone.push(owner);
    }
    const before = new Date(now - RECONCILE_AFTER_MS).toISOString();
    const due = await paymentsToReconcile(db, { before, ownersGone: gone }, RECONCILE_BATCH);
    for (const payment of due) {
      try {
        await this.#settle(payment, now);
      } catch (error) {
        log.warn(
          { paymentId: payment.id, err: error },
          'could not reconcile a payment with the provider',
        );
      }
    }
    return due.length;
  }

  async #settle(payment: PaymentRow, now: number): Promise<void> {
    const { provider, convergence } = this.#options;
    const provided =
      payment.provider_ref !== null
        ? await provider.retrieve(payment.provider_ref)
        : await provider.findByAttemptKey(payment.attempt_key);
    if (provided !== null) {
      await convergence.converge(provided);
      return;
    }
    // The provider created no payment with this key. A create sent just before a crash may still
    // be under way there: its "none" is final once any call would have ended.
    if (Date.parse(payment.updated_at) > now - this.#options.chargeTimeoutMs) return;
    const failed = await updatePayment(this.#options.db, payment.id, payment.status, {
      status: 'failed',
      failure_code: NOT_CHARGED,
      updated_at: new Date(now).toISOString(),
    });
    if (failed) this.#options.metrics.paymentOutcome('failed', payment.method);
  }
}
