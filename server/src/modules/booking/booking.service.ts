import type { Kysely } from 'kysely';
import type { BookingDetail, PaymentOption } from '@uniquair/contract/booking';
import type { BookingExtraDataResponse } from '@uniquair/contract/booking-extra-data';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import type { Database } from '../../db/database.ts';
import { BookingCalendars, type RefreshPriceCalendars } from './booking.calendars.ts';
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
import { issueBookingLinkToken, type BookingRow } from './booking.repository.ts';

export interface BookingServiceOptions extends Omit<BookingCreationOptions, 'calendars'> {
  paymentProviders: PaymentProviderFlags;
  /** The pricing module's calendar rebuild, after seats changed. */
  refreshPriceCalendars: RefreshPriceCalendars;
  /** Who issues the invoices. */
  invoiceSeller: InvoiceSeller;
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
  readonly #invoices: BookingInvoices;

  constructor(options: BookingServiceOptions) {
    this.#calendars = new BookingCalendars(options.refreshPriceCalendars, options.log);
    this.#holds = new BookingHolds(options.db, options.now, this.#calendars);
    this.#creation = new BookingCreation({ ...options, calendars: this.#calendars });
    this.#reads = new BookingReads({ ...options, holds: this.#holds });
    this.#handOffs = new BookingHandOffs(options.db, options.now);
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

  /** Uses an e-mailed link: a new device token for this browser, and where to go next. */
  handOff(
    pnr: string,
    token: string,
    purpose: LinkPurpose,
  ): Promise<{ pnr: string; deviceToken: string; next: string }> {
    return this.#handOffs.handOff(pnr, token, purpose);
  }

  /** A link token for a booking's e-mail, in the caller's transaction (tickets). */
  readonly issueLinkToken = issueBookingLinkToken;

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
