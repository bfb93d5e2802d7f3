import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BookingRefund, BookingSegmentSchema } from '@uniquair/contract/booking';
import type {
  CancelBookingRequest,
  CancelBookingResponse,
  CancellationQuoteResponse,
} from '@uniquair/contract/cancellation';
import {
  cancellationBlock,
  cancellationQuote,
  type CancellationQuote,
} from '@uniquair/domain/booking/cancellation-quote';
import { PassengerType } from '@uniquair/domain/config/reference-ids';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { fareRulesOf } from '@uniquair/domain/pricing/fare-rules';
import type { MailService } from '../mail/mail.service.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import {
  answerOncePerKey,
  fingerprintOf,
  type LeaseOwner,
} from '../payments/payments.idempotency.ts';
import type { BookingCalendars } from './booking.calendars.ts';
import { CREDIT_NOTE_SERIES, nextDocumentNumber } from './booking.invoice-repository.ts';
import {
  addRefundEvent,
  cancellationOfBooking,
  hasOpenPaymentAttempt,
  insertCancellation,
  lockBooking,
  markBookingCancelled,
  payingPayment,
  refundEvents,
} from './booking.cancel-repository.ts';
import { releaseHolds } from './booking.hold-repository.ts';
import { bookingParts, type BookingRow } from './booking.repository.ts';
import {
  closeScheduleChangesByCancellation,
  hasUnansweredScheduleChange,
} from './booking.schedule-change-views.ts';
import type { StoredAnswer } from '../../lib/stored-answer.ts';

type BookingSegment = z.infer<typeof BookingSegmentSchema>;
type Parts = Awaited<ReturnType<typeof bookingParts>>;

/** The outbox topic that sends a cancellation's refund to the payment provider. */
export const REFUND_TOPIC = 'booking.refund';

/** Statuses in which the booking's charge was paid to us (and can be refunded). */
const PAID_TO_US = new Set(['paid', 'ticketed']);

export interface CancellationOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  mail: MailService;
  calendars: BookingCalendars;
  /** This server process: it owns the idempotency keys it claims. */
  instance: LeaseOwner;
  /** Called after a commit that wrote outbox entries. */
  afterOutboxWrite: () => void;
  /** Releases a voluntary change awaiting payment, in the cancel's transaction. */
  releaseChanges: (trx: Kysely<Database>, bookingId: number, now: Date) => Promise<void>;
}

function refusal(code: ServiceError['code'], key: string): ServiceError {
  return new ServiceError(code, key, { _: [key] });
}

/** When the booking's first flight leaves (its first segment; the day's start without one). */
export function firstDepartureOf(parts: Parts): string {
  const first = parts.flights[0];
  if (first === undefined) return new Date(0).toISOString();
  const segments = JSON.parse(first.segments) as BookingSegment[];
  const utc = segments[0]?.departureUtc;
  return utc !== undefined && !Number.isNaN(Date.parse(utc)) ? utc : `${first.date}T00:00:00Z`;
}

/** The quote of a booking as stored, at `now`. */
export function quoteOf(
  row: BookingRow,
  parts: Parts,
  now: string,
  scheduleChanged: boolean,
): CancellationQuote {
  return cancellationQuote({
    flights: parts.flights.map((flight) => {
      const rules = fareRulesOf(flight.fare_letter);
      return {
        index: flight.position,
        destinationIndex: flight.destination_index,
        fareClass: flight.fare_letter,
        farePrice: Number(flight.fare_price_minor),
        refundable: rules.refundable,
        refundFee: rules.refundFee,
      };
    }),
    passengers: parts.passengers.map((passenger, index) => ({
      index,
      seated: passenger.passenger_type_id !== PassengerType.infant,
    })),
    extras: parts.extras.map((extra) => ({
      destinationIndex: extra.destination_index,
      passengerIndex: extra.passenger_index,
      price: Number(extra.price_minor),
    })),
    paid: {
      amount: PAID_TO_US.has(row.status) ? Number(row.total_minor) : 0,
      currency: row.currency,
    },
    bookedAt: row.created_at,
    firstDeparture: firstDepartureOf(parts),
    now,
    scheduleChanged,
  });
}

/** Throws why a booking cannot be cancelled now; nothing when it can. */
function assertCancellable(row: BookingRow, parts: Parts, now: string): void {
  const holdOver =
    row.status === 'not_paid' && row.hold_expires_at !== null && row.hold_expires_at <= now;
  const block = holdOver ? 'expired' : cancellationBlock(row.status, firstDepartureOf(parts), now);
  if (block === 'cancelled') {
    throw refusal('BOOKING_ALREADY_CANCELLED', 'cancellation.apiError.alreadyCancelled');
  }
  if (block === 'expired') throw refusal('BOOKING_EXPIRED', 'cancellation.apiError.expired');
  if (block === 'flown') throw refusal('BOOKING_ALREADY_FLOWN', 'cancellation.apiError.flown');
}

function money(amount: number, currency: string) {
  return { amount, currency };
}

/** Money as the booker's language writes it, for the e-mail. */
function formatMoney(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/**
 * Cancelling a booking (docs/booking.md "Cancellation and refunds"): the quote the fare rules
 * give, and the cancel itself — booking `cancelled`, its seats back, the cancellation with its
 * quote, the refund request in the outbox, the e-mail and the push, in one transaction, under an
 * `Idempotency-Key` as payments are.
 */
export class BookingCancellations {
  readonly #options: CancellationOptions;

  constructor(options: CancellationOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  /** `GET /api/booking/{pnr}/cancellation-quote` for a booking the caller may read. */
  async quote(row: BookingRow): Promise<CancellationQuoteResponse> {
    const now = this.#options.now().toISOString();
    const parts = await bookingParts(this.#db, row.id);
    assertCancellable(row, parts, now);
    const quote = quoteOf(row, parts, now, await hasUnansweredScheduleChange(this.#db, row.id));
    return {
      success: true,
      refund: money(quote.refund, quote.currency),
      fee: money(quote.fee, quote.currency),
      nonRefundable: money(quote.nonRefundable, quote.currency),
      paid: money(quote.paid, quote.currency),
      freeWindow: quote.freeWindow,
      scheduleChanged: quote.scheduleChanged,
      lines: quote.lines,
    };
  }

  /**
   * `POST /api/booking/{pnr}/cancel` for a booking the caller may read. Answers the stored answer
   * for a key seen before; throws ServiceError for answers a retry may change (nothing stored).
   */
  cancel(booking: BookingRow, key: string, request: CancelBookingRequest): Promise<StoredAnswer> {
    return answerOncePerKey(
      this.#db,
      {
        scope: `cancel:${booking.pnr}`,
        key,
        fingerprint: fingerprintOf(request),
        now: this.#options.now(),
        owner: this.#options.instance,
      },
      () => this.#cancelClaimed(booking.id, request),
    );
  }

  async #cancelClaimed(
    bookingId: number,
    request: CancelBookingRequest,
  ): Promise<CancelBookingResponse> {
    const now = this.#options.now();
    const at = now.toISOString();
    const released = await this.#db.transaction().execute(async (trx) => {
      const row = await lockBooking(trx, bookingId, at);
      if (row === undefined) throw refusal('NOT_FOUND', 'apiError.notFound');
      const parts = await bookingParts(trx, row.id);
      assertCancellable(row, parts, at);
      if (row.status === 'not_paid' && (await hasOpenPaymentAttempt(trx, row.id))) {
        throw refusal('PAYMENT_IN_PROGRESS', 'cancellation.apiError.paymentInProgress');
      }
      const quote = quoteOf(row, parts, at, await hasUnansweredScheduleChange(trx, row.id));
      const accepted = request.acceptedRefund;
      if (accepted.amount !== quote.refund || accepted.currency !== quote.currency) {
        throw new ServiceError('CANCELLATION_QUOTE_CHANGED', 'Cancellation quote changed', {
          'body.acceptedRefund': ['cancellation.apiError.quoteChanged'],
          newRefund: [String(quote.refund), quote.currency],
        });
      }
      if (!(await markBookingCancelled(trx, row.id, row.status, at))) {
        throw new Error(`booking ${row.id} moved while locked`);
      }
      const seats = [
        ...(await releaseHolds(trx, row.id, 'held', at)),
        ...(await releaseHolds(trx, row.id, 'sold', at)),
      ];
      await this.#record(trx, row, quote, now);
      await closeScheduleChangesByCancellation(trx, row.id, now);
      await this.#options.releaseChanges(trx, row.id, now);
      return seats;
    });
    await this.#options.calendars.refreshFareClasses(this.#db, released);
    this.#options.afterOutboxWrite();
    this.#options.mail.kick();
    return {
      success: true,
      status: 'cancelled',
      refund: await this.refundView(this.#db, bookingId),
    };
  }

  /** The cancellation, the refund request, the e-mail and the push, in the cancel's transaction. */
  async #record(
    trx: Kysely<Database>,
    row: BookingRow,
    quote: CancellationQuote,
    now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    const payment = quote.refund > 0 ? await payingPayment(trx, row.id) : undefined;
    if (quote.refund > 0 && payment === undefined) {
      this.#options.log.warn(
        { pnr: row.pnr, refund: quote.refund },
        'a cancelled booking has no succeeded payment to refund',
      );
    }
    const refunds = payment !== undefined;
    // An invoiced booking's refund is documented by a credit note, numbered in this transaction.
    const creditNote =
      refunds && row.invoice_number !== null
        ? await nextDocumentNumber(trx, CREDIT_NOTE_SERIES, now)
        : null;
    const cancellationId = await insertCancellation(trx, {
      booking_id: row.id,
      status_before: row.status,
      cancelled_at: at,
      currency: quote.currency,
      paid_minor: quote.paid,
      refund_minor: quote.refund,
      fee_minor: quote.fee,
      non_refundable_minor: quote.nonRefundable,
      free_window: quote.freeWindow ? 1 : 0,
      lines: JSON.stringify(quote.lines),
      refund_state: refunds ? 'requested' : null,
      refund_key: refunds ? `refund_cancel_${row.pnr}_${row.id}` : null,
      payment_id: payment?.id ?? null,
      updated_at: at,
      credit_note_number: creditNote,
    });
    if (refunds) {
      await addRefundEvent(trx, cancellationId, 'requested', at);
      await enqueue(trx, REFUND_TOPIC, { cancellationId, bookingId: row.id }, now);
    }
    await enqueue(
      trx,
      'push.booking-status',
      { pnr: row.pnr, bookingId: row.id, status: 'cancelled', ownerUserId: row.owner_user_id },
      now,
    );
    await this.#options.mail.enqueue(trx, {
      kind: 'bookingCancelled',
      to: row.booker_email,
      locale: row.locale,
      firstName: row.booker_first_name,
      values: {
        pnr: row.pnr,
        refund: formatMoney(refunds ? quote.refund : 0, quote.currency, row.locale),
        refunded: refunds ? 'yes' : 'no',
      },
    });
  }

  /** The refund of a booking's cancellation as `GET …/get` shows it, or null. */
  async refundView(db: Kysely<Database>, bookingId: number): Promise<BookingRefund | null> {
    const cancellation = await cancellationOfBooking(db, bookingId);
    if (cancellation === undefined || cancellation.refund_state === null) return null;
    const events = await refundEvents(db, cancellation.id);
    return {
      state: cancellation.refund_state as BookingRefund['state'],
      amount: Number(cancellation.refund_minor),
      currency: cancellation.currency,
      creditNoteNumber: cancellation.credit_note_number,
      timeline: events.map((event) => ({
        state: event.state as BookingRefund['state'],
        at: event.at,
      })),
    };
  }
}
