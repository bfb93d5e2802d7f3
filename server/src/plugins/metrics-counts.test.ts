import { SEAT_HOLD_MINUTES } from '@uniquair/contract/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { addDays } from '@uniquair/domain/dates/ymd';
import { appOptionsOn, searchTrip, type TripSearch } from '../../test/helpers/booking.ts';
import { testClock } from '../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../test/helpers/database.ts';
import { scrape } from '../../test/helpers/metrics.ts';
import { sampleValue } from '../../test/helpers/prometheus-text.ts';
import { CARDS, startPaymentsTestApp, type PaymentsTestApp } from '../../test/helpers/payments.ts';
import { makeBooking, PAYMENT_TEST_ENV, payBooking } from '../../test/helpers/payments-test-kit.ts';
import { dailyRoundTrip, eventually } from '../../test/helpers/search.ts';
import {
  gatedSearchApp,
  listenLocally,
  ONE_ADULT,
  type GatedSupplier,
} from '../../test/helpers/search-api.ts';
import type { TestApp } from '../../test/helpers/build.ts';

describe(`what the features count (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  let trip: TripSearch;
  const clock = testClock();

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    trip = await searchTrip(test.app, { oneWay: true });
  });

  afterAll(() => test.close());

  it('counts the search started and finished, with its duration', async () => {
    const text = await scrape(test.app);
    expect(sampleValue(text, 'uniquair_searches_started_total')).toBe(1);
    expect(sampleValue(text, 'uniquair_searches_finished_total', { status: 'done' })).toBe(1);
    expect(sampleValue(text, 'uniquair_searches_finished_total', { status: 'error' })).toBe(0);
    expect(sampleValue(text, 'uniquair_search_duration_seconds_count', { status: 'done' })).toBe(1);
    // The same search again is answered from its stored result: no job starts.
    await searchTrip(test.app, { oneWay: true });
    expect(sampleValue(await scrape(test.app), 'uniquair_searches_started_total')).toBe(1);
  });

  it('counts bookings created and paid, and payments by outcome and method', async () => {
    const { app } = test;
    const before = await scrape(app);
    const paid = await makeBooking(app, trip);
    const card = await test.tokenizeCard(CARDS.success);
    expect((await payBooking(app, paid, { method: 'CREDIT_CARD', card })).statusCode).toBe(200);

    const declined = await makeBooking(app, trip);
    const refused = await test.tokenizeCard(CARDS.declined);
    const answer = await payBooking(app, declined, { method: 'CREDIT_CARD', card: refused });
    expect(answer.statusCode).toBe(402);

    const atAirline = await makeBooking(app, trip);
    expect((await payBooking(app, atAirline, { method: 'DIRECT_TO_AIRLINE' })).statusCode).toBe(
      200,
    );

    const text = await scrape(app);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(text, name, labels) - sampleValue(before, name, labels);
    expect(moved('uniquair_bookings_created_total')).toBe(3);
    expect(moved('uniquair_bookings_paid_total', { method: 'CREDIT_CARD' })).toBe(1);
    const payments = 'uniquair_payments_total';
    expect(moved(payments, { outcome: 'succeeded', method: 'CREDIT_CARD' })).toBe(1);
    expect(moved(payments, { outcome: 'failed', method: 'CREDIT_CARD' })).toBe(1);
    expect(moved(payments, { outcome: 'pay_at_airline', method: 'DIRECT_TO_AIRLINE' })).toBe(1);
  });

  it('counts the bookings whose hold ended, by the sweeper or on a read', async () => {
    const { app } = test;
    const before = sampleValue(await scrape(app), 'uniquair_bookings_expired_total');
    await makeBooking(app, trip);
    await makeBooking(app, trip);
    clock.advance((SEAT_HOLD_MINUTES + 1) * 60_000);
    try {
      expect(await app.bookings.expireOverdueHolds()).toBeGreaterThanOrEqual(2);
      const after = sampleValue(await scrape(app), 'uniquair_bookings_expired_total');
      expect(after - before).toBeGreaterThanOrEqual(2);
      // Swept once: a second round expires nothing more.
      await app.bookings.expireOverdueHolds();
      expect(sampleValue(await scrape(app), 'uniquair_bookings_expired_total')).toBe(after);
    } finally {
      clock.advance(-(SEAT_HOLD_MINUTES + 1) * 60_000);
    }
  });
});

describe(`the progress streams open (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let gate: GatedSupplier;
  let base: string;

  beforeAll(async () => {
    ({ testApp, gate } = await gatedSearchApp({ SEARCH_MAX_STREAMS_PER_CLIENT: '0' }));
    base = await listenLocally(testApp);
  });

  afterAll(() => testApp.close());

  it('counts SSE and WebSocket streams while they are open', async () => {
    const { out } = await dailyRoundTrip(testApp.app.db);
    const init = await fetch(`${base}/api/search/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        destinations: [{ route: out.id, date: addDays(TEST_TODAY, 12) }],
        passengers: ONE_ADULT,
      }),
    });
    const { hash } = (await init.json()) as { hash: string };
    await eventually(() => gate.waiting() === 1);

    const events = await fetch(`${base}/spp/search/ssestatus/${hash}`);
    const reader = events.body?.getReader();
    await reader?.read();
    const socket = new WebSocket(`${base.replace('http', 'ws')}/sp/search/status?hash=${hash}`);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('message', resolve));

    const open = await scrape(testApp.app);
    expect(sampleValue(open, 'uniquair_streams_open', { transport: 'sse' })).toBe(1);
    expect(sampleValue(open, 'uniquair_streams_open', { transport: 'websocket' })).toBe(1);

    gate.release();
    await closed;
    while (reader && !(await reader.read()).done);
    // The server sees the ends a moment after the client does.
    for (let tries = 0; ; tries += 1) {
      const text = await scrape(testApp.app);
      const left =
        sampleValue(text, 'uniquair_streams_open', { transport: 'sse' }) +
        sampleValue(text, 'uniquair_streams_open', { transport: 'websocket' });
      if (left === 0) break;
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
