import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingResponseSchema } from '@uniquair/contract/booking';
import { loadMessages } from '@uniquair/i18n/messages';
import { getBooking, searchTrip, type TripSearch } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  bookingFactory,
  makeBooking,
  PAYMENT_TEST_ENV,
  payBooking,
  type MadeBooking,
} from '../../../test/helpers/payments-test-kit.ts';
import {
  CARDS,
  startPaymentsTestApp,
  type PaymentsTestApp,
} from '../../../test/helpers/payments.ts';
import { comparable, pdfText } from '../../../test/helpers/pdf-text.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

const INVOICE_NUMBER = /^UQ-(\d{4})-(\d{6})$/;

describe(`invoices of paid bookings (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  let smtp: TestSmtpServer;
  let trip: TripSearch;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await startPaymentsTestApp(
      {
        ...PAYMENT_TEST_ENV,
        SMTP_URL: smtp.url,
        INVOICE_SELLER_NAME: 'Uniquair Test SRL',
        INVOICE_SELLER_ADDRESS: 'Strada Exemplu 7, 010101 București, Romania',
        INVOICE_SELLER_VAT_NUMBER: 'RO12345678',
      },
      { clock: clock.now, search: { initWaitMs: 10_000 } },
    );
    trip = await searchTrip(test.app, { passengers: { adults: 2, children: 0, infants: 1 } });
  });

  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  async function paid(booking: MadeBooking, locale = 'en'): Promise<void> {
    await test.app.db
      .updateTable('bookings')
      .set({ locale })
      .where('id', '=', booking.id)
      .execute();
    const card = await test.tokenizeCard(CARDS.success);
    const response = await payBooking(test.app, booking, { method: 'CREDIT_CARD', card });
    expect(response.statusCode, response.body).toBe(200);
  }

  const invoiceOf = (booking: MadeBooking, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'GET',
      url: `/api/booking/${booking.pnr}/invoice`,
      headers: { 'x-booking-tokens': booking.deviceToken, ...headers },
    });

  it('numbers a paid booking and answers its invoice as a PDF with what it was for', async () => {
    const { app } = test;
    const booking = await makeBooking(app, trip);
    const before = BookingResponseSchema.parse(
      (await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] })).json(),
    );
    expect(before.booking.invoiceNumber).toBeNull();

    await paid(booking);
    const detail = BookingResponseSchema.parse(
      (await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] })).json(),
    ).booking;
    const number = detail.invoiceNumber ?? '';
    expect(number).toMatch(INVOICE_NUMBER);
    expect(INVOICE_NUMBER.exec(number)?.[1]).toBe(String(clock.now().getUTCFullYear()));

    const response = await invoiceOf(booking);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="uniquair-invoice-${number}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const text = comparable(await pdfText(response.rawPayload));
    const total = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: detail.chargeTotal.currency,
    }).format(detail.chargeTotal.amount / 100);
    for (const expected of [
      number,
      booking.pnr,
      'Uniquair Test SRL',
      'VAT number: RO12345678',
      `${detail.booker.firstName} ${detail.booker.lastName}`,
      detail.booker.email,
      `Total (${detail.chargeTotal.currency})`,
      total,
      'VISA ending in 4242',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // One line per passenger and flight (the infant's included), named by passenger.
    for (const passenger of detail.passengers) {
      expect(text).toContain(`${passenger.firstName} ${passenger.lastName}`);
    }
    const flightLines = text.match(/Flight [A-Z]{3}–[A-Z]{3}/g) ?? [];
    expect(flightLines).toHaveLength(detail.passengers.length * detail.flights.length);
  });

  it('refuses an unpaid booking with INVOICE_NOT_AVAILABLE in the caller’s language, others get 404', async () => {
    const { app } = test;
    const booking = await makeBooking(app, trip);
    const english = expectApiError(await invoiceOf(booking), 409, 'INVOICE_NOT_AVAILABLE');
    expect(english.errors).toEqual({ _: ['An invoice is issued once the booking is paid.'] });
    const { messages } = await loadMessages('de');
    const german = expectApiError(
      await invoiceOf(booking, { 'accept-language': 'de' }),
      409,
      'INVOICE_NOT_AVAILABLE',
    );
    expect(german.errors).toEqual({ _: [messages['invoice.error.notAvailable']] });

    await paid(booking);
    expectApiError(await invoiceOf({ ...booking, deviceToken: 'x'.repeat(43) }), 404, 'NOT_FOUND');
    expectApiError(
      await app.inject({ method: 'GET', url: `/api/booking/${booking.pnr}/invoice` }),
      404,
      'NOT_FOUND',
    );
  });

  it.each([
    ['hi', /[\u0900-\u097F]/u],
    ['ko', /[\uAC00-\uD7AF]/u],
  ])('writes the invoice of a %s booking in its own script', async (locale, script) => {
    const booking = await makeBooking(test.app, trip);
    await paid(booking, locale);
    const response = await invoiceOf(booking);
    expect(response.statusCode).toBe(200);
    const text = comparable(await pdfText(response.rawPayload));
    const { messages } = await loadMessages(locale);
    for (const key of ['invoice.pdf.title', 'invoice.pdf.seller', 'invoice.pdf.buyer'] as const) {
      expect(messages[key]).toMatch(script);
      expect(text, key).toContain(comparable(messages[key]));
    }
    expect(text).toContain(booking.pnr);
  });

  it('sends the confirmation e-mail with the invoice and the e-ticket PDFs attached', async () => {
    const { app } = test;
    const booking = await makeBooking(app, trip);
    await paid(booking);
    await drainOutbox(app);
    await app.mail.flush();
    const mail = await smtp.waitFor(
      (received) => received.subject === `Your tickets for booking ${booking.pnr}`,
    );
    expect(mail.text).toContain('Your invoice and your e-tickets are attached');
    expect(mail.attachments.map((file) => [file.filename, file.mimeType])).toEqual([
      [expect.stringMatching(/^uniquair-invoice-UQ-\d{4}-\d{6}\.pdf$/), 'application/pdf'],
      [`uniquair-e-ticket-${booking.pnr}.pdf`, 'application/pdf'],
    ]);
    const detail = BookingResponseSchema.parse(
      (await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] })).json(),
    ).booking;
    const [invoice, eTicket] = mail.attachments;
    const invoiceText = comparable(await pdfText(invoice?.content ?? Buffer.alloc(0)));
    expect(invoiceText).toContain(detail.invoiceNumber ?? 'no number');
    expect(invoiceText).toContain(booking.pnr);
    const ticketText = comparable(await pdfText(eTicket?.content ?? Buffer.alloc(0)));
    expect(ticketText).toContain(booking.pnr);
    expect(detail.tickets.length).toBe(detail.passengers.length * detail.flights.length);
    for (const ticket of detail.tickets) expect(ticketText).toContain(ticket.number);
    for (const passenger of detail.passengers) {
      expect(ticketText).toContain(`${passenger.firstName} ${passenger.lastName}`);
    }
    // Sent: the files are not kept in the outbox.
    const kept = await app.db.selectFrom('mail_attachments').select('id').execute();
    expect(kept).toEqual([]);
  });

  it('gives 50 bookings paid at once 50 consecutive numbers, none twice, none skipped', async () => {
    const { app } = test;
    const next = bookingFactory(app, 60);
    const bookings: MadeBooking[] = [];
    for (let n = 0; n < 50; n += 1) bookings.push(await next());
    const cards = await Promise.all(bookings.map(() => test.tokenizeCard(CARDS.success)));
    const answers = await Promise.all(
      bookings.map((booking, index) =>
        payBooking(app, booking, { method: 'CREDIT_CARD', card: cards[index] }, randomUUID()),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const rows = await app.db
      .selectFrom('bookings')
      .select(['invoice_number'])
      .where('invoice_number', 'is not', null)
      .execute();
    const numbers = rows.map((row) => Number(INVOICE_NUMBER.exec(row.invoice_number ?? '')?.[2]));
    const sorted = [...numbers].sort((a, b) => a - b);
    // Every number of the year from 1 up, each once: the earlier tests' and these 50.
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, index) => index + 1));
    const counter = await app.db
      .selectFrom('invoice_counters')
      .selectAll()
      .where('series', '=', 'UQ')
      .executeTakeFirstOrThrow();
    expect(Number(counter.last_number)).toBe(sorted.length);
    const mine = await app.db
      .selectFrom('bookings')
      .select('invoice_number')
      .where(
        'id',
        'in',
        bookings.map((booking) => booking.id),
      )
      .execute();
    expect(new Set(mine.map((row) => row.invoice_number)).size).toBe(50);
  }, 180_000);
});
