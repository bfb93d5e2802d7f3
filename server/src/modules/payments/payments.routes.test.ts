import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayResponseSchema } from '@uniquair/contract/booking';
import { searchTrip, type TripSearch } from '../../../test/helpers/booking.ts';
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
  bookingRow,
  gatewayCharges,
  makeBooking,
  outboxOf,
  PAYMENT_TEST_ENV,
  paymentRows,
  payBooking,
} from './payments-test-kit.ts';

describe(`POST /api/booking/{pnr}/pay over the sandbox gateway (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  let trip: TripSearch;
  const clock = testClock();

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, {
      clock: clock.now,
      search: { initWaitMs: 10_000 },
    });
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
    expect(pushes.map((entry) => JSON.parse(entry.payload))).toEqual([
      { pnr: booking.pnr, bookingId: booking.id, status: 'ticketed', ownerUserId: null },
    ]);
  });

  it('answers 400 without an Idempotency-Key and 404 to a browser without access', async () => {
    const { app } = test;
    const booking = await makeBooking(app, trip);
    const card = await test.tokenizeCard(CARDS.success);
    expectApiError(
      await payBooking(app, booking, { method: 'CREDIT_CARD', card }, null),
      400,
      'BAD_REQUEST',
    );
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
});
