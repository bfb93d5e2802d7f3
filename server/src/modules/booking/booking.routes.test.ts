import {
  BookingResponseSchema,
  CreateBookingResponseSchema,
  SEAT_HOLD_MINUTES,
} from '@uniquair/contract/booking';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, freshClient, signIn } from '../../../test/helpers/accounts.ts';
import {
  bookingRowByPnr,
  bookingBody,
  createBooking,
  createBookingAtCurrentPrice,
  fareClassOf,
  firstFlight,
  getBooking,
  searchTrip,
  type TripSearch,
  useBookingTestApp,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';

describe(`POST /api/booking/create and GET /api/booking/{pnr}/get (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const testApp = useBookingTestApp(clock);
  let trip: TripSearch;

  beforeAll(async () => {
    trip = await searchTrip(testApp.app, { passengers: { adults: 2, children: 1, infants: 1 } });
  });

  it('holds the seats, prices on the server and answers the PNR and a device token', async () => {
    const body = bookingBody(trip);
    const [outbound, inbound] = body.selections;
    const before = await Promise.all(
      body.selections.map((selection) => fareClassOf(testApp.app, selection)),
    );
    // Amounts sent by the client are not part of the request and are never used.
    const response = await createBooking(testApp.app, {
      ...body,
      total: 1,
      price: 1,
      currency: 'EUR',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = CreateBookingResponseSchema.parse(response.json());
    expect(created.pnr).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
    expect(created.holdExpiresAt).toBe(
      new Date(clock.now().getTime() + SEAT_HOLD_MINUTES * 60_000).toISOString(),
    );

    // Three seated travellers (the infant sits on a lap) on each leg.
    const after = await Promise.all(
      body.selections.map((selection) => fareClassOf(testApp.app, selection)),
    );
    expect(after.map((row) => row.seats_left)).toEqual(before.map((row) => row.seats_left - 3));
    const expected = before.reduce((sum, row) => sum + row.price_minor * 3, 0);

    const row = await bookingRowByPnr(testApp.app, created.pnr);
    expect(row).toMatchObject({
      status: 'not_paid',
      owner_user_id: null,
      currency: 'USD',
      total_minor: expected,
      base_total_minor: expected,
      device_token_hash: secretHash(created.deviceToken),
      hold_expires_at: created.holdExpiresAt,
      locale: 'en',
      search_hash: trip.hash,
    });
    // A return is listed by where it goes, not by the airport it comes back to.
    const out = firstFlight(trip, 0).segments;
    expect([row.origin_airport, row.destination_airport]).toEqual([
      out[0]?.from,
      out[out.length - 1]?.to,
    ]);
    expect(row.destination_airport).not.toBe(row.origin_airport);
    const holds = await testApp.app.db
      .selectFrom('seat_holds')
      .selectAll()
      .where('booking_id', '=', row.id)
      .orderBy('fare_class_id')
      .execute();
    expect(holds.map((hold) => [hold.fare_class_id, hold.seats, hold.state])).toEqual(
      [...before].sort((a, b) => a.id - b.id).map((fare) => [fare.id, 3, 'held']),
    );
    const tokens = await testApp.app.db
      .selectFrom('booking_device_tokens')
      .select('token_hash')
      .where('booking_id', '=', row.id)
      .execute();
    expect(tokens).toEqual([{ token_hash: secretHash(created.deviceToken) }]);

    // The device reads it back: flights, passengers, totals, payable.
    const read = await getBooking(testApp.app, created.pnr, { tokens: [created.deviceToken] });
    expect(read.statusCode, read.body).toBe(200);
    const { booking } = BookingResponseSchema.parse(read.json());
    expect(booking).toMatchObject({
      pnr: created.pnr,
      status: 'not_paid',
      payable: true,
      holdExpiresAt: created.holdExpiresAt,
      baseTotal: { amount: expected, currency: 'USD' },
      chargeTotal: { amount: expected, currency: 'USD' },
      payments: [],
      tickets: [],
      extras: [],
    });
    expect(booking.passengers.map((p) => [p.typeId, p.firstName])).toEqual(
      body.passengers.map((p) => [p.typeId, p.firstName]),
    );
    expect(booking.flights.map((f) => [f.index, f.fareClass, f.farePrice])).toEqual([
      [0, outbound?.fareClass, before[0]?.price_minor],
      [1, inbound?.fareClass, before[1]?.price_minor],
    ]);
    expect(booking.flights[0]?.segments.map((s) => s.flightNumber)).toEqual(
      firstFlight(trip, 0).segments.map((s) => s.flightNumber),
    );
    expect(booking.flights[0]?.segments[0]?.carrierName).toMatch(/\w/);
  });

  it('charges in the selected currency when it is EUR, converted once from the USD total', async () => {
    const body = bookingBody(trip);
    const response = await createBookingAtCurrentPrice(testApp.app, body, {
      cookie: 'uq_currency=EUR',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { pnr, deviceToken } = CreateBookingResponseSchema.parse(response.json());
    const { booking } = BookingResponseSchema.parse(
      (await getBooking(testApp.app, pnr, { tokens: [deviceToken] })).json(),
    );
    const rate = await testApp.app.db
      .selectFrom('currencies')
      .select('rate')
      .where('code', '=', 'EUR')
      .executeTakeFirstOrThrow();
    expect(booking.chargeTotal).toEqual({
      amount: Math.round(booking.baseTotal.amount * rate.rate),
      currency: 'EUR',
    });
    expect(booking.baseTotal.currency).toBe('USD');
    // A currency that cannot be charged (here KRW) is charged in USD.
    const usd = await createBookingAtCurrentPrice(testApp.app, body, {
      cookie: 'uq_currency=KRW',
    });
    expect(usd.statusCode, usd.body).toBe(200);
    const row = await bookingRowByPnr(
      testApp.app,
      CreateBookingResponseSchema.parse(usd.json()).pnr,
    );
    expect(row.currency).toBe('USD');
    expect(row.total_minor).toBe(row.base_total_minor);
  });

  describe('who may read a booking', () => {
    let pnr: string;
    let deviceToken: string;
    let ownerCookie: string;
    let strangerCookie: string;
    let otherDeviceToken: string;

    beforeAll(async () => {
      const owner = await createAccount(testApp.app);
      ownerCookie = await signIn(testApp.app, owner);
      strangerCookie = await signIn(testApp.app, await createAccount(testApp.app));
      const response = await createBookingAtCurrentPrice(testApp.app, bookingBody(trip), {
        cookie: ownerCookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      ({ pnr, deviceToken } = CreateBookingResponseSchema.parse(response.json()));
      const other = await createBookingAtCurrentPrice(testApp.app, bookingBody(trip));
      otherDeviceToken = CreateBookingResponseSchema.parse(other.json()).deviceToken;
    });

    it('answers the owner and the device that made it', async () => {
      for (const access of [{ cookie: ownerCookie }, { tokens: [deviceToken] }]) {
        const response = await getBooking(testApp.app, pnr, access);
        expect(response.statusCode, response.body).toBe(200);
        expect(BookingResponseSchema.parse(response.json()).booking.pnr).toBe(pnr);
      }
      // Any case of the PNR.
      const lower = await getBooking(testApp.app, pnr.toLowerCase(), { tokens: [deviceToken] });
      expect(lower.statusCode).toBe(200);
    });

    it('answers everyone else exactly as for a PNR that does not exist', async () => {
      const unknown = await getBooking(testApp.app, pnr === 'ZZZZZZZ' ? 'YYYYYYY' : 'ZZZZZZZ', {
        tokens: [deviceToken],
      });
      expectApiError(unknown, 404, 'NOT_FOUND');
      for (const access of [
        {},
        { cookie: strangerCookie },
        { tokens: [otherDeviceToken] },
        { tokens: ['x'.repeat(43)] },
      ]) {
        for (const path of ['get', 'extra-data']) {
          const response = await getBooking(testApp.app, pnr, { ...access, path });
          expect(response.statusCode).toBe(404);
          expect(response.body).toBe(unknown.body);
          expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
        }
      }
    });

    it('counts look-ups that find nothing and answers 429 past the limit, never to the owner', async () => {
      const client = freshClient();
      for (let i = 0; i < 20; i += 1) {
        const response = await getBooking(testApp.app, `QQQQQ${String(i).padStart(2, '0')}`, {
          remoteAddress: client,
        });
        expect(response.statusCode).toBe(404);
      }
      // Guesses are refused alike whether the PNR exists or not, with or without a session.
      const guesses = [
        await getBooking(testApp.app, 'QQQQQ99', { remoteAddress: client }),
        await getBooking(testApp.app, pnr, { remoteAddress: client }),
        await getBooking(testApp.app, pnr, { remoteAddress: client, cookie: strangerCookie }),
        await getBooking(testApp.app, pnr, { remoteAddress: client, tokens: [otherDeviceToken] }),
        await getBooking(testApp.app, 'QQQQQ98', { remoteAddress: client, tokens: [deviceToken] }),
      ];
      for (const blocked of guesses) {
        expectApiError(blocked, 429, 'TOO_MANY_REQUESTS');
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect(blocked.body).toBe(guesses[0]?.body);
      }
      // The owner proving ownership (the booking's device token or session) is not locked out.
      for (const access of [{ tokens: [deviceToken] }, { cookie: ownerCookie }]) {
        for (const path of ['get', 'extra-data', 'payment-options']) {
          const own = await getBooking(testApp.app, pnr, {
            ...access,
            remoteAddress: client,
            path,
          });
          expect(own.statusCode, own.body).toBe(200);
        }
      }
      // Other clients are not affected.
      expect((await getBooking(testApp.app, pnr, { tokens: [deviceToken] })).statusCode).toBe(200);
    });
  });

  it('records the affiliate the visitor arrived through', async () => {
    const page = await testApp.app.inject({ url: '/flights/1/0/0/12.2026-12-01?aff=SkyScout' });
    const header = page.headers['set-cookie'];
    const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
    const cookie = cookies.find((line) => line.startsWith('uq_aff='))?.split(';')[0];
    expect(cookie).toBeDefined();
    const search = await searchTrip(testApp.app, { oneWay: true, days: 52 });
    const response = await createBooking(testApp.app, bookingBody(search), { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const { pnr } = CreateBookingResponseSchema.parse(response.json());
    const row = await testApp.app.db
      .selectFrom('bookings')
      .innerJoin('affiliates', 'affiliates.id', 'bookings.affiliate_id')
      .select('affiliates.code')
      .where('bookings.pnr', '=', pnr)
      .executeTakeFirstOrThrow();
    expect(row.code.toLowerCase()).toBe('skyscout');
  });

  describe('saved passengers', () => {
    it('remembers the passengers of a signed-in booker who asks for it', async () => {
      const account = await createAccount(testApp.app);
      const cookie = await signIn(testApp.app, account);
      const search = await searchTrip(testApp.app, { oneWay: true, days: 50 });
      const response = await createBooking(testApp.app, bookingBody(search), { cookie });
      expect(response.statusCode, response.body).toBe(200);
      const saved = await testApp.app.db
        .selectFrom('saved_passengers')
        .select(['first_name', 'document_number'])
        .where('user_id', '=', account.id)
        .execute();
      expect(saved).toEqual([{ first_name: 'TravellerA', document_number: 'AB100000' }]);
      const { pnr } = CreateBookingResponseSchema.parse(response.json());
      const row = await bookingRowByPnr(testApp.app, pnr);
      expect(row.owner_user_id).toBe(account.id);
    });
  });
});
