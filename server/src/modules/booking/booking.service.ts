import type { Kysely } from 'kysely';
import type { BookingDetail, PaymentOption } from '@uniquair/contract/booking';
import type {
  CancelBookingRequest,
  CancellationQuoteResponse,
} from '@uniquair/contract/cancellation';
import type { BookingExtraDataResponse } from '@uniquair/contract/booking-extra-data';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import type { Database } from '../../db/database.ts';
import type { AppMetrics } from '../../lib/app-metrics.ts';
import type { LeaseOwner } from '../payments/payments.idempotency.ts';
import { BookingCalendars, type RefreshPriceCalendars } from './booking.calendars.ts';
import { BookingCancellations } from './booking.cancellation.ts';
import type { StoredAnswer } from '../../lib/stored-answer.ts';
import type { CreateBookingInput } from './booking.create-checks.ts';
import {
  BookingCreation,
  type BookingCreationOptions,
  type CreateContext,
} from './booking.create.ts';
import { BookingHandOffs, type LinkPurpose } from './booking.hand-off.ts';
import { BookingHolds } from './booking.holds.ts';
import type { InvoiceSeller } from './booking.invoice-pdf.ts';
import { assignInvoiceNumber } from './booking.invoice-repository.ts';
import { BookingInvoices, type PdfFile } from './booking.invoices.ts';
import { BookingReads, type Viewer } from './booking.read.ts';
import {
  bookingById,
  bookingByPnr,
  bookingParts,
  issueBookingLinkToken,
  type BookingRow,
} from './booking.repository.ts';
import { FlightChanges } from './booking.flight-changes.ts';
import { ScheduleChanges } from './booking.schedule-changes.ts';

export interface BookingServiceOptions extends Omit<BookingCreationOptions, 'calendars'> {
  paymentProviders: PaymentProviderFlags;
  /** After seats changed: the fares module re-prices those flights and rebuilds the calendars. */
  refreshPriceCalendars: RefreshPriceCalendars;
  /** This server process (it owns the cancel requests' idempotency keys). */
  instance: LeaseOwner;
  /** Called after a commit that wrote outbox entries. */
  afterOutboxWrite: () => void;
  /** Who issues the invoices. */
  invoiceSeller: InvoiceSeller;
  /** Counts the bookings created and expired. */
  metrics: Pick<AppMetrics, 'bookingCreated' | 'bookingExpired'>;
}

/**
 * Bookings (SPEC §2, §3, §7; DESIGN §6), by role: creating one with seats held all or nothing
 * (`booking.create.ts`), reading it with access (`booking.read.ts`), the e-mailed hand-offs
 * (`booking.hand-off.ts`) and the hold life cycle (`booking.holds.ts`). Price and charge are always
 * computed here; client amounts are never used. Other modules reach it as `app.bookings`.
 */
export class BookingService {
  readonly #calendars: BookingCalendars;
  readonly #holds: BookingHolds;
  readonly #creation: BookingCreation;
  readonly #reads: BookingReads;
  readonly #handOffs: BookingHandOffs;
  readonly #cancellations: BookingCancellations;
  /** Schedule changes: operators retime or cancel flights, travellers answer. */
  readonly scheduleChanges: ScheduleChanges;
  /** Voluntary flight changes: travellers move a leg, paying what the fare rules say. */
  readonly flightChanges: FlightChanges;
  readonly #invoices: BookingInvoices;
  readonly #db: Kysely<Database>;

  constructor(options: BookingServiceOptions) {
    this.#db = options.db;
    this.#calendars = new BookingCalendars(options.refreshPriceCalendars, options.log);
    this.#holds = new BookingHolds(options.db, options.now, this.#calendars, options.metrics);
    this.#creation = new BookingCreation({ ...options, calendars: this.#calendars });
    this.flightChanges = new FlightChanges({
      ...options,
      seatsChanged: (db, fareClassIds) => this.#calendars.refreshFareClasses(db, fareClassIds),
    });
    this.#cancellations = new BookingCancellations({
      ...options,
      calendars: this.#calendars,
      releaseChanges: (trx, bookingId, now) =>
        this.flightChanges.releaseOfBooking(trx, bookingId, now),
    });
    this.#reads = new BookingReads({
      ...options,
      holds: this.#holds,
      refundOf: (db, bookingId) => this.#cancellations.refundView(db, bookingId),
      flightChangesOf: (db, bookingId) => this.flightChanges.views(db, bookingId),
    });
    this.#handOffs = new BookingHandOffs(options);
    this.scheduleChanges = new ScheduleChanges({
      db: options.db,
      now: options.now,
      seatsChanged: (routeIds, dates) => this.#calendars.refresh(routeIds, dates),
      outboxWritten: options.afterOutboxWrite,
      inventory: options.search,
    });
    this.#invoices = new BookingInvoices({
      db: options.db,
      reads: this.#reads,
      seller: options.invoiceSeller,
    });
  }

  /** `POST /api/booking/create`: seats held, price computed here. */
  create(
    input: CreateBookingInput,
    context: CreateContext,
  ): Promise<{ pnr: string; deviceToken: string; holdExpiresAt: string }> {
    return this.#creation.create(input, context);
  }

  /** The booking when the viewer may see it, else NOT_FOUND (as for an unknown PNR). */
  open(pnr: string, viewer: Viewer): Promise<BookingRow> {
    return this.#reads.open(pnr, viewer);
  }

  /** `GET /api/booking/{pnr}/get`. */
  detail(pnr: string, viewer: Viewer): Promise<BookingDetail> {
    return this.#reads.detail(pnr, viewer);
  }

  /** `GET /api/booking/{pnr}/extra-data`. */
  extraData(pnr: string, viewer: Viewer): Promise<BookingExtraDataResponse> {
    return this.#reads.extraData(pnr, viewer);
  }

  /** `GET /api/booking/{pnr}/payment-options`. */
  paymentOptions(pnr: string, viewer: Viewer): Promise<PaymentOption[]> {
    return this.#reads.paymentOptions(pnr, viewer);
  }

  /** `GET /api/booking/{pnr}/cancellation-quote`: what cancelling gives back now. */
  async cancellationQuote(pnr: string, viewer: Viewer): Promise<CancellationQuoteResponse> {
    return this.#cancellations.quote(await this.open(pnr, viewer));
  }

  /** `POST /api/booking/{pnr}/cancel` for a booking the caller may read (opened by the route). */
  cancel(booking: BookingRow, key: string, request: CancelBookingRequest): Promise<StoredAnswer> {
    return this.#cancellations.cancel(booking, key, request);
  }

  /** Uses an e-mailed link: a new device token for this browser, and where to go next. */
  handOff(
    pnr: string,
    token: string,
    purpose: LinkPurpose,
  ): Promise<{ pnr: string; deviceToken: string; next: string }> {
    return this.#handOffs.handOff(pnr, token, purpose);
  }

  /** E-mails the booker a new link to the booking (never to anyone else). */
  sendNewLink(pnr: string): Promise<void> {
    return this.#handOffs.sendNewLink(pnr);
  }

  /** A link token for a booking's e-mail, in the caller's transaction (tickets). */
  readonly issueLinkToken = issueBookingLinkToken;

  /** Locks a voluntary change that can be paid now (payments), or throws why it cannot. */
  lockPayableChange(db: Kysely<Database>, changeId: number, now: Date): Promise<void> {
    return this.flightChanges.lockPayable(db, changeId, now);
  }

  /** Applies a voluntary change whose payment succeeded (payments); false: refund it. */
  async applyChange(db: Kysely<Database>, changeId: number, now: Date): Promise<boolean> {
    const moved = await this.flightChanges.apply(db, changeId, now);
    if (moved === null) return false;
    await this.#calendars.refreshFareClasses(db, moved);
    return true;
  }

  /** What the support desk shows of a booking beside a ticket about it, or null when it is gone. */
  async supportSummary(bookingId: number) {
    const row = await bookingById(this.#db, bookingId);
    if (row === undefined) return null;
    return {
      pnr: row.pnr,
      status: row.status,
      origin: row.origin_airport,
      destination: row.destination_airport,
      departureDate: row.departure_date,
      returnDate: row.return_date,
    };
  }

  /**
   * The booking of `pnr` when `lastName` is the surname of its booker or of one of its passengers
   * (letter case and accents aside), else null: a visitor's support request about a booking.
   */
  async bookingOfSurname(
    pnr: string,
    lastName: string,
  ): Promise<{ id: number; pnr: string } | null> {
    const row = await bookingByPnr(this.#db, pnr);
    if (row === undefined) return null;
    const { passengers } = await bookingParts(this.#db, row.id);
    const wanted = comparableName(lastName);
    const names = [row.booker_last_name, ...passengers.map((passenger) => passenger.last_name)];
    return names.some((name) => comparableName(name) === wanted)
      ? { id: Number(row.id), pnr: row.pnr }
      : null;
  }

  /** The hold sweeper's round: expires unpaid bookings whose hold ended. */
  expireOverdueHolds(now?: Date): Promise<number> {
    return this.#holds.expireOverdue(now);
  }

  /** Re-takes the seats of an expired booking for a late payment (payments). */
  retakeSeats(bookingId: number, db?: Kysely<Database>): Promise<boolean> {
    return this.#holds.retakeSeats(bookingId, db);
  }

  /** A paid booking's held seats become sold, in the payment's transaction (payments). */
  markSeatsSold(db: Kysely<Database>, bookingId: number, now: Date): Promise<void> {
    return this.#holds.markSeatsSold(db, bookingId, now);
  }

  /** `GET /api/booking/{pnr}/invoice`: the invoice PDF of a paid booking. */
  invoice(pnr: string, viewer: Viewer): Promise<PdfFile> {
    return this.#invoices.invoice(pnr, viewer);
  }

  /** `GET /api/booking/{pnr}/cancellation-invoice`: the credit note of a cancellation's refund. */
  creditNote(pnr: string, viewer: Viewer): Promise<PdfFile> {
    return this.#invoices.creditNote(pnr, viewer);
  }

  /** The invoice PDF of a booking, or null before it is paid (the confirmation e-mail). */
  invoiceOf(db: Kysely<Database>, bookingId: number): Promise<PdfFile | null> {
    return this.#invoices.invoiceOf(db, bookingId);
  }

  /** A booking that became paid gets its invoice number, in the payment's transaction. */
  assignInvoiceNumber(db: Kysely<Database>, bookingId: number, now: Date): Promise<string> {
    return assignInvoiceNumber(db, bookingId, now);
  }

  /** Resolves when the calendar refreshes asked for so far are done (tests, shutdown). */
  calendarsSettled(): Promise<void> {
    return this.#calendars.settled();
  }
}

/** A surname as compared: no accents, no letter case, single spaces. */
function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}
