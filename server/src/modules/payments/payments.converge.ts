import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPaymentOutcome, type AppMetrics } from '../../lib/app-metrics.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import {
  PaymentProviderUnavailableError,
  type PaymentProviderClient,
  type ProviderPayment,
  type WebhookEvent,
} from './payments.provider.ts';
import {
  bookingById,
  isEventProcessed,
  moveBooking,
  paymentByAttemptKey,
  paymentById,
  recordProcessedEvent,
  updatePayment,
  type BookingRow,
  type PaymentRow,
} from './payments.repository.ts';

/**
 * The operations of the booking module a payment outcome needs, in its transaction: seats, and
 * the invoice number of a booking that becomes paid.
 */
export interface BookingSeats {
  /** The booking's held seats become sold. */
  markSeatsSold(db: Kysely<Database>, bookingId: number, now: Date): Promise<void>;
  /** Takes the seats of an expired booking again; false when they are gone. */
  retakeSeats(db: Kysely<Database>, bookingId: number, now: Date): Promise<boolean>;
  /** Gives a booking that became paid the next invoice number (gap-free, per year). */
  assignInvoiceNumber(db: Kysely<Database>, bookingId: number, now: Date): Promise<string>;
  /** Locks a voluntary change that can be paid now, or throws why it cannot. */
  lockPayableChange(db: Kysely<Database>, changeId: number, now: Date): Promise<void>;
  /**
   * Applies a voluntary change whose payment succeeded; false, changing nothing, when it can no
   * longer be applied (the payment is then refunded).
   */
  applyChange(db: Kysely<Database>, changeId: number, now: Date): Promise<boolean>;
}

export interface ConvergeOptions {
  db: Kysely<Database>;
  provider: PaymentProviderClient;
  seats: BookingSeats;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Called after a commit that wrote outbox entries. */
  afterOutboxWrite: () => void;
  /** Counts the payments' outcomes and the bookings they pay. */
  metrics: Pick<AppMetrics, 'paymentOutcome' | 'bookingPaid'>;
}

/** Name under which webhook events are recorded in `processed_events`. */
export const WEBHOOK_PROVIDER = 'gateway';

/** What a booking whose payment succeeded can no longer do with that money. */
export const PAID_STATUSES = new Set(['paid', 'ticketed', 'pay_at_airline']);

/** Where the browser lands after the provider's page, by the payment's outcome. */
/**
 * Where a browser back from a provider page goes. `booking`: the payment named is not one of this
 * booking's (unknown to the provider or to us, or another booking's), so it says nothing about the
 * booking; its page shows where it stands (a paid booking is never shown a failure).
 */
export type ReturnLanding = 'success' | 'failure' | 'denied' | 'funding-denied' | 'pay' | 'booking';

/** Our attempt and its booking as a convergence left them. */
export interface Convergence {
  payment: PaymentRow;
  booking: BookingRow;
}

type PaymentChanges = Pick<PaymentRow, 'status' | 'provider_ref' | 'failure_code' | 'updated_at'>;

class RetryConvergence extends Error {
  override readonly name = 'RetryConvergence';
}

/** The seats of an expired booking are gone: roll back the attempt to re-take them, refund. */
class SeatsGone extends Error {
  override readonly name = 'SeatsGone';
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Every outcome the provider reports — the pay call's answer, the browser's return, a webhook, the
 * reconciler's look-up — goes through {@link PaymentConvergence.converge}: one transaction that
 * moves the attempt on monotonically, pays the booking once (`WHERE status = 'not_paid'`, seats
 * sold, `booking.paid` in the outbox), re-takes the seats of a booking whose hold ended, and
 * refunds a payment the booking cannot keep.
 */
export class PaymentConvergence {
  readonly #options: ConvergeOptions;

  constructor(options: ConvergeOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  #nowIso() {
    return this.#options.now().toISOString();
  }

  /**
   * Brings our attempt and its booking in line with the provider's view of a payment, in one
   * transaction (`before` runs first in it: the webhook records its event there). Safe to call
   * any number of times, concurrently, in any order. Throws UnknownPaymentError for a payment
   * that is not ours, PaymentMismatchError for one that does not match its booking (logged).
   */
  async converge(
    provided: ProviderPayment,
    before?: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<Convergence> {
    let retake = true;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await this.#db.transaction().execute(async (trx) => {
          if (before !== undefined && !(await before(trx))) return null;
          return this.#convergeIn(trx, provided, retake);
        });
        if (result === null) {
          // `before` found the work done already (a redelivered webhook): the rows as they are.
          const payment = await paymentByAttemptKey(this.#db, provided.attemptKey);
          if (payment === undefined) throw new UnknownPaymentError(provided.id);
          return { payment, booking: await bookingOf(this.#db, payment.booking_id) };
        }
        if (result.wroteOutbox) this.#options.afterOutboxWrite();
        this.#count(result);
        return { payment: result.payment, booking: result.booking };
      } catch (error) {
        if (error instanceof SeatsGone && retake) {
          retake = false;
          continue;
        }
        const retry = error instanceof RetryConvergence || isUniqueViolation(error);
        if (!retry || attempt >= 5) throw error;
      }
    }
  }

  /** Counts what a committed convergence changed: the attempt's outcome, the booking paid. */
  #count({ payment, booking, previous }: Convergence & { previous: Convergence }): void {
    const { metrics } = this.#options;
    if (payment.status !== previous.payment.status && isPaymentOutcome(payment.status)) {
      metrics.paymentOutcome(payment.status, payment.method);
    }
    const paidNow = booking.status === 'paid' && previous.booking.status !== 'paid';
    if (paidNow) metrics.bookingPaid(payment.method);
  }

  /**
   * The one read of the booking during a payment's convergence is here, inside the transaction:
   * the status it decides on (pay, re-take, refund) must be the committed one, not the row the
   * request started with (another tab, a webhook or the hold sweeper may have moved it). Every
   * move after it is a compare-and-set from the status read; a lost race retries the whole
   * transaction. The rows answered are built from that read and the changes made, not read again.
   */
  async #convergeIn(
    trx: Kysely<Database>,
    provided: ProviderPayment,
    retake: boolean,
  ): Promise<Convergence & { wroteOutbox: boolean; previous: Convergence }> {
    const now = this.#options.now();
    const nowIso = now.toISOString();
    const payment = await paymentByAttemptKey(trx, provided.attemptKey);
    if (payment === undefined) throw new UnknownPaymentError(provided.id);
    const booking = await bookingOf(trx, payment.booking_id);
    if (
      provided.reference !== booking.pnr ||
      provided.amount !== payment.amount_minor ||
      provided.currency !== payment.currency ||
      (payment.provider_ref !== null && payment.provider_ref !== provided.id)
    ) {
      this.#options.log.warn(
        {
          pnr: booking.pnr,
          paymentId: payment.id,
          providerPayment: provided.id,
          reference: provided.reference,
          amount: provided.amount,
          currency: provided.currency,
          expected: { amount: payment.amount_minor, currency: payment.currency },
        },
        'payment does not match its booking: refused',
      );
      throw new PaymentMismatchError(provided.id);
    }

    let current: PaymentRow = payment;
    const move = async (status: string, failureCode: string | null = current.failure_code) => {
      const changes: PaymentChanges = {
        status,
        provider_ref: provided.id,
        failure_code: failureCode,
        updated_at: nowIso,
      };
      if (!(await updatePayment(trx, current.id, current.status, changes))) {
        throw new RetryConvergence();
      }
      current = { ...current, ...changes };
    };
    if (payment.provider_ref === null) await move(payment.status);

    const settled = ['succeeded', 'refunded', 'refund_pending'].includes(payment.status);
    switch (provided.status) {
      case 'requires_action':
        if (payment.status === 'processing') await move('requires_action');
        break;
      case 'processing':
        if (payment.status === 'processing' || payment.status === 'requires_action') {
          await move('pending');
        }
        break;
      case 'failed':
        if (!settled && payment.status !== 'failed') {
          await move('failed', provided.failureReason ?? 'declined');
        }
        break;
      case 'refunded': {
        // Part of a kept payment given back (a voluntary change's payout): it stays the payment
        // that paid the booking.
        const partial =
          typeof provided.refundedAmount === 'number' &&
          provided.refundedAmount < payment.amount_minor &&
          booking.status !== 'cancelled';
        if (payment.status !== 'refunded' && !partial) {
          await move('refunded');
          // A cancelled booking's refund (booking.refunds.ts) is expected; any other is news.
          if (payment.status === 'succeeded' && booking.status !== 'cancelled') {
            this.#options.log.warn(
              { pnr: booking.pnr, paymentId: payment.id },
              'the provider reports a refund of the payment that paid this booking',
            );
          }
        }
        break;
      }
      case 'succeeded': {
        if (settled) break;
        const after = await this.#succeeded(trx, payment, booking, move, now, retake);
        const previous = { payment, booking };
        return { payment: current, booking: after, wroteOutbox: true, previous };
      }
    }
    return { payment: current, booking, wroteOutbox: false, previous: { payment, booking } };
  }

  /** A success not applied yet: pays the booking, or refunds what it cannot keep. */
  async #succeeded(
    trx: Kysely<Database>,
    payment: PaymentRow,
    booking: BookingRow,
    move: (status: string, failureCode?: string | null) => Promise<void>,
    now: Date,
    retake: boolean,
  ): Promise<BookingRow> {
    const nowIso = now.toISOString();
    const pay = async (): Promise<BookingRow> => {
      await move('succeeded', null);
      const paid = {
        status: 'paid',
        payment_method: payment.method,
        paid_at: nowIso,
        hold_expires_at: null,
        updated_at: nowIso,
      };
      if (!(await moveBooking(trx, booking.id, 'not_paid', paid))) throw new RetryConvergence();
      await this.#options.seats.markSeatsSold(trx, booking.id, now);
      await enqueue(
        trx,
        'booking.paid',
        { bookingId: booking.id, pnr: booking.pnr, method: payment.method },
        now,
      );
      // Last, so the year's counter row is locked for as short a time as possible.
      const invoiceNumber = await this.#options.seats.assignInvoiceNumber(trx, booking.id, now);
      return { ...booking, ...paid, invoice_number: invoiceNumber, invoiced_at: nowIso };
    };
    const refund = async (reason: string): Promise<BookingRow> => {
      await move('refund_pending', reason);
      await enqueue(trx, 'payment.refund', { paymentId: payment.id, reason }, now);
      this.#options.log.warn(
        { pnr: booking.pnr, paymentId: payment.id, bookingStatus: booking.status, reason },
        'a payment succeeded that the booking cannot keep: it is refunded',
      );
      return booking;
    };

    if (payment.change_id !== null) {
      // A voluntary change's payment: the change is applied with it, or the money goes back.
      if (!(await this.#options.seats.applyChange(trx, payment.change_id, now))) {
        return refund('change_unavailable');
      }
      await move('succeeded', null);
      return booking;
    }
    if (booking.status === 'not_paid') return pay();
    if (booking.status === 'expired') {
      // The hold ended before the money arrived: the seats are taken again if they are free
      // (the booking is `not_paid` again with a new hold), else the whole attempt rolls back and
      // the payment is refunded.
      if (!retake) return refund('seats_unavailable');
      if (!(await this.#options.seats.retakeSeats(trx, booking.id, now))) throw new SeatsGone();
      return pay();
    }
    if (PAID_STATUSES.has(booking.status)) return refund('duplicate_payment');
    return refund(`booking_${booking.status}`);
  }

  /**
   * `GET /api/booking/{pnr}/payment-return?payment=…`: the browser is back from a provider page.
   * The query is only a hint: the payment is fetched from the provider, must belong to this
   * booking, and converges like a webhook. Answers where to send the browser.
   */
  async paymentReturn(pnr: string, providerPaymentId: string): Promise<ReturnLanding> {
    let provided: ProviderPayment;
    try {
      provided = await this.#options.provider.retrieve(providerPaymentId);
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) return 'pay';
      this.#options.log.warn(
        { pnr, providerPayment: providerPaymentId.slice(0, 80), reason: String(error) },
        'a payment return names a payment the provider does not know',
      );
      return 'booking';
    }
    if (provided.reference !== pnr) {
      this.#options.log.warn(
        { pnr, providerPayment: provided.id, reference: provided.reference },
        'a payment return names a payment of another booking: refused',
      );
      return 'booking';
    }
    let convergence: Convergence;
    try {
      convergence = await this.converge(provided);
    } catch (error) {
      if (error instanceof UnknownPaymentError) return 'booking';
      if (error instanceof PaymentMismatchError) return 'failure';
      throw error;
    }
    const { payment } = convergence;
    switch (payment.status) {
      case 'succeeded':
      case 'pending':
        return 'success';
      case 'requires_action':
      case 'processing':
        return 'pay';
      case 'failed':
        if (payment.failure_code === 'cancelled') return 'denied';
        if (payment.failure_code === 'funding_failed') return 'funding-denied';
        return 'failure';
      default:
        return 'failure';
    }
  }

  /**
   * A verified webhook event: recorded once in `processed_events` in the same transaction as the
   * state it brings. A failure event is checked against the provider's current view first (it
   * may be stale: events arrive in any order).
   */
  async webhook(event: WebhookEvent): Promise<void> {
    if (await isEventProcessed(this.#db, WEBHOOK_PROVIDER, event.id)) return;
    const provided =
      event.payment.status === 'failed'
        ? await this.#options.provider.retrieve(event.payment.id)
        : event.payment;
    const record = (trx: Kysely<Database>) =>
      recordProcessedEvent(trx, WEBHOOK_PROVIDER, event.id, this.#nowIso());
    try {
      await this.converge(provided, record);
    } catch (error) {
      if (error instanceof UnknownPaymentError || error instanceof PaymentMismatchError) {
        // Not a payment of ours (or not matching it): recorded, so it is not delivered forever.
        this.#options.log.warn(
          { eventId: event.id, providerPayment: event.payment.id },
          'a webhook event names a payment that is not ours or does not match it',
        );
        await recordProcessedEvent(this.#db, WEBHOOK_PROVIDER, event.id, this.#nowIso());
        return;
      }
      throw error;
    }
  }

  /** The `payment.refund` outbox entry: refunds through the provider, once. */
  async refund(paymentId: number): Promise<void> {
    const payment = await paymentById(this.#db, paymentId);
    if (payment === undefined || payment.status !== 'refund_pending') return;
    if (payment.provider_ref === null) throw new Error(`payment ${paymentId} has no provider id`);
    const refunded = await this.#options.provider.refund(
      payment.provider_ref,
      `refund_${payment.attempt_key}`,
    );
    if (refunded.status !== 'refunded') {
      throw new Error(`the provider answered ${refunded.status} to the refund of ${paymentId}`);
    }
    const moved = await updatePayment(this.#db, payment.id, 'refund_pending', {
      status: 'refunded',
      updated_at: this.#nowIso(),
    });
    if (moved) this.#options.metrics.paymentOutcome('refunded', payment.method);
    const booking = await bookingOf(this.#db, payment.booking_id);
    this.#options.log.warn(
      {
        pnr: booking.pnr,
        paymentId,
        amount: payment.amount_minor,
        currency: payment.currency,
        reason: payment.failure_code,
      },
      'payment refunded automatically',
    );
  }
}

/** The booking of an attempt (it cannot vanish: bookings are never deleted while paid for). */
async function bookingOf(db: Kysely<Database>, bookingId: number): Promise<BookingRow> {
  const booking = await bookingById(db, bookingId);
  if (booking === undefined) throw new Error(`booking ${bookingId} vanished`);
  return booking;
}

/** The provider's payment has no attempt of ours. */
export class UnknownPaymentError extends Error {
  override readonly name = 'UnknownPaymentError';
  constructor(providerPaymentId: string) {
    super(`no attempt of ours for provider payment ${providerPaymentId.slice(0, 80)}`);
  }
}

/** The provider's payment does not match our attempt (booking, amount or currency). */
export class PaymentMismatchError extends Error {
  override readonly name = 'PaymentMismatchError';
  constructor(providerPaymentId: string) {
    super(`provider payment ${providerPaymentId.slice(0, 80)} does not match its booking`);
  }
}
