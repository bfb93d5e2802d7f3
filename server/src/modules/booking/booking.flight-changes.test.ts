import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHANGE_HOLD_MINUTES,
  ChangeOptionsResponseSchema,
  ChangeResponseSchema,
  type ChangeOption,
} from '@uniquair/contract/booking-changes';
import { PayResponseSchema } from '@uniquair/contract/booking';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  appOptionsOn,
  fareClassBooker,
  getBooking,
  type BookedInClass,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  CARDS,
  startPaymentsTestApp,
  type PaymentsTestApp,
} from '../../../test/helpers/payments.ts';
import {
  bookingRow,
  gatewayCharges,
  outboxOf,
  payBooking,
  paymentRows,
  PAYMENT_TEST_ENV,
} from '../../../test/helpers/payments-test-kit.ts';
import { bookingDetail, legOf } from '../../../test/helpers/schedule-changes.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

/**
 * Voluntary flight changes through the API (docs/flight-changes.md): options priced by the fare
 * rules, the change with its seat hold, its payment through the pay flow, and what a change does
 * to seats, tickets, totals, payouts and a later cancellation.
 */
describe(`voluntary flight changes (${dialectUnderTest()})`, () => {
  const clock = testClock();
  let test: PaymentsTestApp;
  let app: FastifyInstance;
  let day = 40;
  let book: (letters: string) => Promise<BookedInClass>;

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    app = test.app;
    book = fareClassBooker(app, () => (day += 2));
  });

  afterAll(async () => {
    await test.close();
  }, 180_000);

  beforeEach(() => {
    clock.set(`${TEST_TODAY}T06:00:00.000Z`);
  });

  async function paid(letters: string): Promise<BookedInClass> {
    const booking = await book(letters);
    const card = await test.tokenizeCard(CARDS.success);
    const answer = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
    expect(answer.statusCode, answer.body).toBe(200);
    await drainOutbox(app);
    return booking;
  }

  function options(booking: BookedInClass, query = 'flightIndex=0') {
    return app.inject({
      url: `/api/booking/${booking.pnr}/change-options?${query}`,
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken },
    });
  }

  async function optionList(booking: BookedInClass): Promise<ChangeOption[]> {
    const response = await options(booking);
    expect(response.statusCode, response.body).toBe(200);
    return ChangeOptionsResponseSchema.parse(response.json()).flights;
  }

  function change(
    booking: BookedInClass,
    option: Pick<ChangeOption, 'flightId' | 'fareClass' | 'toPay'>,
    key: string = randomUUID(),
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/change`,
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken, 'idempotency-key': key },
      payload: {
        flightIndex: 0,
        flightId: option.flightId,
        fareClass: option.fareClass,
        acceptedPrice: option.toPay,
      },
    });
  }

  async function payChange(
    booking: BookedInClass,
    key: string = randomUUID(),
    token?: Awaited<ReturnType<PaymentsTestApp['tokenizeCard']>>,
  ) {
    const card = token ?? (await test.tokenizeCard(CARDS.success));
    return app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/change/pay`,
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken, 'idempotency-key': key },
      payload: { method: 'CREDIT_CARD', card },
    });
  }

  /** Cancels a booking accepting its quote; answers the refund, sent to the provider. */
  async function cancelAsQuoted(booking: BookedInClass) {
    const quote = await getBooking(app, booking.pnr, {
      tokens: [booking.deviceToken],
      path: 'cancellation-quote',
    });
    const refund = quote.json<{ refund: { amount: number; currency: string } }>().refund;
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/cancel`,
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken, 'idempotency-key': randomUUID() },
      payload: { acceptedRefund: refund },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await drainOutbox(app);
    return refund;
  }

  const seatsOf = async (fareClassId: number) =>
    (
      await app.db
        .selectFrom('fare_classes')
        .select('seats_left')
        .where('id', '=', fareClassId)
        .executeTakeFirstOrThrow()
    ).seats_left;

  const classOf = (flightId: string | number, letter: string) =>
    app.db
      .selectFrom('fare_classes')
      .selectAll()
      .where('flight_id', '=', Number(flightId))
      .where('letter', '=', letter)
      .executeTakeFirstOrThrow();

  /** Sets the price of an option's class and answers the option as now priced. */
  async function priced(booking: BookedInClass, price: number): Promise<ChangeOption> {
    const first = (await optionList(booking))[0];
    if (!first) throw new Error('no change option');
    const fare = await classOf(first.flightId, first.fareClass);
    await app.db
      .updateTable('fare_classes')
      .set({ price_minor: price })
      .where('id', '=', fare.id)
      .execute();
    const option = (await optionList(booking)).find((item) => item.flightId === first.flightId);
    if (!option) throw new Error('the option vanished');
    return option;
  }

  it('refuses a fare that cannot be changed, and anyone but the booking’s holders', async () => {
    // Q is the one fare whose rules allow no change (the days searched here sell none of it).
    const cheapest = await paid('M');
    await app.db
      .updateTable('booking_flights')
      .set({ fare_letter: 'Q' })
      .where('booking_id', '=', cheapest.id)
      .execute();
    expectApiError(await options(cheapest), 409, 'FARE_NOT_CHANGEABLE');
    const stranger = await app.inject({
      url: `/api/booking/${cheapest.pnr}/change-options?flightIndex=0`,
      remoteAddress: freshClient(),
    });
    expect(stranger.statusCode).toBe(404);
    const unpaid = await book('M');
    expectApiError(await options(unpaid), 409, 'CHANGE_NOT_AVAILABLE');
    const paidM = await paid('M');
    expectApiError(await options(paidM, 'flightIndex=3'), 400, 'VALIDATION_ERROR');
  });

  it('lists the route’s other flights around the date, priced by the fare rules at the booking’s rate', async () => {
    const booking = await paid('M');
    const row = await bookingRow(app, booking.id);
    const leg = await legOf(app, booking.id);
    const flights = await optionList(booking);
    expect(flights.length).toBeGreaterThan(0);
    for (const option of flights) {
      expect(option.flightId).not.toBe(leg.flight_ref);
      expect(['M', 'B', 'Y']).toContain(option.fareClass);
      const fare = await classOf(option.flightId, option.fareClass);
      const rate = Number(row.total_minor) / Number(row.base_total_minor);
      const fee = Math.round(7_500 * rate);
      const difference = Math.round((fare.price_minor - Number(leg.fare_price_minor)) * rate);
      expect(option.changeFee).toEqual({ amount: fee, currency: row.currency });
      expect(option.fareDifference.amount).toBe(difference);
      // M is not refundable: a cheaper fare pays nothing out, the fee is still due.
      expect(option.toPay.amount).toBe(fee + Math.max(0, difference));
      expect(option.payout.amount).toBe(0);
    }
  });

  it('changes a flight paying the fee and the difference by card: seats, tickets and totals move once', async () => {
    const booking = await paid('M');
    const before = await bookingRow(app, booking.id);
    const oldLeg = await legOf(app, booking.id);
    const oldClass = await classOf(oldLeg.flight_ref, 'M');
    const oldTickets = (await bookingDetail(app, booking)).tickets;
    const option = await priced(booking, Number(oldLeg.fare_price_minor) + 5_000);
    const newClass = await classOf(option.flightId, option.fareClass);
    expect(option.toPay.amount).toBe(option.changeFee.amount + option.fareDifference.amount);

    // A price the traveller did not see changes nothing.
    const stale = await change(booking, { ...option, toPay: { ...option.toPay, amount: 1 } });
    expectApiError(stale, 409, 'CHANGE_PRICE_CHANGED');
    expect(await seatsOf(newClass.id)).toBe(newClass.seats_left);

    const key = randomUUID();
    const made = await change(booking, option, key);
    expect(made.statusCode, made.body).toBe(200);
    const awaiting = ChangeResponseSchema.parse(made.json()).change;
    expect(awaiting).toMatchObject({ state: 'awaiting_payment', toPay: option.toPay });
    expect(Date.parse(awaiting.holdExpiresAt ?? '')).toBe(
      clock.now().getTime() + CHANGE_HOLD_MINUTES * 60_000,
    );
    expect(await seatsOf(newClass.id)).toBe(newClass.seats_left - 1);
    // The same key answers the same change, byte for byte, and holds no second seat.
    const replay = await change(booking, option, key);
    expect(replay.body).toBe(made.body);
    expect(await seatsOf(newClass.id)).toBe(newClass.seats_left - 1);
    // Nothing moved before the payment.
    expect((await legOf(app, booking.id)).flight_ref).toBe(oldLeg.flight_ref);

    const payKey = randomUUID();
    const card = await test.tokenizeCard(CARDS.success);
    const payment = await payChange(booking, payKey, card);
    expect(payment.statusCode, payment.body).toBe(200);
    expect(PayResponseSchema.parse(payment.json())).toMatchObject({ outcome: 'paid' });
    await drainOutbox(app);

    const detail = await bookingDetail(app, booking);
    expect(detail.flights[0]).toMatchObject({ fareClass: option.fareClass, date: option.date });
    expect(detail.flightChanges).toEqual([
      expect.objectContaining({ state: 'applied', newFlightId: option.flightId }),
    ]);
    expect(detail.tickets).toHaveLength(oldTickets.length);
    expect(detail.tickets[0]?.number).not.toBe(oldTickets[0]?.number);
    expect(detail.chargeTotal.amount).toBe(
      Number(before.total_minor) + option.fareDifference.amount,
    );
    expect(await seatsOf(oldClass.id)).toBe(oldClass.seats_left + 1);
    expect(await seatsOf(newClass.id)).toBe(newClass.seats_left - 1);
    const payments = await paymentRows(app, booking.id);
    expect(payments.map((row) => [row.status, row.amount_minor])).toEqual([
      ['succeeded', Number(before.total_minor)],
      ['succeeded', option.toPay.amount],
    ]);
    expect(await gatewayCharges(app, booking.pnr)).toHaveLength(2);
    // The booker gets the confirmation again, with the new e-tickets.
    expect(await outboxOf(app, 'mail.booking-confirmation', booking.id)).toHaveLength(2);

    // Paying again with the same key replays; with another there is nothing left to pay.
    expect((await payChange(booking, payKey, card)).body).toBe(payment.body);
    expectApiError(await payChange(booking), 409, 'NO_CHANGE_AWAITING_PAYMENT');
  });

  it('keeps a non-refundable fare’s price when the new one is cheaper: only the fee is due', async () => {
    const booking = await paid('M');
    const leg = await legOf(app, booking.id);
    const option = await priced(booking, Math.max(1_000, Number(leg.fare_price_minor) - 3_000));
    expect(option.fareDifference.amount).toBeLessThan(0);
    expect(option.toPay).toEqual(option.changeFee);
    expect((await change(booking, option)).statusCode).toBe(200);
    expect((await payChange(booking)).statusCode).toBe(200);
    const after = await legOf(app, booking.id);
    expect(after.flight_ref).toBe(option.flightId);
    expect(Number(after.fare_price_minor)).toBe(Number(leg.fare_price_minor));
  });

  it('pays a refundable fare’s cheaper difference back to the card at once, and a later cancel refunds what is left', async () => {
    const booking = await paid('B');
    const before = await bookingRow(app, booking.id);
    const leg = await legOf(app, booking.id);
    const option = await priced(booking, Math.max(1_000, Number(leg.fare_price_minor) - 4_000));
    expect(option.toPay.amount).toBe(0);
    expect(option.payout.amount).toBe(-option.fareDifference.amount);
    const made = await change(booking, option);
    expect(made.statusCode, made.body).toBe(200);
    expect(ChangeResponseSchema.parse(made.json()).change.state).toBe('applied');
    await drainOutbox(app);

    const [charge] = await gatewayCharges(app, booking.pnr);
    expect(charge?.refunded_amount).toBe(option.payout.amount);
    const [payment] = await paymentRows(app, booking.id);
    expect(payment?.status).toBe('succeeded');
    const total = Number((await bookingRow(app, booking.id)).total_minor);
    expect(total).toBe(Number(before.total_minor) - option.payout.amount);

    // Cancelling now gives back at most what is left of the payment.
    const refund = await cancelAsQuoted(booking);
    const [after] = await gatewayCharges(app, booking.pnr);
    expect(after?.refunded_amount).toBe(option.payout.amount + refund.amount);
    expect((await bookingDetail(app, booking)).refund?.state).toBe('refunded');
  });

  it('refunds a cancel after a paid change from both payments', async () => {
    const booking = await paid('B');
    const leg = await legOf(app, booking.id);
    const option = await priced(booking, Number(leg.fare_price_minor) + 6_000);
    expect((await change(booking, option)).statusCode).toBe(200);
    expect((await payChange(booking)).statusCode).toBe(200);
    await drainOutbox(app);
    const refund = await cancelAsQuoted(booking);
    const [own] = await paymentRows(app, booking.id);
    expect(refund.amount).toBeGreaterThan(Number(own?.amount_minor));
    const charges = await gatewayCharges(app, booking.pnr);
    const refunded = charges.reduce((sum, charge) => sum + (charge.refunded_amount ?? 0), 0);
    expect(refunded).toBe(refund.amount);
    expect((await bookingDetail(app, booking)).refund?.state).toBe('refunded');
  });

  it('gives the seats back when a change is not paid in time; its payment then finds nothing to pay', async () => {
    const booking = await paid('M');
    const option = (await optionList(booking))[0];
    if (!option) throw new Error('no change option');
    const fare = await classOf(option.flightId, option.fareClass);
    expect((await change(booking, option)).statusCode).toBe(200);
    expect(await seatsOf(fare.id)).toBe(fare.seats_left - 1);
    clock.advance((CHANGE_HOLD_MINUTES + 1) * 60_000);
    expectApiError(await payChange(booking), 410, 'BOOKING_EXPIRED');
    expect(await app.bookings.flightChanges.expireOverdue()).toBe(1);
    expect(await seatsOf(fare.id)).toBe(fare.seats_left);
    expect((await bookingDetail(app, booking)).flightChanges[0]?.state).toBe('expired');
    expectApiError(await payChange(booking), 409, 'NO_CHANGE_AWAITING_PAYMENT');
  });

  it('never oversells: changes racing for the last seat get it once', async () => {
    // Three bookings on the same flight: every other flight of the week is an option of each.
    const sameDay = fareClassBooker(app, () => 60);
    const bookings: BookedInClass[] = [];
    for (let index = 0; index < 3; index += 1) {
      const booking = await sameDay('MBY');
      const card = await test.tokenizeCard(CARDS.success);
      expect((await payBooking(app, booking, { method: 'CREDIT_CARD', card })).statusCode).toBe(
        200,
      );
      bookings.push(booking);
    }
    await drainOutbox(app);
    const target = (await optionList(bookings[0] as BookedInClass))[0];
    if (!target) throw new Error('no change option');
    const fare = await classOf(target.flightId, target.fareClass);
    await app.db
      .updateTable('fare_classes')
      .set({ seats_left: 1 })
      .where('id', '=', fare.id)
      .execute();
    // Every booking reads its options first (all offer the last seat of that class); then the
    // changes race. Read in between, a later list would offer the next class up instead.
    const chosen = await Promise.all(
      bookings.map(async (booking) =>
        (await optionList(booking)).find(
          (item) => item.flightId === target.flightId && item.fareClass === target.fareClass,
        ),
      ),
    );
    expect(chosen.every((option) => option !== undefined)).toBe(true);
    const answers = await Promise.all(
      bookings.map((booking, index) => {
        const mine = chosen[index];
        if (!mine) throw new Error('the last seat is not an option of every booking');
        return change(booking, mine);
      }),
    );
    const made = answers.filter((answer) => answer.statusCode === 200);
    expect(made).toHaveLength(1);
    // The others find the seat sold, or, once the sale has re-priced the class, its price moved.
    for (const answer of answers) {
      if (answer.statusCode === 200) continue;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(['CHANGE_SOLD_OUT', 'CHANGE_PRICE_CHANGED']).toContain(
        answer.json<{ code: string }>().code,
      );
    }
    expect(await seatsOf(fare.id)).toBe(0);
  });

  it('documents the change routes in the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.paths['/api/booking/{pnr}/change-options']).toHaveProperty('get');
    expect(document.paths['/api/booking/{pnr}/change']).toHaveProperty('post');
    expect(document.paths['/api/booking/{pnr}/change/pay']).toHaveProperty('post');
  });
});
