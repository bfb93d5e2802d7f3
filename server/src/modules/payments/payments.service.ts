import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PayRequest, PayResponse } from '@uniquair/contract/booking';
import type { ErrorCode } from '@uniquair/contract/error-body';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprintOf,
  IDEMPOTENCY_KEY_RETENTION_MS,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
} from './payments.idempotency.ts';
import {
  PaymentProviderRequestError,
  PaymentProviderUnavailableError,
  type DeclineReason,
  type PaymentProviderClient,
  type ProviderPayment,
  type WebhookEvent,
} from './payments.provider.ts';
import {
  bookingById,
  hasPaymentInFlight,
  insertPayment,
  isEventProcessed,
  lockBookingInStatus,
  moveBooking,
  paymentByAttemptKey,
  paymentById,
  recordProcessedEvent,
  staleOpenPayments,
  updatePayment,
  type BookingRow,
  type PaymentRow,
} from './payments.repository.ts';

/** The seat operations of the booking module a payment outcome needs (in its transaction). */
export interface BookingSeats {
  /** The booking's held seats become sold. */
  markSeatsSold(db: Kysely<Database>, bookingId: number, now: Date): Promise<void>;
  /** Takes the seats of an expired booking again; false when they are gone. */
  retakeSeats(db: Kysely<Database>, bookingId: number, now: Date): Promise<boolean>;
}

export interface PaymentsServiceOptions {
  db: Kysely<Database>;
  provider: PaymentProviderClient;
  seats: BookingSeats;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Origin the browser comes back to from the provider's pages. */
  publicUrl: string;
  methods: PaymentProviderFlags;
  /** Called after a commit that wrote outbox entries. */
  afterOutboxWrite: () => void;
}

/** Name under which webhook events are recorded in `processed_events`. */
export const WEBHOOK_PROVIDER = 'gateway';

/** Open attempts older than this are settled with the provider by the reconciler. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/** What a booking whose payment succeeded can no longer do with that money. */
const PAID_STATUSES = new Set(['paid', 'ticketed', 'pay_at_airline']);

/** Decline reasons of the provider → error code and SPEC §8 text. */
export const DECLINES: Readonly<Record<DeclineReason, readonly [ErrorCode, string]>> = {
  declined: ['CARD_DECLINED', 'Your transaction was declined'],
  expired_card: ['CARD_EXPIRED', 'Your card has expired'],
  insufficient_funds: ['INSUFFICIENT_FUNDS', 'Your card has insufficient funds'],
  limit_exceeded: ['CARD_LIMIT_EXCEEDED', 'You have exceeded the limit of your card'],
  not_authorized: ['NOT_AUTHORIZED_BY_BANK', 'Your transaction was not authorized by your bank'],
  check_details: [
    'CHECK_CARD_DETAILS',
    'Your transaction was denied, please double check your card details',
  ],
  cancelled: ['CARD_DECLINED', 'Your transaction was declined'],
  funding_failed: ['CARD_DECLINED', 'Your transaction was declined'],
};

export const ALREADY_PAID_TEXT = 'This booking is already paid';
export const EXPIRED_TEXT = 'The seat hold of this booking has ended';

/** A finished answer of `pay`: stored for the idempotency key and sent byte for byte. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/** Error codes whose answer is final for an idempotency key (stored and replayed). */
const FINAL_ERRORS = new Set<ErrorCode>([
  'BOOKING_ALREADY_PAID',
  'BOOKING_EXPIRED',
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'CARD_LIMIT_EXCEEDED',
  'NOT_AUTHORIZED_BY_BANK',
  'CHECK_CARD_DETAILS',
]);

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

/** Our attempt id for a pay request: the same scope and key always give the same one. */
export function attemptKeyOf(scope: string, key: string): string {
  return `att_${createHash('sha256').update(`${scope}\n${key}`).digest('hex').slice(0, 40)}`;
}

/** Where the browser lands after the provider's page, by the payment's outcome. */
export type ReturnLanding = 'success' | 'failure' | 'denied' | 'funding-denied' | 'pay';

export function landingPath(pnr: string, landing: ReturnLanding): string {
  switch (landing) {
    case 'success':
      return `/payment/${pnr.toLowerCase()}/success`;
    case 'failure':
      return `/payment/${pnr}/failure`;
    case 'denied':
      return `/payment/${pnr}/paypal/denied`;
    case 'funding-denied':
      return `/payment/${pnr}/paypal/funding-denied`;
    case 'pay':
      return `/booking/${pnr}/pay`;
  }
}

export interface Convergence {
  payment: PaymentRow;
  booking: BookingRow;
}

/**
 * Paying a booking (DESIGN §6; reference C1–C10, §5). Every outcome the provider reports — the
 * pay call's answer, the browser's return, a webhook, the reconciler's look-up — goes through
 * {@link PaymentsService.converge}, one transaction that moves the attempt on monotonically, pays
 * the booking once (`WHERE status = 'not_paid'`, seats sold, `booking.paid` in the outbox), re-takes
 * the seats of a booking whose hold ended, and refunds a payment the booking cannot keep.
 */
export class PaymentsService {
  readonly #options: PaymentsServiceOptions;

  constructor(options: PaymentsServiceOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  #nowIso() {
    return this.#options.now().toISOString();
  }

  /**
   * `POST /api/booking/{pnr}/pay` for a booking the caller may read. Answers the stored answer
   * for a key seen before; throws ServiceError for answers that are not final for the key.
   */
  async pay(booking: BookingRow, key: string, request: PayRequest): Promise<StoredAnswer> {
    const scope = `pay:${booking.pnr}`;
    const claim = await claimIdempotencyKey(this.#db, {
      scope,
      key,
      fingerprint: fingerprintOf(request),
      now: this.#options.now(),
    });
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body };
    if (claim.kind === 'mismatch') {
      throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'Idempotency key reused', {
        _: ['This Idempotency-Key was used with another request body'],
      });
    }
    if (claim.kind === 'in_progress') {
      throw new ServiceError('IDEMPOTENCY_KEY_IN_USE', 'Idempotency key in use', {
        _: ['A request with this Idempotency-Key is still being processed'],
      });
    }
    try {
      const response = await this.#payClaimed(booking.id, attemptKeyOf(scope, key), request);
      const answer = { status: 200, body: JSON.stringify(response) };
      await completeIdempotencyKey(this.#db, claim, answer);
      return answer;
    } catch (error) {
      if (error instanceof ServiceError && FINAL_ERRORS.has(error.code)) {
        const answer = {
          status: error.statusCode,
          body: JSON.stringify(errorBody(error.code, error.errors)),
        };
        await completeIdempotencyKey(this.#db, claim, answer);
        return answer;
      }
      await releaseIdempotencyKey(this.#db, claim);
      throw error;
    }
  }

  async #payClaimed(
    bookingId: number,
    attemptKey: string,
    request: PayRequest,
  ): Promise<PayResponse> {
    if (!this.#options.methods[request.method]) {
      throw new ServiceError('PAYMENT_METHOD_DISABLED', 'Payment method disabled', {
        'body.method': ['This payment method is not available'],
      });
    }
    if (request.method === 'DIRECT_TO_AIRLINE') return this.#payAtAirline(bookingId, attemptKey);

    const known = await paymentByAttemptKey(this.#db, attemptKey);
    const providerRef = known?.provider_ref ?? null;
    let provided: ProviderPayment;
    if (providerRef !== null) {
      // A retry of an attempt the provider knows: its state there is the answer.
      provided = await this.#provider((provider) => provider.retrieve(providerRef));
    } else {
      const payment = known ?? (await this.#openAttempt(bookingId, attemptKey, request));
      if (payment.status !== 'processing') await this.#reopen(payment);
      const booking = await this.#bookingOf(payment.booking_id);
      try {
        provided = await this.#provider((provider) =>
          provider.charge({
            attemptKey,
            method: request.method,
            reference: booking.pnr,
            amount: payment.amount_minor,
            currency: payment.currency,
            ...('card' in request ? { card: request.card } : {}),
            returnUrl: `${this.#options.publicUrl}/api/booking/${booking.pnr}/payment-return`,
            locale: booking.locale,
          }),
        );
      } catch (error) {
        if (!(error instanceof PaymentProviderRequestError)) throw error;
        // The provider refused the request itself (e.g. a card token it does not know or that
        // was used up): nothing was charged; the attempt fails and the booking stays payable.
        this.#options.log.warn(
          { pnr: booking.pnr, status: error.status, code: error.code },
          'the payment provider refused a charge request',
        );
        await updatePayment(this.#db, payment.id, 'processing', {
          status: 'failed',
          failure_code: 'check_details',
          updated_at: this.#nowIso(),
        });
        const [code, text] = DECLINES.check_details;
        throw new ServiceError(code, text, { _: [text] });
      }
    }
    const { payment: after, booking } = await this.converge(provided);
    return this.#answerOf(after, booking, provided);
  }

  /** The attempt's row, written before the provider is called (one attempt in flight at a time). */
  async #openAttempt(
    bookingId: number,
    attemptKey: string,
    request: PayRequest,
  ): Promise<PaymentRow> {
    const now = this.#options.now();
    return this.#db.transaction().execute(async (trx) => {
      const booking = await this.#lockPayable(trx, bookingId, now);
      if (await hasPaymentInFlight(trx, bookingId, attemptKey)) {
        throw new ServiceError('PAYMENT_IN_PROGRESS', 'Payment in progress', {
          _: ['A payment for this booking is in progress'],
        });
      }
      const card = 'card' in request ? request.card : null;
      return insertPayment(trx, {
        booking_id: bookingId,
        method: request.method,
        attempt_key: attemptKey,
        provider_ref: null,
        amount_minor: booking.total_minor,
        currency: booking.currency,
        status: 'processing',
        failure_code: null,
        card_brand: card?.brand ?? null,
        card_last4: card?.last4 ?? null,
        card_exp_month: card?.expMonth ?? null,
        card_exp_year: card?.expYear ?? null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    });
  }

  /**
   * An attempt the provider never answered (its status set to failed `no_answer` by the
   * reconciler) is retried with the same key: open again, provided the booking is still payable.
   */
  async #reopen(payment: PaymentRow): Promise<void> {
    const now = this.#options.now();
    await this.#db.transaction().execute(async (trx) => {
      await this.#lockPayable(trx, payment.booking_id, now);
      if (await hasPaymentInFlight(trx, payment.booking_id, payment.attempt_key)) {
        throw new ServiceError('PAYMENT_IN_PROGRESS', 'Payment in progress', {
          _: ['A payment for this booking is in progress'],
        });
      }
      await updatePayment(trx, payment.id, payment.status, {
        status: 'processing',
        failure_code: null,
        updated_at: now.toISOString(),
      });
    });
  }

  /** Locks a booking that can be paid now, or throws why it cannot. */
  async #lockPayable(trx: Kysely<Database>, bookingId: number, now: Date): Promise<BookingRow> {
    const locked = await lockBookingInStatus(trx, bookingId, 'not_paid', now.toISOString());
    const booking = await this.#bookingOf(bookingId, trx);
    if (!locked) {
      if (PAID_STATUSES.has(booking.status)) {
        throw new ServiceError('BOOKING_ALREADY_PAID', ALREADY_PAID_TEXT, {
          _: [ALREADY_PAID_TEXT],
        });
      }
      throw new ServiceError('BOOKING_EXPIRED', EXPIRED_TEXT, { _: [EXPIRED_TEXT] });
    }
    if (booking.hold_expires_at !== null && booking.hold_expires_at <= now.toISOString()) {
      throw new ServiceError('BOOKING_EXPIRED', EXPIRED_TEXT, { _: [EXPIRED_TEXT] });
    }
    return booking;
  }

  /** DIRECT_TO_AIRLINE: confirmed now, tickets issued, payment due to the airline. */
  async #payAtAirline(bookingId: number, attemptKey: string): Promise<PayResponse> {
    const now = this.#options.now();
    const nowIso = now.toISOString();
    await this.#db.transaction().execute(async (trx) => {
      const booking = await this.#lockPayable(trx, bookingId, now);
      if (await hasPaymentInFlight(trx, bookingId, attemptKey)) {
        throw new ServiceError('PAYMENT_IN_PROGRESS', 'Payment in progress', {
          _: ['A payment for this booking is in progress'],
        });
      }
      await insertPayment(trx, {
        booking_id: bookingId,
        method: 'DIRECT_TO_AIRLINE',
        attempt_key: attemptKey,
        provider_ref: null,
        amount_minor: booking.total_minor,
        currency: booking.currency,
        status: 'pending',
        failure_code: null,
        card_brand: null,
        card_last4: null,
        card_exp_month: null,
        card_exp_year: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await moveBooking(trx, bookingId, 'not_paid', {
        status: 'pay_at_airline',
        payment_method: 'DIRECT_TO_AIRLINE',
        hold_expires_at: null,
        updated_at: nowIso,
      });
      await this.#options.seats.markSeatsSold(trx, bookingId, now);
      await enqueue(trx, 'booking.confirmed', { bookingId, pnr: booking.pnr }, now);
    });
    this.#options.afterOutboxWrite();
    return { success: true, outcome: 'pay_at_airline', status: 'pay_at_airline' };
  }

  #answerOf(payment: PaymentRow, booking: BookingRow, provided: ProviderPayment): PayResponse {
    if (payment.status === 'succeeded') {
      return { success: true, outcome: 'paid', status: booking.status };
    }
    if (payment.status === 'requires_action' && provided.redirectUrl !== null) {
      return {
        success: true,
        outcome: 'redirect',
        redirectUrl: provided.redirectUrl,
        ...(provided.action === 'three_d_secure' ? { code: 'DPO_SECURE_PAYMENT' as const } : {}),
        status: booking.status,
      };
    }
    if (payment.status === 'pending' || payment.status === 'processing') {
      return { success: true, outcome: 'pending', status: booking.status };
    }
    if (payment.status === 'failed') {
      const reason = (payment.failure_code ?? 'declined') as DeclineReason;
      const [code, text] = DECLINES[reason] ?? DECLINES.declined;
      throw new ServiceError(code, text, { _: [text] });
    }
    // The provider took the money but the booking cannot keep it: refunded.
    if (PAID_STATUSES.has(booking.status)) {
      throw new ServiceError('BOOKING_ALREADY_PAID', ALREADY_PAID_TEXT, { _: [ALREADY_PAID_TEXT] });
    }
    throw new ServiceError('FLIGHT_UNAVAILABLE', 'A flight is no longer available', {
      _: ['A flight is no longer available'],
    });
  }

  async #provider<T>(call: (provider: PaymentProviderClient) => Promise<T>): Promise<T> {
    try {
      return await call(this.#options.provider);
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) {
        this.#options.log.warn({ err: error }, 'the payment provider could not be reached');
        throw new ServiceError('PAYMENT_FAILED', 'Payment provider unavailable', {
          _: ['The payment could not be completed right now; please try again'],
        });
      }
      throw error;
    }
  }

  async #bookingOf(bookingId: number, db: Kysely<Database> = this.#db): Promise<BookingRow> {
    const booking = await bookingById(db, bookingId);
    if (booking === undefined) throw new Error(`booking ${bookingId} vanished`);
    return booking;
  }

  /**
   * Brings our attempt and its booking in line with the provider's view of a payment, in one
   * transaction (`before` runs first in it: the webhook records its event there). Safe to call
   * any number of times, concurrently, in any order. Answers undefined for a payment that is not
   * ours or does not match its booking (logged as a warning).
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
          const payment = await paymentByAttemptKey(this.#db, provided.attemptKey);
          if (payment === undefined) throw new UnknownPaymentError(provided.id);
          return { payment, booking: await this.#bookingOf(payment.booking_id) };
        }
        if (result.wroteOutbox) this.#options.afterOutboxWrite();
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

  async #convergeIn(
    trx: Kysely<Database>,
    provided: ProviderPayment,
    retake: boolean,
  ): Promise<{ payment: PaymentRow; booking: BookingRow; wroteOutbox: boolean }> {
    const now = this.#options.now();
    const nowIso = now.toISOString();
    const payment = await paymentByAttemptKey(trx, provided.attemptKey);
    if (payment === undefined) throw new UnknownPaymentError(provided.id);
    const booking = await this.#bookingOf(payment.booking_id, trx);
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

    const move = async (status: string, failureCode: string | null = payment.failure_code) => {
      const moved = await updatePayment(trx, payment.id, payment.status, {
        status,
        provider_ref: provided.id,
        failure_code: failureCode,
        updated_at: nowIso,
      });
      if (!moved) throw new RetryConvergence();
    };
    const done = async (wroteOutbox = false) => ({
      payment: (await paymentById(trx, payment.id))!,
      booking: await this.#bookingOf(booking.id, trx),
      wroteOutbox,
    });
    if (payment.provider_ref === null) {
      await move(payment.status);
      payment.provider_ref = provided.id;
      payment.updated_at = nowIso;
    }

    const settled = ['succeeded', 'refunded', 'refund_pending'].includes(payment.status);
    switch (provided.status) {
      case 'requires_action':
        if (payment.status === 'processing') await move('requires_action');
        return done();
      case 'processing':
        if (payment.status === 'processing' || payment.status === 'requires_action') {
          await move('pending');
        }
        return done();
      case 'failed':
        if (!settled && payment.status !== 'failed') {
          await move('failed', provided.failureReason ?? 'declined');
        }
        return done();
      case 'refunded':
        if (payment.status !== 'refunded') {
          await move('refunded');
          if (payment.status === 'succeeded') {
            this.#options.log.warn(
              { pnr: booking.pnr, paymentId: payment.id },
              'the provider reports a refund of the payment that paid this booking',
            );
          }
        }
        return done();
      case 'succeeded':
        if (settled) return done();
        return this.#succeeded(trx, payment, booking, move, done, now, retake);
    }
  }

  async #succeeded(
    trx: Kysely<Database>,
    payment: PaymentRow,
    booking: BookingRow,
    move: (status: string, failureCode?: string | null) => Promise<void>,
    done: (wroteOutbox?: boolean) => Promise<Convergence & { wroteOutbox: boolean }>,
    now: Date,
    retake: boolean,
  ) {
    const nowIso = now.toISOString();
    const pay = async (from: 'not_paid') => {
      await move('succeeded', null);
      const moved = await moveBooking(trx, booking.id, from, {
        status: 'paid',
        payment_method: payment.method,
        paid_at: nowIso,
        hold_expires_at: null,
        updated_at: nowIso,
      });
      if (!moved) throw new RetryConvergence();
      await this.#options.seats.markSeatsSold(trx, booking.id, now);
      await enqueue(
        trx,
        'booking.paid',
        { bookingId: booking.id, pnr: booking.pnr, method: payment.method },
        now,
      );
      return done(true);
    };
    const refund = async (reason: string) => {
      await move('refund_pending', reason);
      await enqueue(trx, 'payment.refund', { paymentId: payment.id, reason }, now);
      this.#options.log.warn(
        { pnr: booking.pnr, paymentId: payment.id, bookingStatus: booking.status, reason },
        'a payment succeeded that the booking cannot keep: it is refunded',
      );
      return done(true);
    };

    if (booking.status === 'not_paid') return pay('not_paid');
    if (booking.status === 'expired') {
      // The hold ended before the money arrived: the seats are taken again if they are free
      // (the booking is `not_paid` again with a new hold), else the whole attempt rolls back and
      // the payment is refunded.
      if (!retake) return refund('seats_unavailable');
      if (!(await this.#options.seats.retakeSeats(trx, booking.id, now))) throw new SeatsGone();
      return pay('not_paid');
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
      return 'failure';
    }
    if (provided.reference !== pnr) {
      this.#options.log.warn(
        { pnr, providerPayment: provided.id, reference: provided.reference },
        'a payment return names a payment of another booking: refused',
      );
      return 'failure';
    }
    let convergence: Convergence;
    try {
      convergence = await this.converge(provided);
    } catch (error) {
      if (error instanceof PaymentMismatchError || error instanceof UnknownPaymentError) {
        return 'failure';
      }
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

  /**
   * Settles attempts left open for longer than {@link RECONCILE_AFTER_MS}: asks the provider
   * and converges. An attempt the provider never answered (no provider id) is marked failed
   * (`no_answer`), which frees the booking; a webhook or a retry with the same key still
   * converges it if the provider did take it. Answered idempotency keys older than 24 hours are
   * forgotten. Answers how many attempts it looked at.
   */
  async reconcile(): Promise<number> {
    const now = this.#options.now().getTime();
    await pruneIdempotencyKeys(this.#db, new Date(now - IDEMPOTENCY_KEY_RETENTION_MS));
    const before = new Date(now - RECONCILE_AFTER_MS).toISOString();
    const stale = await staleOpenPayments(this.#db, before, 100);
    for (const payment of stale) {
      try {
        if (payment.provider_ref === null) {
          await updatePayment(this.#db, payment.id, payment.status, {
            status: 'failed',
            failure_code: 'no_answer',
            updated_at: this.#nowIso(),
          });
          continue;
        }
        await this.converge(await this.#options.provider.retrieve(payment.provider_ref));
      } catch (error) {
        this.#options.log.warn(
          { paymentId: payment.id, err: error },
          'could not reconcile a payment with the provider',
        );
      }
    }
    return stale.length;
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
    await updatePayment(this.#db, payment.id, 'refund_pending', {
      status: 'refunded',
      updated_at: this.#nowIso(),
    });
    const booking = await this.#bookingOf(payment.booking_id);
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
