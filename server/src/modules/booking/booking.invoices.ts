import type { CancellationLine } from '@uniquair/contract/cancellation';
import { apportion } from '@uniquair/domain/pricing/apportion';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { formatDate } from '../../lib/intl-format.ts';
import { mailFormatter } from '../../lib/mail-layout.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { cancellationOfBooking } from './booking.cancel-repository.ts';
import {
  creditNoteFileName,
  invoiceFileName,
  renderCreditNote,
  renderInvoice,
  type InvoiceLine,
  type InvoiceSeller,
} from './booking.invoice-pdf.ts';
import type { BookingReads, Viewer } from './booking.read.ts';
import { bookingById, bookingParts, type BookingRow } from './booking.repository.ts';

/** A PDF file: its name and bytes. */
export interface PdfFile {
  fileName: string;
  content: Buffer;
}

const INFANT = 3;
const PASSENGER_TYPES = ['', 'adult', 'child', 'infant'] as const;

/**
 * A booking's lines, priced in the base currency, in the charge currency whose total was
 * converted once: each its share of the total, adding up to it (domain `apportion`).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  return apportion(weights, total);
}

interface BookingContent {
  row: BookingRow;
  parts: Awaited<ReturnType<typeof bookingParts>>;
}

type Format = Awaited<ReturnType<typeof mailFormatter>>['format'];

/** "Flight LHR–CDG, 12 Dec 2026, fare class Y: Ada Lovelace (Adult)". */
function fareLine(
  { parts }: BookingContent,
  flightIndex: number,
  passengerIndex: number,
  { format, locale }: { format: Format; locale: string },
): string {
  const flight = parts.flights[flightIndex];
  const passenger = parts.passengers[passengerIndex];
  const type = PASSENGER_TYPES[passenger?.passenger_type_id ?? 1] ?? 'adult';
  return format('invoice.pdf.lineFare', {
    from: flight?.from_airport ?? '',
    to: flight?.to_airport ?? '',
    date: flight === undefined ? '' : formatDate(flight.date, locale),
    fareClass: flight?.fare_letter ?? '',
    name: passenger === undefined ? '' : `${passenger.first_name} ${passenger.last_name}`,
    type: format(`passengerType.${type}`),
  });
}

/** The lines of a booking's invoice: each passenger on each flight, then the extras. */
async function invoiceLines(content: BookingContent, locale: string): Promise<InvoiceLine[]> {
  const { row, parts } = content;
  const { locale: resolved, format } = await mailFormatter(locale, {});
  const lines: { description: string; base: number }[] = [];
  parts.flights.forEach((_, flightIndex) => {
    parts.passengers.forEach((passenger, passengerIndex) => {
      lines.push({
        description: fareLine(content, flightIndex, passengerIndex, { format, locale: resolved }),
        base:
          passenger.passenger_type_id === INFANT
            ? 0
            : Number(parts.flights[flightIndex]?.fare_price_minor),
      });
    });
  });
  for (const extra of parts.extras) {
    const flight = parts.flights.find((leg) => leg.destination_index === extra.destination_index);
    const passenger = parts.passengers[extra.passenger_index];
    lines.push({
      description: format('invoice.pdf.lineBags', {
        count: extra.quantity,
        from: flight?.from_airport ?? '',
        to: flight?.to_airport ?? '',
        name: passenger === undefined ? '' : `${passenger.first_name} ${passenger.last_name}`,
      }),
      base: Number(extra.price_minor),
    });
  }
  const amounts = allocate(
    Number(row.total_minor),
    lines.map((line) => line.base),
  );
  return lines.map((line, index) => ({
    description: line.description,
    amount: amounts[index] ?? 0,
  }));
}

/**
 * The lines of a credit note: what the cancellation gives back for each passenger on each flight
 * (the fare and its extras, less the fee), as the quote accepted at cancelling shared it out.
 */
async function creditNoteLines(
  content: BookingContent,
  lines: readonly CancellationLine[],
  locale: string,
): Promise<InvoiceLine[]> {
  const { locale: resolved, format } = await mailFormatter(locale, {});
  return lines
    .filter((line) => line.refund > 0)
    .map((line) => ({
      description: fareLine(content, line.flightIndex, line.passengerIndex, {
        format,
        locale: resolved,
      }),
      amount: line.refund,
    }));
}

function buyerOf(row: BookingRow): { name: string; email: string } {
  return { name: `${row.booker_first_name} ${row.booker_last_name}`, email: row.booker_email };
}

function notAvailable(): ServiceError {
  return new ServiceError('INVOICE_NOT_AVAILABLE', 'The booking has no invoice yet', {
    _: ['invoice.error.notAvailable'],
  });
}

function noCreditNote(): ServiceError {
  return new ServiceError('CREDIT_NOTE_NOT_AVAILABLE', 'The booking has no credit note', {
    _: ['invoice.error.noCreditNote'],
  });
}

/**
 * Invoices of paid bookings (docs/invoices.md): the number is given when the payment is applied
 * (`booking.invoice-repository.ts`); the PDF is drawn from the booking's stored rows whenever it
 * is asked for, in the booking's language, with the seller of the configuration.
 */
export class BookingInvoices {
  readonly #db: Kysely<Database>;
  readonly #reads: BookingReads;
  readonly #seller: InvoiceSeller;

  constructor(options: { db: Kysely<Database>; reads: BookingReads; seller: InvoiceSeller }) {
    this.#db = options.db;
    this.#reads = options.reads;
    this.#seller = options.seller;
  }

  /** `GET /api/booking/{pnr}/invoice`: same access as the booking; unpaid → INVOICE_NOT_AVAILABLE. */
  async invoice(pnr: string, viewer: Viewer): Promise<PdfFile> {
    const row = await this.#reads.open(pnr, viewer);
    const file = await this.#render(this.#db, row);
    if (file === null) throw notAvailable();
    return file;
  }

  /**
   * `GET /api/booking/{pnr}/cancellation-invoice`: the credit note of a cancelled invoiced
   * booking's refund; same access as the booking; none → CREDIT_NOTE_NOT_AVAILABLE.
   */
  async creditNote(pnr: string, viewer: Viewer): Promise<PdfFile> {
    const row = await this.#reads.open(pnr, viewer);
    const cancellation = await cancellationOfBooking(this.#db, row.id);
    const number = cancellation?.credit_note_number ?? null;
    if (cancellation === undefined || number === null || row.invoice_number === null) {
      throw noCreditNote();
    }
    const parts = await bookingParts(this.#db, row.id);
    const content = await renderCreditNote({
      locale: row.locale,
      seller: this.#seller,
      buyer: buyerOf(row),
      pnr: row.pnr,
      currency: cancellation.currency,
      lines: await creditNoteLines(
        { row, parts },
        JSON.parse(cancellation.lines) as CancellationLine[],
        row.locale,
      ),
      total: Number(cancellation.refund_minor),
      creditNoteNumber: number,
      creditNoteDate: cancellation.cancelled_at,
      invoiceNumber: row.invoice_number,
    });
    return { fileName: creditNoteFileName(number), content };
  }

  /** The invoice PDF of a booking by id (the confirmation e-mail), or null when it has none. */
  async invoiceOf(db: Kysely<Database>, bookingId: number): Promise<PdfFile | null> {
    const row = await bookingById(db, bookingId);
    return row === undefined ? null : this.#render(db, row);
  }

  async #render(db: Kysely<Database>, row: BookingRow): Promise<PdfFile | null> {
    if (row.invoice_number === null || row.invoiced_at === null) return null;
    const parts = await bookingParts(db, row.id);
    const paying = parts.payments.find((payment) => payment.status === 'succeeded');
    const { format } = await mailFormatter(row.locale, {});
    const content = await renderInvoice({
      locale: row.locale,
      seller: this.#seller,
      buyer: buyerOf(row),
      pnr: row.pnr,
      currency: row.currency,
      lines: await invoiceLines({ row, parts }, row.locale),
      total: Number(row.total_minor),
      invoiceNumber: row.invoice_number,
      invoiceDate: row.invoiced_at,
      bookingDate: row.created_at,
      payment:
        paying === undefined
          ? null
          : {
              method: format(`payment.method.${paying.method}`),
              cardBrand: paying.card_brand,
              cardLast4: paying.card_last4,
            },
    });
    return { fileName: invoiceFileName(row.invoice_number), content };
  }
}
