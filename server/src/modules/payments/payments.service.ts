import type { PayRequest } from '@uniquair/contract/booking';
import { PaymentConvergence, type ReturnLanding } from './payments.converge.ts';
import { PayStep, type PayOptions, type PayTarget } from './payments.pay.ts';
import type { StoredAnswer } from '../../lib/stored-answer.ts';
import type { WebhookEvent } from './payments.provider.ts';
import { PaymentsReconciler, type ReconcilerOptions } from './payments.reconciler.ts';
import type { BookingRow } from './payments.repository.ts';

export type PaymentsServiceOptions = Omit<PayOptions, 'convergence'> &
  Pick<ReconcilerOptions, 'chargeTimeoutMs'>;

/**
 * Paying a booking (DESIGN §6; reference C1–C10, §5), by step: {@link PayStep} starts a payment
 * (`payments.pay.ts`), {@link PaymentConvergence} applies every outcome the provider reports — the
 * pay call's answer, the browser's return, webhooks, refunds (`payments.converge.ts`) — and
 * {@link PaymentsReconciler} settles attempts left open (`payments.reconciler.ts`).
 */
export class PaymentsService {
  readonly #pay: PayStep;
  readonly #convergence: PaymentConvergence;
  readonly #reconciler: PaymentsReconciler;

  constructor(options: PaymentsServiceOptions) {
    this.#convergence = new PaymentConvergence(options);
    this.#pay = new PayStep({ ...options, convergence: this.#convergence });
    this.#reconciler = new PaymentsReconciler({ ...options, convergence: this.#convergence });
  }

  /**
   * `POST /api/booking/{pnr}/pay` for a booking the caller may read (its row, read once), or
   * `POST /api/booking/{pnr}/change/pay` for its change awaiting payment (`change` finds it).
   */
  pay(
    booking: BookingRow,
    key: string,
    request: PayRequest,
    change?: () => Promise<PayTarget>,
  ): Promise<StoredAnswer> {
    return this.#pay.pay(booking, key, request, change);
  }

  /** The browser is back from a provider page: where to send it. */
  paymentReturn(pnr: string, providerPaymentId: string): Promise<ReturnLanding> {
    return this.#convergence.paymentReturn(pnr, providerPaymentId);
  }

  /** A verified webhook event, applied once. */
  webhook(event: WebhookEvent): Promise<void> {
    return this.#convergence.webhook(event);
  }

  /** The `payment.refund` outbox entry. */
  refund(paymentId: number): Promise<void> {
    return this.#convergence.refund(paymentId);
  }

  /** Settles attempts left open (the timer; tests call it directly). */
  reconcile(): Promise<number> {
    return this.#reconciler.reconcile();
  }
}
