import { CreateBookingResponseSchema, SEAT_HOLD_MINUTES } from '@uniquair/contract/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  ANY_PRICE,
  bookingRowByPnr,
  bookingBody,
  buildBookingTestApp,
  createBooking,
  searchTrip,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';

const HOLD_MS = SEAT_HOLD_MINUTES * 60_000;

describe(`booking caps against hoarding (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    clock = testClock();
    testApp = await buildBookingTestApp(clock, {
      BOOKING_CREATES_PER_MINUTE: '4',
      BOOKING_UNPAID_PER_TRAVELLER: '2',
      BOOKING_UNPAID_PER_CLIENT: '3',
    });
  });

  afterAll(() => testApp.close());

  it('caps unpaid holds per device and per client; others are not affected; expiry frees them', async () => {
    const { app } = testApp;
    const search = await searchTrip(app, { oneWay: true, days: 28 });
    // Every booking moves the price a little: these travellers take it (the caps are the point).
    const body = bookingBody(search, { acceptedTotal: ANY_PRICE });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await createBooking(app, body, { tokens });
      expect(response.statusCode, response.body).toBe(200);
      tokens.push(CreateBookingResponseSchema.parse(response.json()).deviceToken);
    }
    const refusal = await createBooking(app, body, { tokens });
    const third = expectApiError(refusal, 429, 'TOO_MANY_REQUESTS');
    // Retry when the first of those holds ends.
    expect(refusal.headers['retry-after']).toBe(String(HOLD_MS / 1000));
    expect(third.errors._?.[0]).toMatch(/unpaid bookings/);
    // Another traveller is not held back.
    expect((await createBooking(app, body)).statusCode).toBe(200);

    // One client address: three unpaid bookings, then no more.
    const client = freshClient();
    for (let i = 0; i < 3; i += 1) {
      expect((await createBooking(app, body, { remoteAddress: client })).statusCode).toBe(200);
    }
    expectApiError(
      await createBooking(app, body, { remoteAddress: client }),
      429,
      'TOO_MANY_REQUESTS',
    );
    // When the holds end, the device and the client may book again.
    clock.advance(HOLD_MS);
    expect((await createBooking(app, body, { tokens })).statusCode).toBe(200);
  });

  it('limits booking attempts per client per minute', async () => {
    const client = freshClient();
    for (let i = 0; i < 4; i += 1) {
      const response = await createBooking(testApp.app, {}, { remoteAddress: client });
      expect(response.statusCode).toBe(400);
    }
    const limited = expectApiError(
      await createBooking(testApp.app, {}, { remoteAddress: client }),
      429,
      'TOO_MANY_REQUESTS',
    );
    expect(limited.success).toBe(false);
  });

  it('at most nine seated passengers per booking', async () => {
    const search = await searchTrip(testApp.app, { oneWay: true, days: 29 });
    const body = bookingBody(search);
    const passenger = body.passengers[0];
    if (!passenger) throw new Error('no passenger');
    const ten = Array.from({ length: 10 }, (_, i) => ({
      ...passenger,
      firstName: `P${'abcdefghij'.charAt(i)}`,
    }));
    const error = expectApiError(
      await createBooking(testApp.app, { ...body, passengers: ten }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.errors['body.passengers']).toContain('At most 9 adults and children per booking');
  });
});

describe(`the hold sweeper (${dialectUnderTest()})`, () => {
  it('runs with the app on its interval, expiring holds nobody reads, and stops on close', async () => {
    const clock = testClock();
    const testApp = await buildBookingTestApp(clock, { BOOKING_HOLD_SWEEP_SECONDS: '1' });
    try {
      const { app } = testApp;
      const search = await searchTrip(app, { oneWay: true, days: 31 });
      const body = bookingBody(search);
      const response = await createBooking(app, body);
      expect(response.statusCode, response.body).toBe(200);
      const { pnr } = CreateBookingResponseSchema.parse(response.json());
      const status = async () => (await bookingRowByPnr(app, pnr)).status;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await status()).toBe('not_paid');
      clock.advance(HOLD_MS);
      const deadline = Date.now() + 30_000;
      while ((await status()) !== 'expired' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await status()).toBe('expired');
    } finally {
      await testApp.close();
    }
  });
});
