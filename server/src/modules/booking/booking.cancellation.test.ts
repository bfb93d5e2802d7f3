import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BookingResponseSchema } from '@uniquair/contract/booking';
import {
  CancelBookingResponseSchema,
  CancellationQuoteResponseSchema,
} from '@uniquair/contract/cancellation';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  appOptionsOn,
  fareClassBooker,
  fareClassOf,
  getBooking,
  searchTrip,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { comparable, pdfText } from '../../../test/helpers/pdf-text.ts';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import {
  CARDS,
  startPaymentsTestApp,
  type PaymentsTestApp,
} from '../../../test/helpers/payments.ts';
import {
  bookingRow,
  gatewayCharges,
  makeBooking,
  PAYMENT_TEST_ENV,
  payBooking,
  type MadeBooking,
} from '../../../test/helpers/payments-test-kit.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

const HOUR = 3_600_000;
/** Fare classes whose rules give nothing back (domain/src/pricing/fare-rules.ts). */
const NON_REFUNDABLE = 'QM';

interface Booked extends MadeBooking {
  selection: { flightId: string; fareClass: string };
}

/**
 * Cancelling bookings (docs/booking.md "Cancellation and refunds") over the real application and
 * the in-process sandbox gateway reached by HTTP: the quote's rules, the cancel with its seats,
 * refund and timeline, idempotency under concurrency, and a cancel racing a payment.
 */
describe('cancellation with refunds', () => {
  const clock = testClock();
  let test: PaymentsTestApp;
  let app: FastifyInstance;
  let day = 30;

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    app = test.app;
  });

  // Closing waits for the gateway's webhook deliveries and the outbox; slow on a busy database.
  afterAll(async () => {
    await test.close();
  }, 180_000);

  // Each test starts on the test day; the bookings' flights are 30 days and more ahead.
  beforeEach(() => {
    clock.set(`${TEST_TODAY}T06:00:00.000Z`);
  });

  const book = (letters: string): Promise<Booked> => fareClassBooker(app, () => day++)(letters);

  async function pay(booking: MadeBooking): Promise<void> {
    const card = await test.tokenizeCard(CARDS.success);
    const paid = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
    expect(paid.statusCode, paid.body).toBe(200);
    await drainOutbox(app);
  }

  async function quote(booking: MadeBooking) {
    const response = await getBooking(app, booking.pnr, {
      tokens: [booking.deviceToken],
      path: 'cancellation-quote',
    });
    expect(response.statusCode, response.body).toBe(200);
    return CancellationQuoteResponseSchema.parse(response.json());
  }

  function cancel(
    booking: MadeBooking,
    body: unknown,
    key: string | null = randomUUID(),
    tokens: string[] = [booking.deviceToken],
  ) {
    return app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/cancel`,
      remoteAddress: freshClient(),
      headers: {
        ...(tokens.length > 0 ? { [DEVICE_TOKENS_HEADER]: tokens.join(',') } : {}),
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: body as Record<string, unknown>,
    });
  }

  async function detail(booking: MadeBooking) {
    const response = await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] });
    expect(response.statusCode, response.body).toBe(200);
    return BookingResponseSchema.parse(response.json()).booking;
  }

  const creditNoteOf = (booking: MadeBooking) =>
    getBooking(app, booking.pnr, { tokens: [booking.deviceToken], path: 'cancellation-invoice' });

  const seatsLeft = async (booking: Booked) =>
    (await fareClassOf(app, booking.selection)).seats_left;

  describe('the quote', () => {
    it('gives everything back within 24 hours of booking, the first flight 7+ days away', async () => {
      const booking = await book(NON_REFUNDABLE);
      await pay(booking);
      const total = (await bookingRow(app, booking.id)).total_minor;
      const free = await quote(booking);
      expect(free.freeWindow).toBe(true);
      expect(free.refund.amount).toBe(Number(total));
      expect(free.lines).toHaveLength(1);
      expect(free.lines[0]).toMatchObject({ refundable: false, refund: Number(total), fee: 0 });
    });

    it('after 24 hours: a refundable fare less its fee, a non-refundable one says no refund', async () => {
      const refundable = await book('B');
      const nonRefundable = await book(NON_REFUNDABLE);
      await pay(refundable);
      await pay(nonRefundable);
      clock.advance(25 * HOUR);
      const b = await quote(refundable);
      const paid = Number((await bookingRow(app, refundable.id)).total_minor);
      expect(b.freeWindow).toBe(false);
      expect(b.fee.amount).toBeGreaterThan(0);
      expect(b.refund.amount + b.fee.amount).toBe(paid);
      expect(b.lines[0]).toMatchObject({ refundable: true, paid, nonRefundable: 0 });

      const q = await quote(nonRefundable);
      expect(q.refund.amount).toBe(0);
      expect(q.lines[0]).toMatchObject({ refundable: false, refund: 0, fee: 0 });
      expect(q.nonRefundable.amount).toBe(q.paid.amount);
    });

    it('an unpaid booking gives back nothing; another browser gets 404', async () => {
      const booking = await book('Y');
      const unpaid = await quote(booking);
      expect(unpaid).toMatchObject({ refund: { amount: 0 }, paid: { amount: 0 } });
      const stranger = await getBooking(app, booking.pnr, { path: 'cancellation-quote' });
      expect(stranger.statusCode).toBe(404);
    });
  });

  it('cancels a paid refundable booking: seats back, the refund reaches refunded', async () => {
    const booking = await book('B');
    const before = await seatsLeft(booking);
    await pay(booking);
    clock.advance(25 * HOUR);
    const offer = await quote(booking);
    const answer = await cancel(booking, { acceptedRefund: offer.refund });
    expect(answer.statusCode, answer.body).toBe(200);
    const cancelled = CancelBookingResponseSchema.parse(answer.json());
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund).toMatchObject({ state: 'requested', amount: offer.refund.amount });
    expect(await seatsLeft(booking)).toBe(before + 1);

    await drainOutbox(app);
    const shown = await detail(booking);
    expect(shown.status).toBe('cancelled');
    expect(shown.refund?.state).toBe('refunded');
    const states = shown.refund?.timeline.map((entry) => entry.state);
    expect(states).toEqual(['requested', 'processing', 'refunded']);
    const [charge] = await gatewayCharges(app, booking.pnr);
    expect(charge).toMatchObject({ status: 'refunded', refunded_amount: offer.refund.amount });
    // One e-mail on cancelling, one when the money is on its way back.
    const mail = await app.db
      .selectFrom('mail_outbox')
      .select(['kind', 'text_body'])
      .where('kind', 'in', ['bookingCancelled', 'refundCompleted'])
      .where('subject', 'like', `%${booking.pnr}%`)
      .orderBy('id')
      .execute();
    expect(mail.map((row) => row.kind)).toEqual(['bookingCancelled', 'refundCompleted']);
    // The refund of the invoiced booking has its credit note, referring to the invoice.
    const creditNote = cancelled.refund?.creditNoteNumber ?? '';
    expect([creditNote, shown.refund?.creditNoteNumber]).toEqual([
      expect.stringMatching(/^UQC-\d{4}-\d{6}$/),
      creditNote,
    ]);
    const pdf = await creditNoteOf(booking);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="uniquair-credit-note-${creditNote}.pdf"`,
    );
    const text = comparable(await pdfText(pdf.rawPayload));
    const { amount, currency } = offer.refund;
    const refunded = new Intl.NumberFormat('en', { style: 'currency', currency }).format(
      amount / 100,
    );
    expect(mail[1]?.text_body).toContain(`We have refunded ${refunded}`);
    for (const expected of [
      'Credit note',
      creditNote,
      `This credit note corrects invoice ${shown.invoiceNumber ?? '?'}`,
      booking.pnr,
      `−${refunded}`,
      `${shown.passengers[0]?.firstName} ${shown.passengers[0]?.lastName}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    const stranger = await creditNoteOf({ ...booking, deviceToken: 'x'.repeat(43) });
    expectApiError(stranger, 404, 'NOT_FOUND');
  });

  it('numbers credit notes in a series of their own, once per refunded cancellation', async () => {
    const numbers: string[] = [];
    for (const booking of [await book('B'), await book('B')]) {
      await pay(booking);
      const answer = await cancel(booking, { acceptedRefund: (await quote(booking)).refund });
      expect(answer.statusCode, answer.body).toBe(200);
      numbers.push(CancelBookingResponseSchema.parse(answer.json()).refund?.creditNoteNumber ?? '');
    }
    const [a, b] = numbers.map((number) => Number(/(\d{6})$/u.exec(number)?.[1]));
    expect(b).toBe((a ?? 0) + 1);
  });

  it('a refund whose answer was lost is sent again with its key and made once', async () => {
    const booking = await book('Y');
    await pay(booking);
    const offer = await quote(booking);
    // The gateway's `payment.refunded` webhook would tell the app too: held until the end, so
    // that only the refund sent again can settle it.
    await test.gateway.dispatcher.stop();
    try {
      expect((await cancel(booking, { acceptedRefund: offer.refund })).statusCode).toBe(200);
      test.gateway.faults.apiFailure = 'lose_response';
      try {
        await drainOutbox(app);
      } finally {
        test.gateway.faults.apiFailure = 'none';
      }
      expect((await detail(booking)).refund?.state).toBe('processing');
      await app.db.updateTable('outbox').set({ available_at: clock.now().toISOString() }).execute();
      await drainOutbox(app);
      expect((await detail(booking)).refund?.state).toBe('refunded');
    } finally {
      test.gateway.dispatcher.start();
    }
    const [charge] = await gatewayCharges(app, booking.pnr);
    const events = await app.db
      .selectFrom('gateway_events')
      .select('id')
      .where('payment_id', '=', charge?.id ?? '')
      .where('type', '=', 'payment.refunded')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('cancels an unpaid booking: the hold is released at once, nothing to refund', async () => {
    const booking = await book(NON_REFUNDABLE);
    const held = await seatsLeft(booking);
    const offer = await quote(booking);
    const answer = await cancel(booking, { acceptedRefund: offer.refund });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await seatsLeft(booking)).toBe(held + 1);
    expect(CancelBookingResponseSchema.parse(answer.json()).refund).toBeNull();
    const holds = await app.db
      .selectFrom('seat_holds')
      .select('state')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(holds.map((hold) => hold.state)).toEqual(['released']);
    expect((await detail(booking)).refund).toBeNull();
    const none = expectApiError(await creditNoteOf(booking), 409, 'CREDIT_NOTE_NOT_AVAILABLE');
    expect(none.errors).toEqual({
      _: ["A credit note is issued when a cancelled booking's payment is refunded."],
    });
    const pay = await payBooking(app, booking, { method: 'DIRECT_TO_AIRLINE' });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ code: 'BOOKING_ALREADY_CANCELLED' });
  });

  it('a changed quote is refused and nothing changes', async () => {
    const booking = await book('B');
    await pay(booking);
    const offer = await quote(booking);
    clock.advance(25 * HOUR);
    const seats = await seatsLeft(booking);
    const answer = await cancel(booking, { acceptedRefund: offer.refund });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'CANCELLATION_QUOTE_CHANGED' });
    const row = await bookingRow(app, booking.id);
    expect(['paid', 'ticketed']).toContain(row.status);
    expect(await seatsLeft(booking)).toBe(seats);
    expect((await detail(booking)).refund).toBeNull();
  });

  it('the same cancel 20 times at once with one key refunds once at the provider', async () => {
    const booking = await book('Y');
    await pay(booking);
    const offer = await quote(booking);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cancel(booking, { acceptedRefund: offer.refund }, key)),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.body).toBe(ok[0]?.body);
      else expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    }
    const replay = await cancel(booking, { acceptedRefund: offer.refund }, key);
    expect(replay.body).toBe(ok[0]?.body);
    await drainOutbox(app);
    const cancellations = await app.db
      .selectFrom('booking_cancellations')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(cancellations).toHaveLength(1);
    const [charge] = await gatewayCharges(app, booking.pnr);
    const refunds = await app.db
      .selectFrom('gateway_idempotency_keys')
      .select('key')
      .where('scope', '=', `payments.refund:${charge?.id ?? ''}`)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(charge?.status).toBe('refunded');
  });

  it('refuses bad input, other bodies under a key, other browsers and final states', async () => {
    const booking = await book('Y');
    const offer = await quote(booking);
    const body = { acceptedRefund: offer.refund };
    const noKey = await cancel(booking, body, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await cancel(booking, body, 'short')).statusCode).toBe(400);
    const malformed = await cancel(booking, { acceptedRefund: { amount: -1, currency: 'usd' } });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ errors: object }>().errors).join()).toContain(
      'body.acceptedRefund',
    );
    expect((await cancel(booking, body, randomUUID(), [])).statusCode).toBe(404);
    const other = await book('Y');
    expect((await cancel(booking, body, randomUUID(), [other.deviceToken])).statusCode).toBe(404);
    expect((await bookingRow(app, booking.id)).status).toBe('not_paid');

    const key = randomUUID();
    expect((await cancel(booking, body, key)).statusCode).toBe(200);
    const reused = await cancel(booking, { acceptedRefund: { ...offer.refund, amount: 1 } }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const again = await cancel(booking, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BOOKING_ALREADY_CANCELLED' });
    expect(
      (
        await getBooking(app, booking.pnr, {
          tokens: [booking.deviceToken],
          path: 'cancellation-quote',
        })
      ).statusCode,
    ).toBe(409);

    const expiring = await book('Y');
    clock.advance(20 * 60_000);
    const expired = await cancel(expiring, body);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'BOOKING_EXPIRED' });

    const flying = await book('Y');
    await pay(flying);
    clock.advance(120 * 24 * HOUR);
    const flown = await cancel(flying, { acceptedRefund: { amount: 0, currency: 'USD' } });
    expect(flown.statusCode).toBe(409);
    expect(flown.json()).toMatchObject({ code: 'BOOKING_ALREADY_FLOWN' });
    expect((await bookingRow(app, flying.id)).status).toBe('ticketed');
  });

  it('a cancel racing a payment ends consistently: never charged and cancelled unrefunded', async () => {
    for (let round = 0; round < 4; round += 1) {
      const booking = await makeBooking(app, await searchTrip(app, { days: day, oneWay: true }));
      day += 1;
      const card = await test.tokenizeCard(CARDS.success);
      const nothing = { acceptedRefund: { amount: 0, currency: 'USD' } };
      const [paid, cancelled] = await Promise.all([
        payBooking(app, booking, { method: 'CREDIT_CARD', card }),
        cancel(booking, nothing),
      ]);
      await drainOutbox(app);
      const status = (await bookingRow(app, booking.id)).status;
      if (status === 'cancelled') {
        // Cancelled unpaid: any charge the payment made is refunded.
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        const charges = await gatewayCharges(app, booking.pnr);
        expect(charges.filter((charge) => charge.status === 'succeeded')).toEqual([]);
      } else {
        // Paid first: the cancel waited for it, and a cancel now refunds the payment.
        expect(paid.statusCode, paid.body).toBe(200);
        expect(cancelled.statusCode).toBe(409);
        const offer = await quote(booking);
        expect((await cancel(booking, { acceptedRefund: offer.refund })).statusCode).toBe(200);
        await drainOutbox(app);
        const [charge] = await gatewayCharges(app, booking.pnr);
        expect(charge?.status).toBe('refunded');
      }
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/api/booking/{pnr}/cancellation-quote']?.get?.responses).toHaveProperty(
      '409',
    );
    expect(document.paths['/api/booking/{pnr}/cancel']?.post?.responses).toHaveProperty('422');
    expect(
      document.paths['/api/booking/{pnr}/cancellation-invoice']?.get?.responses,
    ).toHaveProperty('409');
  });
});
