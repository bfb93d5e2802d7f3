import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { formatMoney } from '../../lib/intl-format.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  PaymentProviderUnavailableError,
  type PaymentProviderClient,
} from '../payments/payments.provider.ts';
import {
  addRefundEvent,
  cancellationById,
  moveRefund,
  noteRefundAttempt,
  refundablePayments,
  type CancellationRow,
} from './booking.cancel-repository.ts';
import { bookingById } from './booking.repository.ts';

export interface RefundSenderOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The payment provider (looked up when a refund is sent: it is configured after bookings). */
  provider: () => PaymentProviderClient;
  /** Tells the booker once the money is on its way back. */
  mail: MailService;
}

/**
 * Sends a cancellation's refund to the payment provider (the `booking.refund` outbox entry written
 * by the cancel): `requested` (or `failed`) → `processing` → `refunded`, each state on the
 * timeline. The provider call carries the cancellation's own idempotency key, so however often
 * the entry runs (a retry after a timeout, another process after a crash) the money goes back
 * once. An unreachable provider leaves the refund `processing` and the entry is tried again; a
 * refusal marks it `failed` (the entry is tried again, with back-off, and logged each time).
 * Reaching `refunded` e-mails the booker (`refundCompleted`), in the same transaction, so once.
 */
export class RefundSender {
  readonly #options: RefundSenderOptions;

  constructor(options: RefundSenderOptions) {
    this.#options = options;
  }

  async send(cancellationId: number): Promise<void> {
    const { db } = this.#options;
    const cancellation = await cancellationById(db, cancellationId);
    if (cancellation === undefined) return;
    const state = cancellation.refund_state;
    if (state === null || state === 'refunded') return;
    if (cancellation.payment_id === null || cancellation.refund_key === null) {
      throw new Error(`refund of cancellation ${cancellationId} has no payment`);
    }
    if (state !== 'processing') await this.#move(cancellationId, [state], 'processing');

    let status = 'refunded';
    try {
      // The refund comes from the payment that paid the booking and, past what that one has
      // left, from those that paid its changes; each part under a key of its own, so however
      // often this runs each part goes back once.
      for (const part of await this.#parts(
        cancellation.booking_id,
        cancellation.refund_key,
        Number(cancellation.refund_minor),
      )) {
        const refunded = await this.#options
          .provider()
          .refund(part.providerRef, part.key, part.amount);
        if (refunded.status !== 'refunded') status = refunded.status;
      }
    } catch (error) {
      await noteRefundAttempt(db, cancellationId, String(error), this.#nowIso());
      if (!(error instanceof PaymentProviderUnavailableError)) {
        await this.#move(cancellationId, ['processing'], 'failed');
        this.#options.log.warn(
          { cancellationId, reason: String(error) },
          'the payment provider refused a refund: it is tried again later',
        );
      }
      throw error;
    }
    if (status !== 'refunded') {
      await this.#move(cancellationId, ['processing'], 'failed');
      throw new Error(
        `the provider answered ${status} to the refund of cancellation ${cancellationId}`,
      );
    }
    await this.#move(cancellationId, ['processing'], 'refunded', (trx) =>
      this.#tellBooker(trx, cancellation),
    );
    this.#options.mail.kick();
  }

  #nowIso() {
    return this.#options.now().toISOString();
  }

  /** How a refund is shared out over the booking's payments (see `send`). */
  async #parts(
    bookingId: number,
    key: string,
    amount: number,
  ): Promise<{ providerRef: string; key: string; amount: number }[]> {
    const parts: { providerRef: string; key: string; amount: number }[] = [];
    let left = amount;
    for (const payment of await refundablePayments(this.#options.db, bookingId)) {
      if (left <= 0) break;
      const take = Math.min(left, payment.left);
      if (take <= 0) continue;
      if (payment.provider_ref === null)
        throw new Error(`payment ${payment.id} has no provider id`);
      // The booking's own payment keeps the cancellation's key, as before changes existed.
      parts.push({
        providerRef: payment.provider_ref,
        key: payment.change ? `${key}_p${payment.id}` : key,
        amount: take,
      });
      left -= take;
    }
    if (left > 0) throw new Error(`refund of booking ${bookingId} exceeds its payments by ${left}`);
    return parts;
  }

  /**
   * Moves the refund on and writes the state to its timeline, in one transaction; `alsoThen`
   * runs in it when the move was made (not when another process made it first).
   */
  async #move(
    id: number,
    from: readonly string[],
    to: string,
    alsoThen?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    const at = this.#nowIso();
    await this.#options.db.transaction().execute(async (trx) => {
      const moved = await moveRefund(trx, id, from, {
        refund_state: to,
        updated_at: at,
        ...(to === 'refunded' ? { refund_error: null } : {}),
      });
      if (!moved) return;
      await addRefundEvent(trx, id, to, at);
      await alsoThen?.(trx);
    });
  }

  /** The `refundCompleted` e-mail: how much went back, in the booking's language. */
  async #tellBooker(trx: Kysely<Database>, cancellation: CancellationRow): Promise<void> {
    const booking = await bookingById(trx, cancellation.booking_id);
    if (!booking) return;
    await this.#options.mail.enqueue(trx, {
      kind: 'refundCompleted',
      to: booking.booker_email,
      locale: booking.locale,
      firstName: booking.booker_first_name,
      values: {
        pnr: booking.pnr,
        refund: formatMoney(
          Number(cancellation.refund_minor),
          cancellation.currency,
          booking.locale,
        ),
      },
    });
  }
}
