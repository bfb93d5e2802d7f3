import type { AddressInfo } from 'node:net';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANY_PRICE,
  bookingBody,
  buildBookingTestApp,
  fareClassOf,
  searchTrip,
  setFareClass,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';

/**
 * Inventory under contention (reference notes INV-1, INV-2), over real sockets: many travellers
 * booking the last seats at the same moment never oversell, never leave half a booking, and are
 * answered FLIGHT_UNAVAILABLE rather than a server error.
 */
describe(`booking the last seats concurrently (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let origin: string;

  beforeAll(async () => {
    testApp = await buildBookingTestApp(testClock());
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });

  afterAll(() => testApp.close());

  const post = async (body: unknown) => {
    const response = await fetch(`${origin}/api/booking/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  const holdsOn = async (fareClassId: number) => {
    const rows = await testApp.app.db
      .selectFrom('seat_holds')
      .select(['booking_id', 'seats', 'state'])
      .where('fare_class_id', '=', fareClassId)
      .execute();
    return rows;
  };

  it('INV-1: 200 travellers, 10 seats: exactly 10 held, 190 told the flight is unavailable', async () => {
    const search = await searchTrip(testApp.app, { oneWay: true, days: 22 });
    // Each booking moves the price (docs/decisions/009): these travellers take any, so only the
    // seats decide.
    const body = bookingBody(search, { acceptedTotal: ANY_PRICE });
    const selection = body.selections[0];
    if (!selection) throw new Error('no selection');
    const fare = await fareClassOf(testApp.app, selection);
    await setFareClass(testApp.app, fare.id, { seats_left: 10 });

    // Every request is built first, then all are released at once.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = Array.from({ length: 200 }, async () => {
      await gate;
      return post(body);
    });
    release();
    const answers = await Promise.all(pending);

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const answer of refused) {
      expect(ErrorBodySchema.parse(answer.body)).toEqual({
        success: false,
        code: 'FLIGHT_UNAVAILABLE',
        errors: { 'body.selections.0': ['A flight is no longer available'] },
      });
    }
    const pnrs = ok.map((answer) => CreateBookingResponseSchema.parse(answer.body).pnr);
    expect(new Set(pnrs).size).toBe(10);
    expect((await fareClassOf(testApp.app, selection)).seats_left).toBe(0);
    const holds = await holdsOn(fare.id);
    expect(holds).toHaveLength(10);
    expect(holds.every((hold) => hold.seats === 1 && hold.state === 'held')).toBe(true);
  }, 120_000);

  it('INV-2: two legs, 1–4 seats each: all or nothing, never above capacity', async () => {
    const sizes = [1, 2, 3, 4];
    const searches = await Promise.all(
      sizes.map((adults) =>
        searchTrip(testApp.app, { days: 60, passengers: { adults, children: 0, infants: 0 } }),
      ),
    );
    const bodies = searches.map((search) => bookingBody(search));
    const [outSelection, backSelection] = bodies[0]?.selections ?? [];
    if (!outSelection || !backSelection) throw new Error('no selections');
    const outbound = await fareClassOf(testApp.app, outSelection);
    const inbound = await fareClassOf(testApp.app, backSelection);
    // The way out has 9 seats, the way back only 6: bookings must fail on the second leg too.
    await setFareClass(testApp.app, outbound.id, { seats_left: 9 });
    await setFareClass(testApp.app, inbound.id, { seats_left: 6 });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = Array.from({ length: 100 }, async (_, i) => {
      await gate;
      const body = bodies[(i * 7) % sizes.length];
      return post(body);
    });
    release();
    const answers = await Promise.all(pending);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409)).toEqual([]);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(50);

    const out = await holdsOn(outbound.id);
    const back = await holdsOn(inbound.id);
    const total = (holds: { seats: number }[]) => holds.reduce((sum, hold) => sum + hold.seats, 0);
    expect(total(back)).toBeLessThanOrEqual(6);
    // Every booking holds the same seats on both legs: nothing is left half-held.
    const byBooking = (holds: { booking_id: number; seats: number }[]) =>
      new Map(holds.map((hold) => [hold.booking_id, hold.seats]));
    expect(byBooking(out)).toEqual(byBooking(back));
    expect(out).toHaveLength(answers.filter((answer) => answer.status === 200).length);
    expect((await fareClassOf(testApp.app, outSelection)).seats_left).toBe(9 - total(out));
    expect((await fareClassOf(testApp.app, backSelection)).seats_left).toBe(6 - total(back));
    // Each booking holds as many seats as its travellers.
    const passengers = await testApp.app.db
      .selectFrom('booking_passengers')
      .select(['booking_id'])
      .where(
        'booking_id',
        'in',
        out.map((hold) => hold.booking_id),
      )
      .execute();
    for (const hold of out) {
      expect(passengers.filter((p) => p.booking_id === hold.booking_id)).toHaveLength(hold.seats);
    }
  }, 120_000);
});
