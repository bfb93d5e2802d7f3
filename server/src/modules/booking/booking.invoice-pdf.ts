import { BRAND_NAME } from '@uniquair/domain/config/app';
import { formatDate, formatMoney } from '../../lib/intl-format.ts';
import { mailFormatter } from '../../lib/mail-layout.ts';
import { renderPdf, type PdfBlock } from '../../lib/pdf-document.ts';

/** Who issues the invoices (configuration: INVOICE_SELLER_*). */
export interface InvoiceSeller {
  name: string;
  /** Postal address; lines separated by new lines or commas. */
  address: string;
  vatNumber: string;
}

/** One line of an invoice or a credit note: what, and its amount in the document's currency. */
export interface InvoiceLine {
  description: string;
  /** Minor units of the document's currency. */
  amount: number;
}

/** What the invoice and the credit note have alike. */
interface AccountingDocument {
  /** Catalogue code of the language the document is written in. */
  locale: string;
  seller: InvoiceSeller;
  buyer: { name: string; email: string };
  pnr: string;
  /** ISO 4217 code of every amount. */
  currency: string;
  lines: readonly InvoiceLine[];
  /** Minor units; the sum of the lines. */
  total: number;
}

/** A paid booking's invoice. */
export interface InvoiceDocument extends AccountingDocument {
  invoiceNumber: string;
  /** When the number was given (the payment), ISO instant. */
  invoiceDate: string;
  /** When the booking was made, ISO instant. */
  bookingDate: string;
  /** How it was paid: the method's name, and a card's brand and last four digits if known. */
  payment: { method: string; cardBrand: string | null; cardLast4: string | null } | null;
}

/**
 * A credit note (cancellation invoice): it refers to the invoice it corrects, and its lines are
 * what is refunded (positive amounts, shown as credited).
 */
export interface CreditNoteDocument extends AccountingDocument {
  creditNoteNumber: string;
  invoiceNumber: string;
  /** ISO instant. */
  creditNoteDate: string;
}

type Format = Awaited<ReturnType<typeof mailFormatter>>['format'];

/** The seller's address lines (new lines or commas in the setting). */
function addressLines(address: string): string[] {
  return address
    .split(/\n|,/u)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function parties(document: AccountingDocument, format: Format): PdfBlock {
  return {
    kind: 'columns',
    columns: [
      {
        title: format('invoice.pdf.seller'),
        lines: [
          document.seller.name,
          ...addressLines(document.seller.address),
          format('invoice.pdf.vatNumber', { number: document.seller.vatNumber }),
        ],
      },
      {
        title: format('invoice.pdf.buyer'),
        lines: [document.buyer.name, document.buyer.email],
      },
    ],
  };
}

function linesTable(
  document: AccountingDocument,
  format: Format,
  locale: string,
  sign: '' | '−',
): PdfBlock {
  const money = (amount: number) => `${sign}${formatMoney(amount, document.currency, locale)}`;
  return {
    kind: 'table',
    columns: [
      { label: format('invoice.pdf.description'), width: 0.75 },
      { label: format('invoice.pdf.amount'), width: 0.25, align: 'right' },
    ],
    rows: document.lines.map((line) => [line.description, money(line.amount)]),
    totals: [[format('invoice.pdf.total', { currency: document.currency }), money(document.total)]],
  };
}

function footer(document: AccountingDocument, format: Format): string {
  return format('invoice.pdf.footer', {
    seller: document.seller.name,
    vatNumber: document.seller.vatNumber,
  });
}

/** The invoice of a paid booking as a PDF, in the booking's language. */
export async function renderInvoice(document: InvoiceDocument): Promise<Buffer> {
  const { locale, format } = await mailFormatter(document.locale, {});
  const { payment } = document;
  const paidWith =
    payment === null
      ? null
      : payment.cardBrand !== null && payment.cardLast4 !== null
        ? format('invoice.pdf.card', {
            method: payment.method,
            brand: payment.cardBrand.toUpperCase(),
            last4: payment.cardLast4,
          })
        : payment.method;
  return renderPdf({
    locale,
    title: `${format('invoice.pdf.title')} ${document.invoiceNumber}`,
    author: document.seller.name,
    footer: footer(document, format),
    blocks: [
      {
        kind: 'title',
        text: format('invoice.pdf.title'),
        subtitle: format('invoice.pdf.number', { number: document.invoiceNumber }),
      },
      parties(document, format),
      {
        kind: 'fields',
        rows: [
          [format('invoice.pdf.invoiceNumber'), document.invoiceNumber],
          [format('invoice.pdf.invoiceDate'), formatDate(document.invoiceDate, locale)],
          [format('invoice.pdf.pnr'), document.pnr],
          [format('invoice.pdf.bookingDate'), formatDate(document.bookingDate, locale)],
          ...(paidWith === null ? [] : [[format('invoice.pdf.paymentMethod'), paidWith] as const]),
        ],
      },
      { kind: 'heading', text: format('invoice.pdf.items') },
      linesTable(document, format, locale, ''),
      {
        kind: 'paragraph',
        text: format('invoice.pdf.paid', { date: formatDate(document.invoiceDate, locale) }),
      },
    ],
  });
}

/**
 * A credit note as a PDF, drawn by the same layout as the invoice: the number, the invoice it
 * corrects, the refunded lines and their total.
 */
export async function renderCreditNote(document: CreditNoteDocument): Promise<Buffer> {
  const { locale, format } = await mailFormatter(document.locale, {});
  return renderPdf({
    locale,
    title: `${format('invoice.pdf.creditNoteTitle')} ${document.creditNoteNumber}`,
    author: document.seller.name,
    footer: footer(document, format),
    blocks: [
      {
        kind: 'title',
        text: format('invoice.pdf.creditNoteTitle'),
        subtitle: format('invoice.pdf.creditNoteNumber', { number: document.creditNoteNumber }),
      },
      parties(document, format),
      {
        kind: 'fields',
        rows: [
          [format('invoice.pdf.creditNoteNumberLabel'), document.creditNoteNumber],
          [format('invoice.pdf.creditNoteDate'), formatDate(document.creditNoteDate, locale)],
          [format('invoice.pdf.invoiceNumber'), document.invoiceNumber],
          [format('invoice.pdf.pnr'), document.pnr],
        ],
      },
      {
        kind: 'paragraph',
        text: format('invoice.pdf.creditNoteNote', { number: document.invoiceNumber }),
      },
      { kind: 'heading', text: format('invoice.pdf.refunds') },
      linesTable(document, format, locale, '−'),
    ],
  });
}

/** The file name of an invoice's PDF. */
export function invoiceFileName(invoiceNumber: string): string {
  return `${BRAND_NAME.toLowerCase()}-invoice-${invoiceNumber}.pdf`;
}

/** The file name of a credit note's PDF. */
export function creditNoteFileName(creditNoteNumber: string): string {
  return `${BRAND_NAME.toLowerCase()}-credit-note-${creditNoteNumber}.pdf`;
}
