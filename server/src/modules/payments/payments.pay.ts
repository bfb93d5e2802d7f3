import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PayRequest, PayResponse } from '@uniquair/contract/booking';
import { BookingStatusSchema } from '@uniquair/contract/booking-list';
import type { ErrorCode } from '@uniquair/contract/error-body';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import type { PaymentCrash, PaymentCrashPoint } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { errorBody } from '../../lib/error-body.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import {
  PAID_STATUSES,
  type ConvergeOptions,
  type PaymentConvergence,
} from './payments.converge.ts';
import {
  claimIdempotencyKeyForRequest,
  completeIdempotencyKey,
  fingerprintOf,
  releaseIdempotencyKey,
  type LeaseOwner,
} from './payments.idempotency.ts';
import {
  PaymentProviderRequestError,
  PaymentProviderUnavailableError,
  type DeclineReason,
  type PaymentProviderClient,
  type ProviderPayment,
} from './payments.provider.ts';
import {
  bookingById,
  hasPaymentInFlight,
  insertPayment,
  lockPayableBooking,
  moveBooking,
  paymentByAttemptKey,
  updatePayment,
  type BookingRow,
  type PaymentRow,
} from './payments.repository.ts';
import type { StoredAnswer } from '../../lib/stored-answer.ts';

export interface PayOptions extends ConvergeOptions {
  convergence: PaymentConvergence;
  /** Origin the browser comes back to from the provider's pages. */
  publicUrl: string;
  methods: PaymentProviderFlags;
  /** This server process: it owns the keys it claims and the attempts it opens. */
  instance: LeaseOwner;
  /**
   * Chaos tests only (`TEST_CRASH_AT`, refused in production): the point where payments kill this
   * process, as a crash would, once `after` of them are held there; null — always, outside those
   * tests — does nothing.
   */
  crash: PaymentCrash | null;
}

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
export const CANCELLED_TEXT = 'This booking has been cancelled';

/**
 * What an attempt pays: the booking itself (its charge total, while it is unpaid and held), or
 * one of its voluntary changes (the change's amount, while its new seats are held).
 */
export type PayTarget =
  { kind: 'booking' } | { kind: 'change'; changeId: number; amount: number; currency: string };

const BOOKING_TARGET: PayTarget = { kind: 'booking' };

/** Error codes whose answer is final for an idempotency key (stored and replayed). */
const FINAL_ERRORS = new Set<ErrorCode>([
  'BOOKING_ALREADY_PAID',
  'BOOKING_EXPIRED',
  'BOOKING_ALREADY_CANCELLED',
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'CARD_LIMIT_EXCEEDED',
  'NOT_AUTHORIZED_BY_BANK',
  'CHECK_CARD_DETAILS',
]);

/** Our attempt id for a pay request: the same scope and key always give the same one. */
export function attemptKeyOf(scope: string, key: string): string {
  return `att_${createHash('sha256').update(`${scope}\n${key}`).digest('hex').slice(0, 40)}`;
}

function inProgress(): ServiceError {
  return new ServiceError('PAYMENT_IN_PROGRESS', 'Payment in progress', {
    _: ['A payment for this booking is in progress'],
  });
}

function declined(reason: DeclineReason): ServiceError {
  const [code, text] = DECLINES[reason] ?? DECLINES.declined;
  return new ServiceError(code, text, { _: [text] });
}

/**
 * Starting a payment (`POST /api/booking/{pnr}/pay`; reference C1–C10): the idempotency key, one
 * attempt in flight per booking, the provider called outside any transaction, its answer handed
 * to the convergence. The booking row is the one the route opened for the caller; it is not read
 * again here except where a transaction must guard a race (the lock of a payable booking).
 */
export class PayStep {
  readonly #options: PayOptions;

  constructor(options: PayOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  /**
   * Pays a booking the caller may read. Answers the stored answer for a key seen before; throws
   * ServiceError for answers that are not final for the key.
   */
  async pay(
    booking: BookingRow,
    key: string,
    request: PayRequest,
    change?: () => Promise<PayTarget>,
  ): Promise<StoredAnswer> {
    // A change's payment has keys of its own; what it pays is looked up once the key is claimed,
    // so a retry after the change was applied still gets its first answer.
    const scope = change === undefined ? `pay:${booking.pnr}` : `pay:${booking.pnr}:change`;
    const claim = await claimIdempotencyKeyForRequest(this.#db, {
      scope,
      key,
      fingerprint: fingerprintOf(request),
      now: this.#options.now(),
      owner: this.#options.instance,
    });
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body };
    try {
      const target = change === undefined ? BOOKING_TARGET : await change();
      const response = await this.#payClaimed(booking, attemptKeyOf(scope, key), request, target);
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
    booking: BookingRow,
    attemptKey: string,
    request: PayRequest,
    target: PayTarget,
  ): Promise<PayResponse> {
    // A change is paid to us: the airline is paid only for whole bookings.
    const airlineForChange = request.method === 'DIRECT_TO_AIRLINE' && target.kind === 'change';
    if (!this.#options.methods[request.method] || airlineForChange) {
      throw new ServiceError('PAYMENT_METHOD_DISABLED', 'Payment method disabled', {
        'body.method': ['This payment method is not available'],
      });
    }
    if (request.method === 'DIRECT_TO_AIRLINE') return this.#payAtAirline(booking, attemptKey);

    const known = await paymentByAttemptKey(this.#db, attemptKey);
    const providerRef = known?.provider_ref ?? null;
    let provided: ProviderPayment;
    if (providerRef !== null) {
      // A retry of an attempt the provider knows: its state there is the answer.
      provided = await this.#provider((provider) => provider.retrieve(providerRef));
    } else {
      const payment = known ?? (await this.#openAttempt(booking, attemptKey, request, target));
      if (payment.status !== 'processing') await this.#reopen(booking, payment, target);
      else if (payment.owner_instance !== this.#options.instance.id) await this.#adopt(payment);
      await this.#crashPoint('before-charge');
      try {
        // The PNR and locale never change: the row the route opened gives them.
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
        const failed = await updatePayment(this.#db, payment.id, 'processing', {
          status: 'failed',
          failure_code: 'check_details',
          updated_at: this.#options.now().toISOString(),
        });
        if (failed) this.#options.metrics.paymentOutcome('failed', payment.method);
        throw declined('check_details');
      }
      await this.#crashPoint('after-answer');
    }
    const after = await this.#options.convergence.converge(provided);
    return answerOf(after.payment, after.booking, provided);
  }

  /** The attempt's row, written before the provider is called (one attempt in flight at a time). */
  async #openAttempt(
    booking: BookingRow,
    attemptKey: string,
    request: PayRequest,
    target: PayTarget,
  ): Promise<PaymentRow> {
    const now = this.#options.now();
    const card = 'card' in request ? request.card : null;
    const change = target.kind === 'change' ? target : null;
    return this.#inPayableBooking(booking, attemptKey, now, target, (trx) =>
      insertPayment(trx, {
        booking_id: booking.id,
        change_id: change?.changeId ?? null,
        method: request.method,
        attempt_key: attemptKey,
        provider_ref: null,
        amount_minor: change?.amount ?? booking.total_minor,
        currency: change?.currency ?? booking.currency,
        status: 'processing',
        failure_code: null,
        card_brand: card?.brand ?? null,
        card_last4: card?.last4 ?? null,
        card_exp_month: card?.expMonth ?? null,
        card_exp_year: card?.expYear ?? null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        owner_instance: this.#options.instance.id,
      }),
    );
  }

  /**
   * A retry resuming an attempt opened by a request that stopped (its process gone, or its lease
   * over): this process owns the attempt now, so the reconciler leaves it to this request.
   */
  async #adopt(payment: PaymentRow): Promise<void> {
    await updatePayment(this.#db, payment.id, 'processing', {
      owner_instance: this.#options.instance.id,
      updated_at: this.#options.now().toISOString(),
    });
  }

  /**
   * An attempt the provider never created (set failed `not_charged` by the reconciler, on the
   * provider's word) is retried with the same key: open again, provided the booking is still
   * payable.
   */
  async #reopen(booking: BookingRow, payment: PaymentRow, target: PayTarget): Promise<void> {
    const now = this.#options.now();
    await this.#inPayableBooking(booking, payment.attempt_key, now, target, (trx) =>
      updatePayment(trx, payment.id, payment.status, {
        status: 'processing',
        failure_code: null,
        updated_at: now.toISOString(),
        owner_instance: this.#options.instance.id,
      }),
    );
  }

  /** DIRECT_TO_AIRLINE: confirmed now, tickets issued, payment due to the airline. */
  async #payAtAirline(booking: BookingRow, attemptKey: string): Promise<PayResponse> {
    const now = this.#options.now();
    const nowIso = now.toISOString();
    await this.#inPayableBooking(booking, attemptKey, now, BOOKING_TARGET, async (trx) => {
      await insertPayment(trx, {
        booking_id: booking.id,
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
      await moveBooking(trx, booking.id, 'not_paid', {
        status: 'pay_at_airline',
        payment_method: 'DIRECT_TO_AIRLINE',
        hold_expires_at: null,
        updated_at: nowIso,
      });
      await this.#options.seats.markSeatsSold(trx, booking.id, now);
      await enqueue(trx, 'booking.confirmed', { bookingId: booking.id, pnr: booking.pnr }, now);
    });
    this.#options.afterOutboxWrite();
    this.#options.metrics.paymentOutcome('pay_at_airline', 'DIRECT_TO_AIRLINE');
    return { success: true, outcome: 'pay_at_airline', status: 'pay_at_airline' };
  }

  /**
   * Runs `work` in a transaction that holds the booking (or the change) while it can be paid and
   * no other attempt of the booking is in flight; throws why it cannot be paid otherwise.
   */
  async #inPayableBooking<T>(
    booking: BookingRow,
    attemptKey: string,
    now: Date,
    target: PayTarget,
    work: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    return this.#db.transaction().execute(async (trx) => {
      if (target.kind === 'change') {
        await this.#options.seats.lockPayableChange(trx, target.changeId, now);
      } else {
        await this.#lockPayable(trx, booking.id, now);
      }
      if (await hasPaymentInFlight(trx, booking.id, attemptKey)) throw inProgress();
      return work(trx);
    });
  }

  /**
   * Locks a booking that can be paid now (status `not_paid`, hold running), or throws why it
   * cannot. The lock is also the check, in one conditional update inside the caller's
   * transaction: the row the request started with may be stale (another tab paid, the hold
   * ended), so the status is decided by the database under the lock. Only when the lock fails is
   * the row read again, to tell a paid booking from an expired one.
   */
  async #lockPayable(trx: Kysely<Database>, bookingId: number, now: Date): Promise<void> {
    if (await lockPayableBooking(trx, bookingId, now.toISOString())) return;
    const current = await bookingById(trx, bookingId);
    if (current !== undefined && PAID_STATUSES.has(current.status)) {
      throw new ServiceError('BOOKING_ALREADY_PAID', ALREADY_PAID_TEXT, { _: [ALREADY_PAID_TEXT] });
    }
    if (current?.status === 'cancelled') {
      throw new ServiceError('BOOKING_ALREADY_CANCELLED', CANCELLED_TEXT, { _: [CANCELLED_TEXT] });
    }
    throw new ServiceError('BOOKING_EXPIRED', EXPIRED_TEXT, { _: [EXPIRED_TEXT] });
  }

  #crashArrivals = 0;

  /**
   * The chaos tests' crash (docs/payments-flow.md "Crash points"): a payment reaching the point
   * named by TEST_CRASH_AT waits there; when TEST_CRASH_AFTER have arrived, the process kills
   * itself, so each of them stops exactly at the point. Outside those tests it returns at once.
   */
  async #crashPoint(point: PaymentCrashPoint): Promise<void> {
    const crash = this.#options.crash;
    if (crash === null || crash.at !== point) return;
    this.#crashArrivals += 1;
    if (this.#crashArrivals >= crash.after) process.kill(process.pid, 'SIGKILL');
    await new Promise<never>(() => undefined);
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
}

/** The answer of `pay` for an attempt as the convergence left it. */
function answerOf(
  payment: PaymentRow,
  booking: BookingRow,
  provided: ProviderPayment,
): PayResponse {
  const status = BookingStatusSchema.parse(booking.status);
  if (payment.status === 'succeeded') {
    return { success: true, outcome: 'paid', status };
  }
  if (payment.status === 'requires_action' && provided.redirectUrl !== null) {
    return {
      success: true,
      outcome: 'redirect',
      redirectUrl: provided.redirectUrl,
      ...(provided.action === 'three_d_secure' ? { code: 'DPO_SECURE_PAYMENT' as const } : {}),
      status,
    };
  }
  if (payment.status === 'pending' || payment.status === 'processing') {
    return { success: true, outcome: 'pending', status };
  }
  if (payment.status === 'failed') {
    throw declined((payment.failure_code ?? 'declined') as DeclineReason);
  }
  // The provider took the money but the booking cannot keep it: refunded.
  if (payment.change_id !== null) {
    throw new ServiceError('CHANGE_SOLD_OUT', 'change.error.goneRefunded', {
      _: ['change.error.goneRefunded'],
    });
  }
  if (PAID_STATUSES.has(booking.status)) {
    throw new ServiceError('BOOKING_ALREADY_PAID', ALREADY_PAID_TEXT, { _: [ALREADY_PAID_TEXT] });
  }
  throw new ServiceError('FLIGHT_UNAVAILABLE', 'A flight is no longer available', {
    _: ['A flight is no longer available'],
  });
}
