import { describe, expect, it } from 'vitest';
import { loadMessages } from '@uniquair/i18n/messages';
import { comparable, pdfFonts, pdfText } from '../../../test/helpers/pdf-text.ts';
import {
  renderCreditNote,
  renderInvoice,
  type CreditNoteDocument,
  type InvoiceDocument,
} from './booking.invoice-pdf.ts';

const SELLER = {
  name: 'Uniquair Test SRL',
  address: 'Strada Exemplu 7, 010101 București, Romania',
  vatNumber: 'RO12345678',
};

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    locale: 'en',
    seller: SELLER,
    buyer: { name: 'Ana Popescu', email: 'ana.popescu@example.com' },
    pnr: 'K7Q2ZP4',
    currency: 'EUR',
    lines: [
      { description: 'Flight OTP–BCN, Ana Popescu (Adult)', amount: 12_000 },
      { description: 'Flight OTP–BCN, Ion Popescu (Child)', amount: 11_000 },
      { description: '1 checked bag, OTP–BCN: Ana Popescu', amount: 3_450 },
    ],
    total: 26_450,
    invoiceNumber: 'UQ-2026-000042',
    invoiceDate: '2026-11-26T10:15:00.000Z',
    bookingDate: '2026-11-25T09:00:00.000Z',
    payment: { method: 'Card', cardBrand: 'visa', cardLast4: '4242' },
    ...overrides,
  };
}

async function texts(locale: string, ...keys: string[]): Promise<string[]> {
  const { messages } = await loadMessages(locale);
  return keys.map((key) => (messages as Record<string, string>)[key] ?? `missing ${key}`);
}

describe('the invoice PDF', () => {
  it('holds seller, buyer, lines, total, payment, PNR, number and dates, searchable', async () => {
    const pdf = await renderInvoice(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = comparable(await pdfText(pdf));
    for (const expected of [
      'Invoice',
      'UQ-2026-000042',
      'Uniquair Test SRL',
      'Strada Exemplu 7',
      '010101 București',
      'VAT number: RO12345678',
      'Ana Popescu',
      'ana.popescu@example.com',
      'Flight OTP–BCN, Ana Popescu (Adult)',
      'Flight OTP–BCN, Ion Popescu (Child)',
      '1 checked bag, OTP–BCN: Ana Popescu',
      '€120.00',
      '€110.00',
      '€34.50',
      'Total (EUR)',
      '€264.50',
      'Card, VISA ending in 4242',
      'K7Q2ZP4',
      'Nov 26, 2026',
      'Nov 25, 2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Never more of a card than its brand and last four digits.
    expect(text).not.toMatch(/\d{12,}/);
  });

  it('names the payment method alone when no card was used', async () => {
    const text = comparable(
      await pdfText(
        await renderInvoice(
          invoice({ payment: { method: 'PayPal', cardBrand: null, cardLast4: null } }),
        ),
      ),
    );
    expect(text).toContain('PayPal');
    expect(text).not.toContain('ending in');
  });

  it.each([
    ['hi', 'NotoSansDevanagari', /[\u0900-\u097F]/u],
    ['ko', 'NotoSansKR', /[\uAC00-\uD7AF]/u],
  ])('in %s draws its own script with an embedded subset font', async (locale, font, script) => {
    const pdf = await renderInvoice(invoice({ locale }));
    const text = comparable(await pdfText(pdf));
    const expected = await texts(
      locale,
      'invoice.pdf.title',
      'invoice.pdf.seller',
      'invoice.pdf.buyer',
      'invoice.pdf.invoiceDate',
      'invoice.pdf.bookingDate',
      'invoice.pdf.description',
      'invoice.pdf.amount',
    );
    for (const words of expected) {
      expect(words).toMatch(script);
      expect(text, words).toContain(comparable(words));
    }
    expect(text).toContain('UQ-2026-000042');
    expect(text).toContain('K7Q2ZP4');
    const fonts = await pdfFonts(pdf);
    // Embedded, subset, with a ToUnicode map: "yes yes yes".
    expect(fonts).toMatch(
      new RegExp(`\\+${font}-Regular\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`),
    );
    expect(fonts).not.toMatch(/\bno\s+(yes|no)\s+(yes|no)\s/);
  });

  it.each([
    ['ru', 'Счёт'],
    ['vi', 'Hóa đơn'],
    ['de', 'Rechnung'],
  ])('in %s is written in the language', async (locale, title) => {
    const text = comparable(await pdfText(await renderInvoice(invoice({ locale }))));
    expect(text).toContain(title);
    const [seller] = await texts(locale, 'invoice.pdf.seller');
    expect(text).toContain(seller);
  });
});

describe('the credit note PDF', () => {
  const creditNote: CreditNoteDocument = {
    locale: 'en',
    seller: SELLER,
    buyer: { name: 'Ana Popescu', email: 'ana.popescu@example.com' },
    pnr: 'K7Q2ZP4',
    currency: 'EUR',
    creditNoteNumber: 'UQC-2026-000007',
    invoiceNumber: 'UQ-2026-000042',
    creditNoteDate: '2026-12-01T08:00:00.000Z',
    lines: [
      { description: 'Refund: flight OTP–BCN, Ana Popescu', amount: 12_000 },
      { description: 'Refund: 1 checked bag, Ana Popescu', amount: 3_450 },
    ],
    total: 15_450,
  };

  it('refers to the invoice and lists the refunded amounts as credited', async () => {
    const text = comparable(await pdfText(await renderCreditNote(creditNote)));
    for (const expected of [
      'Credit note',
      'UQC-2026-000007',
      'This credit note corrects invoice UQ-2026-000042',
      'Refund: flight OTP–BCN, Ana Popescu',
      '−€120.00',
      '−€34.50',
      '−€154.50',
      'Uniquair Test SRL',
      'VAT number: RO12345678',
      'K7Q2ZP4',
      'Dec 1, 2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('is drawn in Hangul for a Korean booking', async () => {
    const text = comparable(await pdfText(await renderCreditNote({ ...creditNote, locale: 'ko' })));
    const [title, refunds] = await texts(
      'ko',
      'invoice.pdf.creditNoteTitle',
      'invoice.pdf.refunds',
    );
    expect(text).toContain(title);
    expect(text).toContain(refunds);
  });
});
