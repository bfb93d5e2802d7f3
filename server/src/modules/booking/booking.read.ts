import type { Kysely } from 'kysely';
import type {
  BookingDetail,
  BookingSegmentSchema,
  PaymentOption,
} from '@uniquair/contract/booking';
import type { BookingExtraDataResponse } from '@uniquair/contract/booking-extra-data';
import {
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentProviderFlags,
} from '@uniquair/domain/config/payment-providers';
import { BookingStatusSchema } from '@uniquair/contract/booking-list';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { fareRulesOf, fareTermsOf } from '@uniquair/domain/pricing/fare-rules';
import type { BookingHolds } from './booking.holds.ts';
import { feedbackOf } from './booking.manage-repository.ts';
import { scheduleChangesOf } from './booking.schedule-changes.ts';
import {
  bookingById,
  bookingByPnr,
  bookingParts,
  deviceHasAccess,
  type BookingRow,
} from './booking.repository.ts';

type BookingSegment = z.infer<typeof BookingSegmentSchema>;
type BookingExtraRow = Awaited<ReturnType<typeof bookingParts>>['extras'][number];

/** How each payment method is paid on the pay page. */
export const PAYMENT_KIND: Readonly<Record<PaymentProvider, PaymentOption['kind']>> = {
  CREDIT_CARD: 'card',
  REVOLUT_CREDIT_CARD: 'card',
  PAYPAL: 'redirect',
  TRUSTLY: 'redirect',
  SILK_PAY: 'redirect',
  SILK_PAY_UNION_PAY: 'redirect',
  DIRECT_TO_AIRLINE: 'offline',
};

/** The refund of a cancelled booking, as the detail shows it (`booking.cancellation.ts`). */
type RefundOf = (db: Kysely<Database>, bookingId: number) => Promise<BookingDetail['refund']>;
type FlightChangesOf = (
  db: Kysely<Database>,
  bookingId: number,
) => Promise<BookingDetail['flightChanges']>;

/** Who is asking: a signed-in user and/or the device booking tokens the browser sent. */
export interface Viewer {
  userId: number | null;
  deviceTokens: readonly string[];
}

/** The payment state a traveller sees of one stored payment attempt. */
function paymentState(status: string): BookingDetail['payments'][number]['state'] {
  switch (status) {
    case 'requires_action':
    case 'succeeded':
    case 'failed':
    case 'refunded':
      return status;
    case 'processing':
    case 'pending':
      return 'pending';
    default:
      return 'none';
  }
}

/** An extra bought, as the traveller reads it. */
function extraOf(extra: BookingExtraRow) {
  return {
    destinationIndex: extra.destination_index,
    passengerIndex: extra.passenger_index,
    code: extra.code as 'checked_bag',
    quantity: extra.quantity,
    price: Number(extra.price_minor),
  };
}

function notFound(): ServiceError {
  return new ServiceError('NOT_FOUND', 'No such booking', { 'params.pnr': ['No such booking'] });
}

/**
 * Reading a booking (SPEC §7; DESIGN §6): its owner or a device with one of its tokens only,
 * everyone else 404 as for an unknown PNR; its detail, extras and fare conditions, and how it can
 * be paid.
 */
export class BookingReads {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #holds: BookingHolds;
  readonly #paymentProviders: PaymentProviderFlags;
  readonly #refundOf: RefundOf;
  readonly #flightChangesOf: FlightChangesOf;

  constructor(options: {
    db: Kysely<Database>;
    now: () => Date;
    holds: BookingHolds;
    paymentProviders: PaymentProviderFlags;
    refundOf: RefundOf;
    flightChangesOf: FlightChangesOf;
  }) {
    this.#db = options.db;
    this.#refundOf = options.refundOf;
    this.#flightChangesOf = options.flightChangesOf;
    this.#now = options.now;
    this.#holds = options.holds;
    this.#paymentProviders = options.paymentProviders;
  }

  /**
   * The booking with this PNR when the viewer may see it: its owner, or a device presenting one
   * of its device tokens. Anyone else gets NOT_FOUND, exactly as for a PNR that does not exist.
   * An unpaid booking whose hold is over is expired here (seats given back) before it is shown.
   */
  async open(pnr: string, viewer: Viewer): Promise<BookingRow> {
    const row = await bookingByPnr(this.#db, pnr);
    const allowed =
      row !== undefined &&
      ((viewer.userId !== null && row.owner_user_id === viewer.userId) ||
        (await deviceHasAccess(
          this.#db,
          row,
          viewer.deviceTokens.map((token) => secretHash(token)),
        )));
    if (!allowed) throw notFound();
    const now = this.#now().toISOString();
    if (row.status === 'not_paid' && row.hold_expires_at !== null && row.hold_expires_at <= now) {
      await this.#holds.expire(row.id, now);
      return (await bookingById(this.#db, row.id)) ?? row;
    }
    return row;
  }

  /** `GET /api/booking/{pnr}/get`. */
  async detail(pnr: string, viewer: Viewer): Promise<BookingDetail> {
    const row = await this.open(pnr, viewer);
    const [parts, feedback] = await Promise.all([
      bookingParts(this.#db, row.id),
      feedbackOf(this.#db, row.id),
    ]);
    const now = this.#now().toISOString();
    return {
      pnr: row.pnr,
      status: BookingStatusSchema.parse(row.status),
      createdAt: row.created_at,
      holdExpiresAt: row.hold_expires_at,
      locale: row.locale,
      booker: {
        firstName: row.booker_first_name,
        lastName: row.booker_last_name,
        email: row.booker_email,
        phoneCode: row.booker_phone_code ?? '',
        phone: row.booker_phone ?? '',
      },
      passengers: parts.passengers.map((passenger, index) => ({
        index,
        typeId: passenger.passenger_type_id as 1 | 2 | 3,
        titleId: passenger.title_id ?? 0,
        firstName: passenger.first_name,
        lastName: passenger.last_name,
        birthDate: passenger.birth_date ?? '',
        nationality: passenger.nationality ?? '',
        documentTypeId: (passenger.document_type_id ?? 1) as 1 | 2,
        documentNumber: passenger.document_number ?? '',
        documentExpiry: passenger.document_expiry ?? '',
      })),
      flights: parts.flights.map((flight) => ({
        index: flight.position,
        date: flight.date,
        from: flight.from_airport,
        to: flight.to_airport,
        fareClass: flight.fare_letter,
        cabin: flight.cabin,
        segments: JSON.parse(flight.segments) as BookingSegment[],
        farePrice: Number(flight.fare_price_minor),
        changeable: fareRulesOf(flight.fare_letter).changeable && flight.route_id !== null,
      })),
      extras: parts.extras.map(extraOf),
      baseTotal: { amount: Number(row.base_total_minor), currency: row.base_currency },
      chargeTotal: { amount: Number(row.total_minor), currency: row.currency },
      payments: parts.payments.map((payment) => ({
        method: payment.method as PaymentProvider,
        state: paymentState(payment.status),
        cardBrand: payment.card_brand,
        cardLast4: payment.card_last4,
        amount: Number(payment.amount_minor),
        currency: payment.currency,
        updatedAt: payment.updated_at,
      })),
      tickets: parts.tickets.map((ticket) => ({
        flightIndex: ticket.flight_index,
        segmentIndex: ticket.segment_index,
        passengerIndex: ticket.passenger_index,
        number: ticket.number,
        issuedAt: ticket.issued_at,
      })),
      payable: this.#payable(row, now),
      feedback,
      refund: await this.#refundOf(this.#db, row.id),
      scheduleChanges: await scheduleChangesOf(this.#db, row.id),
      flightChanges: await this.#flightChangesOf(this.#db, row.id),
      invoiceNumber: row.invoice_number,
    };
  }

  #payable(row: BookingRow, now: string): boolean {
    return (
      row.status === 'not_paid' &&
      row.hold_expires_at !== null &&
      row.hold_expires_at > now &&
      this.enabledMethods().length > 0
    );
  }

  /** The payment methods enabled by configuration, in the contract's order. */
  enabledMethods(): PaymentProvider[] {
    return PAYMENT_PROVIDERS.filter((method) => this.#paymentProviders[method]);
  }

  /**
   * `GET /api/booking/{pnr}/extra-data`: what was bought on top of the fares, and per leg the
   * fare's conditions, baggage allowance and the extras it sells.
   */
  async extraData(pnr: string, viewer: Viewer): Promise<BookingExtraDataResponse> {
    const row = await this.open(pnr, viewer);
    const parts = await bookingParts(this.#db, row.id);
    return {
      success: true,
      pnr: row.pnr,
      currency: row.base_currency,
      extras: parts.extras.map(extraOf),
      legs: parts.flights.map((flight) => {
        const rules = fareRulesOf(flight.fare_letter);
        return {
          index: flight.position,
          destinationIndex: flight.destination_index,
          from: flight.from_airport,
          to: flight.to_airport,
          date: flight.date,
          fareClass: flight.fare_letter,
          cabin: flight.cabin,
          ...fareTermsOf(rules),
          extrasOffered: rules.extras.map((extra) => ({ ...extra })),
        };
      }),
    };
  }

  /**
   * `GET /api/booking/{pnr}/payment-options`: every enabled method with the amount and currency
   * it charges (the booking's charge; paying the airline shows the same amount).
   */
  async paymentOptions(pnr: string, viewer: Viewer): Promise<PaymentOption[]> {
    const row = await this.open(pnr, viewer);
    return this.enabledMethods().map((method) => ({
      method,
      amount: Number(row.total_minor),
      currency: row.currency,
      kind: PAYMENT_KIND[method],
    }));
  }
}
