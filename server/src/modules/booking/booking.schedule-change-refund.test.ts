import { randomUUID } from 'node:crypto';
import {
  CancelBookingResponseSchema,
  CancellationQuoteResponseSchema,
} from '@uniquair/contract/cancellation';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClient } from '../../../test/helpers/accounts.ts';
import { getBooking, searchTrip } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import type { PaymentsTestApp } from '../../../test/helpers/payments.ts';
import type { MadeBooking } from '../../../test/helpers/payments-test-kit.ts';
import {
  legOf,
  postScheduleChange,
  scheduleChangeRows,
  ticketedBooking,
  startScheduleChangeTestApp,
} from '../../../test/helpers/schedule-changes.ts';

const HOUR_MS = 3_600_000;

/**
 * The third answer to a schedule change (docs/schedule-changes.md): cancelling gives back
 * everything paid, whatever the fare, while the change is unanswered, and answers the change.
 */
describe(`cancelling after a schedule change (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  const clock = testClock();

  beforeAll(async () => {
    test = await startScheduleChangeTestApp(clock);
  });

  afterAll(() => test.close());

  async function quote(booking: MadeBooking) {
    const response = await getBooking(test.app, booking.pnr, {
      tokens: [booking.deviceToken],
      path: 'cancellation-quote',
    });
    expect(response.statusCode, response.body).toBe(200);
    return CancellationQuoteResponseSchema.parse(response.json());
  }

  it('gives back everything paid while the change is unanswered, and answers it', async () => {
    const { app } = test;
    const booking = await ticketedBooking(test, await searchTrip(app, { days: 30, oneWay: true }));
    // Past the free first day: the cheapest fare keeps some or all of what was paid.
    clock.advance(25 * HOUR_MS);
    const before = await quote(booking);
    expect(before).toMatchObject({ freeWindow: false, scheduleChanged: false });
    expect(before.refund.amount).toBeLessThan(before.paid.amount);

    const flight = await app.db
      .selectFrom('flights')
      .selectAll()
      .where('id', '=', Number((await legOf(app, booking.id)).flight_ref))
      .executeTakeFirstOrThrow();
    const later = (instant: string) => new Date(Date.parse(instant) + 3 * HOUR_MS).toISOString();
    const changed = await postScheduleChange(app, flight.id, {
      departureUtc: later(flight.departure_utc),
      arrivalUtc: later(flight.arrival_utc),
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const after = await quote(booking);
    expect(after).toMatchObject({ freeWindow: false, scheduleChanged: true });
    expect(after.refund).toEqual(after.paid);
    expect(after.paid.amount).toBeGreaterThan(0);
    expect(after.lines.every((line) => line.refund === line.paid && line.fee === 0)).toBe(true);

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/cancel`,
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken, 'idempotency-key': randomUUID() },
      payload: { acceptedRefund: after.refund },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(CancelBookingResponseSchema.parse(cancelled.json()).refund?.amount).toBe(
      after.paid.amount,
    );
    const [change] = await scheduleChangeRows(app, booking.id);
    expect(change?.answer).toBe('cancelled');
  });
});
