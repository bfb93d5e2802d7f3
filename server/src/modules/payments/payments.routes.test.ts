import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayResponseSchema } from '@uniquair/contract/booking';
import { appOptionsOn, searchTrip, type TripSearch } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  CARDS,
  startPaymentsTestApp,
  type PaymentsTestApp,
} from '../../../test/helpers/payments.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import {
  bookingFactory,
  bookingRow,
  gatewayCharges,
  makeBooking,
  outboxOf,
  PAYMENT_TEST_ENV,
  paymentRows,
  payBooking,
} from '../../../test/helpers/payments-test-kit.ts';

describe(`POST /api/booking/{pnr}/pay over the sandbox gateway (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  let trip: TripSearch;
  const clock = testClock();

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    trip = await searchTrip(test.app, { passengers: { adults: 2, children: 1, infants: 1 } });
  });

  afterAll(() => test.close());

  it('pays with the success card, then issues one ticket per passenger per flight and one e-mail', async () => {
    const { app } = test;
    const booking = await makeBooking(app, trip);
    const card = await test.tokenizeCard(CARDS.success);
    const response = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
    expect(response.statusCode, response.body).toBe(200);
    expect(PayResponseSchema.parse(response.json())).toEqual({
      success: true,
      outcome: 'paid',
      status: 'paid',
    });
    const row = await bookingRow(app, booking.id);
    // Paid; the outbox may already have issued the tickets.
    expect(['paid', 'ticketed']).toContain(row.status);
    expect(row.payment_method).toBe('CREDIT_CARD');
    const holds = await app.db
      .selectFrom('seat_holds')
      .select('state')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(holds.map((hold) => hold.state)).toEqual(['sold', 'sold']);
    const [payment] = await paymentRows(app, booking.id);
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount_minor: row.total_minor,
      currency: row.currency,
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 12,
    });
    expect((await gatewayCharges(app, booking.pnr)).map((charge) => charge.status)).toEqual([
      'succeeded',
    ]);

    await drainOutbox(app);
    const tickets = await app.db
      .selectFrom('tickets')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .orderBy('flight_index')
      .orderBy('passenger_index')
      .execute();
    // 2 flights × 4 passengers, the infant included.
    expect(tickets.map((ticket) => [ticket.flight_index, ticket.passenger_index])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(tickets.every((ticket) => /^\d{13}$/.test(ticket.number))).toBe(true);
    expect(new Set(tickets.map((ticket) => ticket.number)).size).toBe(8);
    expect((await bookingRow(app, booking.id)).status).toBe('ticketed');

    const mails = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'bookingConfirmation')
      .where('subject', 'like', `%${booking.pnr}%`)
      .execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to_address).toBe('ana.popescu@example.com');
    for (const ticket of tickets) expect(mail.text_body).toContain(ticket.number);
    expect(mail.text_body).toMatch(
      new RegExp(`/api/booking/login-quick/${booking.pnr}/[0-9a-f]{40}`),
    );
    const pushes = await outboxOf(app, 'push.booking-status', booking.id);
    expect(pushes.map((entry) => JSON.parse(entry.payload) as unknown)).toEqual([
      { pnr: booking.pnr, bookingId: booking.id, status: 'ticketed', ownerUserId: null },
    ]);
  });

  it('answers 400 without an Idempotency-Key and 404 to a browser without access', async () => {
    const { app } = test;
    const booking = await makeBooking(app, trip);
    const card = await test.tokenizeCard(CARDS.success);
    const missing = expectApiError(
      await payBooking(app, booking, { method: 'CREDIT_CARD', card }, null),
      400,
      'VALIDATION_ERROR',
    );
    expect(missing.errors).toEqual({ 'headers.idempotency-key': ['This field is required.'] });
    expectApiError(
      await payBooking(
        app,
        { pnr: booking.pnr, deviceToken: 'x'.repeat(43) },
        { method: 'CREDIT_CARD', card },
        randomUUID(),
      ),
      404,
      'NOT_FOUND',
    );
    expect(await gatewayCharges(app, booking.pnr)).toEqual([]);
  });

  it('PAY-1: one key, 50 sequential and 50 concurrent retries → one charge, identical answers', async () => {
    const { app } = test;
    const next = bookingFactory(app);
    const booking = await next();
    const card = await test.tokenizeCard(CARDS.success);
    const body = { method: 'CREDIT_CARD' as const, card };
    const key = randomUUID();

    const first = await payBooking(app, booking, body, key);
    expect(first.statusCode, first.body).toBe(200);
    for (let n = 0; n < 50; n += 1) {
      const again = await payBooking(app, booking, body, key);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
    }
    const concurrent = await Promise.all(
      Array.from({ length: 50 }, () => payBooking(app, booking, body, key)),
    );
    for (const again of concurrent) {
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
    }
    expect(await gatewayCharges(app, booking.pnr)).toHaveLength(1);
    expect(await paymentRows(app, booking.id)).toHaveLength(1);

    // The same key with another body: 422; without a key: 400. Neither charges.
    const other = await test.tokenizeCard(CARDS.success, { expMonth: 11 });
    expectApiError(
      await payBooking(app, booking, { method: 'CREDIT_CARD', card: other }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectApiError(await payBooking(app, booking, body, null), 400, 'VALIDATION_ERROR');
    expect(await gatewayCharges(app, booking.pnr)).toHaveLength(1);
  });

  it('PAY-1: 50 concurrent first requests with one key → one charge; the rest replay or wait', async () => {
    const { app } = test;
    const booking = await bookingFactory(app, 40)();
    const card = await test.tokenizeCard(CARDS.success);
    const body = { method: 'CREDIT_CARD' as const, card };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => payBooking(app, booking, body, key)),
    );
    const completed = answers.filter((answer) => answer.statusCode === 200);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(completed.map((answer) => answer.body)).size).toBe(1);
    for (const answer of answers.filter((item) => item.statusCode !== 200)) {
      expectApiError(answer, 409, 'IDEMPOTENCY_KEY_IN_USE');
    }
    expect(await gatewayCharges(app, booking.pnr)).toHaveLength(1);
    expect(await paymentRows(app, booking.id)).toHaveLength(1);
  });

  it('PAY-2: two tabs paying at once with different keys → one charge, the other 409', async () => {
    const { app } = test;
    const next = bookingFactory(app, 50);
    for (let round = 0; round < 10; round += 1) {
      const booking = await next();
      const [cardA, cardB] = await Promise.all([
        test.tokenizeCard(CARDS.success),
        test.tokenizeCard(CARDS.success),
      ]);
      const answers = await Promise.all([
        payBooking(app, booking, { method: 'CREDIT_CARD', card: cardA }),
        payBooking(app, booking, { method: 'CREDIT_CARD', card: cardB }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      const { code, errors } = loser.json<{ code: string; errors: Record<string, string[]> }>();
      expect(['BOOKING_ALREADY_PAID', 'PAYMENT_IN_PROGRESS']).toContain(code);
      if (code === 'BOOKING_ALREADY_PAID')
        expect(errors._).toEqual(['This booking is already paid']);
      const charges = await gatewayCharges(app, booking.pnr);
      expect(charges.map((charge) => charge.status)).toEqual(['succeeded']);
    }
  }, 90_000);

  it('answers "This booking is already paid" to a paid booking and 410 to an ended hold', async () => {
    const { app } = test;
    const next = bookingFactory(app, 60);
    const booking = await next();
    const card = await test.tokenizeCard(CARDS.success);
    expect((await payBooking(app, booking, { method: 'CREDIT_CARD', card })).statusCode).toBe(200);
    const again = expectApiError(
      await payBooking(app, booking, { method: 'CREDIT_CARD', card }),
      409,
      'BOOKING_ALREADY_PAID',
    );
    expect(again.errors._).toEqual(['This booking is already paid']);

    const late = await next();
    clock.advance(16 * 60_000);
    try {
      expectApiError(
        await payBooking(app, late, {
          method: 'CREDIT_CARD',
          card: await test.tokenizeCard(CARDS.success),
        }),
        410,
        'BOOKING_EXPIRED',
      );
      expect(await gatewayCharges(app, late.pnr)).toEqual([]);
      expect((await bookingRow(app, late.id)).status).toBe('expired');
    } finally {
      clock.advance(-16 * 60_000);
    }
  });

  it('PAY-7: each decline card answers its code and text, and the booking stays payable', async () => {
    const { app } = test;
    const next = bookingFactory(app, 70);
    const declines = [
      [CARDS.declined, 'CARD_DECLINED', 'Your transaction was declined'],
      [CARDS.expired, 'CARD_EXPIRED', 'Your card has expired'],
      [CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS', 'Your card has insufficient funds'],
      [CARDS.limitExceeded, 'CARD_LIMIT_EXCEEDED', 'You have exceeded the limit of your card'],
      [
        CARDS.notAuthorized,
        'NOT_AUTHORIZED_BY_BANK',
        'Your transaction was not authorized by your bank',
      ],
      [
        CARDS.checkDetails,
        'CHECK_CARD_DETAILS',
        'Your transaction was denied, please double check your card details',
      ],
    ] as const;
    const booking = await next();
    for (const [number, code, text] of declines) {
      const card = await test.tokenizeCard(number);
      const response = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
      const body = expectApiError(response, 402, code);
      expect(body.errors._).toEqual([text]);
      expect(response.body).not.toContain(number);
      expect((await bookingRow(app, booking.id)).status).toBe('not_paid');
    }
    const payments = await paymentRows(app, booking.id);
    expect(payments.map((payment) => payment.status)).toEqual(Array(6).fill('failed'));
    // Another attempt (here another method of paying by card) goes through.
    const card = await test.tokenizeCard(CARDS.success);
    const paid = await payBooking(app, booking, { method: 'REVOLUT_CREDIT_CARD', card });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'paid' });
  });

  it('confirms DIRECT_TO_AIRLINE without a charge and issues the tickets', async () => {
    const { app } = test;
    const booking = await bookingFactory(app, 80)();
    const response = await payBooking(app, booking, { method: 'DIRECT_TO_AIRLINE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      outcome: 'pay_at_airline',
      status: 'pay_at_airline',
    });
    await drainOutbox(app);
    const row = await bookingRow(app, booking.id);
    expect(row.status).toBe('pay_at_airline');
    const tickets = await app.db
      .selectFrom('tickets')
      .select('number')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(tickets).toHaveLength(1);
    expect(await gatewayCharges(app, booking.pnr)).toEqual([]);
    expect(await outboxOf(app, 'booking.confirmed', booking.id)).toHaveLength(1);
    const mail = await app.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'bookingConfirmation')
      .where('subject', 'like', `%${booking.pnr}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('due to the airline');
  });

  it('refuses a disabled method', async () => {
    const { app } = test;
    const booking = await bookingFactory(app, 85)();
    expectApiError(
      await payBooking(app, booking, { method: 'SILK_PAY' }),
      400,
      'PAYMENT_METHOD_DISABLED',
    );
  });

  it('CHAOS-3: an unreachable provider answers 502, and a retry with the same key charges once', async () => {
    const { app } = test;
    const next = bookingFactory(app, 90);
    for (const failure of ['server_error', 'reset', 'lose_response'] as const) {
      const booking = await next();
      const card = await test.tokenizeCard(CARDS.success);
      const body = { method: 'CREDIT_CARD' as const, card };
      const key = randomUUID();
      test.gateway.faults.apiFailure = failure;
      try {
        expectApiError(await payBooking(app, booking, body, key), 502, 'PAYMENT_FAILED');
      } finally {
        test.gateway.faults.apiFailure = 'none';
      }
      if (failure !== 'lose_response') {
        // Nothing reached the provider; the attempt stays open and blocks other attempts.
        expect((await paymentRows(app, booking.id)).map((payment) => payment.status)).toEqual([
          'processing',
        ]);
        const other = await test.tokenizeCard(CARDS.success);
        expectApiError(
          await payBooking(app, booking, { method: 'CREDIT_CARD', card: other }),
          409,
          'PAYMENT_IN_PROGRESS',
        );
      }
      // The retry reuses the attempt's key with the provider: one charge in every case.
      const retry = await payBooking(app, booking, body, key);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({ outcome: 'paid' });
      expect(await gatewayCharges(app, booking.pnr), failure).toHaveLength(1);
      expect(await paymentRows(app, booking.id)).toHaveLength(1);
    }
  });

  it('documents the payment routes in the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths['/api/booking/{pnr}/pay'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/api/booking/{pnr}/payment-return'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/api/payments/webhook'] ?? {})).toContain('post');
  });

  it('fails an attempt the provider refuses (an unknown card token) and leaves the booking payable', async () => {
    const { app } = test;
    const booking = await bookingFactory(app, 95)();
    const card = await test.tokenizeCard(CARDS.success);
    const forged = { ...card, token: 'tok_unknownUnknownUnknown' };
    const refused = expectApiError(
      await payBooking(app, booking, { method: 'CREDIT_CARD', card: forged }),
      402,
      'CHECK_CARD_DETAILS',
    );
    expect(refused.errors._).toEqual([
      'Your transaction was denied, please double check your card details',
    ]);
    expect((await paymentRows(app, booking.id)).map((payment) => payment.status)).toEqual([
      'failed',
    ]);
    const paid = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
