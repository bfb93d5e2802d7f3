import {
  BookingResponseSchema,
  CreateBookingResponseSchema,
  SEAT_HOLD_MINUTES,
} from '@uniquair/contract/booking';
import { BookingExtraDataResponseSchema } from '@uniquair/contract/booking-extra-data';
import { addDays, addYears, type Ymd } from '@uniquair/domain/dates/ymd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, freshClient, signIn } from '../../../test/helpers/accounts.ts';
import {
  bookingBody,
  createBooking,
  fareClassOf,
  firstFlight,
  getBooking,
  searchTrip,
  type TripSearch,
} from '../../../test/helpers/booking.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { FARE_RULES } from '../flight/fare-rules.ts';

describe(`POST /api/booking/create and GET /api/booking/{pnr}/get (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;
  let trip: TripSearch;

  beforeAll(async () => {
    clock = testClock();
    testApp = await buildTestApp(
      {
        SEARCH_RESULT_TTL_SECONDS: '86400',
        BOOKING_CREATES_PER_MINUTE: '0',
        BOOKING_UNPAID_PER_TRAVELLER: '0',
        BOOKING_UNPAID_PER_CLIENT: '0',
        BOOKING_HOLD_SWEEP_SECONDS: '0',
      },
      { clock: clock.now, search: { initWaitMs: 10_000 } },
    );
    trip = await searchTrip(testApp.app, { passengers: { adults: 2, children: 1, infants: 1 } });
  });

  afterAll(() => testApp.close());

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

    const row = await testApp.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('pnr', '=', created.pnr)
      .executeTakeFirstOrThrow();
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
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/booking/create',
      remoteAddress: freshClient(),
      headers: { cookie: 'uq_currency=EUR' },
      payload: body,
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
    const usd = await testApp.app.inject({
      method: 'POST',
      url: '/api/booking/create',
      remoteAddress: freshClient(),
      headers: { cookie: 'uq_currency=KRW' },
      payload: body,
    });
    expect(usd.statusCode, usd.body).toBe(200);
    const row = await testApp.app.db
      .selectFrom('bookings')
      .select(['currency', 'total_minor', 'base_total_minor'])
      .where('pnr', '=', CreateBookingResponseSchema.parse(usd.json()).pnr)
      .executeTakeFirstOrThrow();
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
      const response = await createBooking(testApp.app, bookingBody(trip), {
        cookie: ownerCookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      ({ pnr, deviceToken } = CreateBookingResponseSchema.parse(response.json()));
      const other = await createBooking(testApp.app, bookingBody(trip));
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

    it('counts look-ups that find nothing and answers 429 past the limit', async () => {
      const client = freshClient();
      for (let i = 0; i < 20; i += 1) {
        const response = await getBooking(testApp.app, `QQQQQ${String(i).padStart(2, '0')}`, {
          remoteAddress: client,
        });
        expect(response.statusCode).toBe(404);
      }
      const blocked = await getBooking(testApp.app, pnr, {
        tokens: [deviceToken],
        remoteAddress: client,
      });
      expectApiError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Other clients are not affected.
      expect((await getBooking(testApp.app, pnr, { tokens: [deviceToken] })).statusCode).toBe(200);
    });
  });

  describe('validation', () => {
    const first = () => trip.dates[0] as Ymd;
    const last = () => trip.dates[1] as Ymd;

    it('names the passenger field at fault', async () => {
      const body = bookingBody(trip);
      const [adult, , child, infant] = [
        body.passengers[0],
        body.passengers[1],
        body.passengers[2],
        body.passengers[3],
      ];
      if (!adult || !child || !infant) throw new Error('passengers missing');
      // Infant turning 2 on the first travel date; child 12 on it; adult's passport expiring on
      // the last travel date; an unknown nationality; a birth date in the future.
      infant.birthDate = addYears(first(), -2);
      child.birthDate = addYears(first(), -12);
      adult.documentExpiry = last();
      adult.nationality = 'XX';
      const second = body.passengers[1];
      if (second) second.birthDate = addDays('2026-11-23' as Ymd, 2);
      const error = expectApiError(await createBooking(testApp.app, body), 400, 'VALIDATION_ERROR');
      expect(error.errors).toMatchObject({
        'body.passengers.3.birthDate': ['An infant must be under 2 on the first travel date'],
        'body.passengers.2.birthDate': ['A child must be 2 to 11 on the first travel date'],
        'body.passengers.0.documentExpiry': [
          'The document must be valid after the last travel date',
        ],
        'body.passengers.0.nationality': ['Choose a nationality from the list'],
        'body.passengers.1.birthDate': ['The birth date cannot be in the future'],
      });
    });

    it('requires the passenger counts of the search and one flight per destination', async () => {
      const body = bookingBody(trip);
      const error = expectApiError(
        await createBooking(testApp.app, {
          ...body,
          passengers: body.passengers.slice(0, 3),
          selections: body.selections.slice(0, 1),
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.errors['body.passengers']?.[0]).toMatch(
        /search is for 2 adults, 1 child, 1 infant; the passengers are 2 adults, 1 child, 0 infants/,
      );
      expect(error.errors['body.selections']).toEqual(['Choose a flight for destination 2']);

      const other = firstFlight(trip, 1);
      const wrongLeg = expectApiError(
        await createBooking(testApp.app, {
          ...body,
          selections: [
            { destinationIndex: 0, flightId: other.id, fareClass: 'Q' },
            { destinationIndex: 0, flightId: other.id, fareClass: 'Q' },
          ],
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(wrongLeg.errors['body.selections.0.flightId']).toEqual([
        'This flight is not in the results of this destination',
      ]);
      expect(wrongLeg.errors['body.selections.1.destinationIndex']).toEqual([
        'Only one flight can be chosen per destination',
      ]);
    });

    it('refuses an unknown search, and a malformed body, with the error body', async () => {
      const unknown = expectApiError(
        await createBooking(testApp.app, bookingBody(trip, { searchHash: 'f'.repeat(32) })),
        404,
        'NOT_FOUND',
      );
      expect(unknown.errors).toEqual({ 'body.searchHash': ['No such search'] });
      const bad = expectApiError(
        await createBooking(testApp.app, { ...bookingBody(trip), passengers: [] }),
        400,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(bad.errors).some((key) => key.startsWith('body.passengers'))).toBe(true);
    });
  });

  it('answers SEARCH_EXPIRED when a flight id of the result now names another flight', async () => {
    const search = await searchTrip(testApp.app, { oneWay: true, days: 55 });
    const flight = firstFlight(search, 0);
    await testApp.app.db
      .updateTable('flights')
      .set({ flight_number: 'ZZ9999' })
      .where('id', '=', Number(flight.id))
      .execute();
    const error = expectApiError(
      await createBooking(testApp.app, bookingBody(search)),
      410,
      'SEARCH_EXPIRED',
    );
    expect(error.errors).toEqual({ 'body.searchHash': ['Search result expired'] });
  });

  describe('price changes', () => {
    let search: TripSearch;
    beforeAll(async () => {
      search = await searchTrip(testApp.app, { oneWay: true, days: 30 });
    });

    it('answers PRICE_INCREASED with the new total, and books at it once accepted', async () => {
      const body = bookingBody(search);
      const selection = body.selections[0];
      if (!selection) throw new Error('no selection');
      const fare = await fareClassOf(testApp.app, selection);
      await testApp.app.db
        .updateTable('fare_classes')
        .set({ price_minor: fare.price_minor + 2_500 })
        .where('id', '=', fare.id)
        .execute();
      const seatsBefore = (await fareClassOf(testApp.app, selection)).seats_left;

      const refused = expectApiError(
        await createBooking(testApp.app, body),
        409,
        'PRICE_INCREASED',
      );
      expect(refused.errors).toEqual({
        _: ['Your booking price has increased'],
        newTotal: [String(fare.price_minor + 2_500), 'USD'],
        previousTotal: [String(fare.price_minor), 'USD'],
      });
      expect((await fareClassOf(testApp.app, selection)).seats_left).toBe(seatsBefore);

      // Accepting less than the new total is not enough.
      expectApiError(
        await createBooking(testApp.app, {
          ...body,
          acceptedTotal: { amount: fare.price_minor + 2_499, currency: 'USD' },
        }),
        409,
        'PRICE_INCREASED',
      );
      const accepted = await createBooking(testApp.app, {
        ...body,
        acceptedTotal: { amount: fare.price_minor + 2_500, currency: 'USD' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const { pnr } = CreateBookingResponseSchema.parse(accepted.json());
      const row = await testApp.app.db
        .selectFrom('bookings')
        .select(['total_minor', 'currency'])
        .where('pnr', '=', pnr)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ total_minor: fare.price_minor + 2_500, currency: 'USD' });
    });

    it('books at the current price when it fell', async () => {
      const body = bookingBody(search);
      const selection = body.selections[0];
      if (!selection) throw new Error('no selection');
      const fare = await fareClassOf(testApp.app, selection);
      await testApp.app.db
        .updateTable('fare_classes')
        .set({ price_minor: 1_000 })
        .where('id', '=', fare.id)
        .execute();
      const response = await createBooking(testApp.app, body);
      expect(response.statusCode, response.body).toBe(200);
      const { pnr } = CreateBookingResponseSchema.parse(response.json());
      const row = await testApp.app.db
        .selectFrom('bookings')
        .select('total_minor')
        .where('pnr', '=', pnr)
        .executeTakeFirstOrThrow();
      expect(row.total_minor).toBe(1_000);
    });
  });

  describe('sold out', () => {
    it('answers FLIGHT_UNAVAILABLE naming the leg, and holds nothing on any leg', async () => {
      const search = await searchTrip(testApp.app, {
        days: 40,
        passengers: { adults: 2, children: 0, infants: 0 },
      });
      const body = bookingBody(search);
      const [outbound, inbound] = await Promise.all(
        body.selections.map((selection) => fareClassOf(testApp.app, selection)),
      );
      if (!outbound || !inbound) throw new Error('no fares');
      // One seat left on the way back: two travellers cannot both have it.
      await testApp.app.db
        .updateTable('fare_classes')
        .set({ seats_left: 1 })
        .where('id', '=', inbound.id)
        .execute();
      const bookingsBefore = await countRows(testApp, 'bookings');
      const holdsBefore = await countRows(testApp, 'seat_holds');
      const error = expectApiError(
        await createBooking(testApp.app, body),
        409,
        'FLIGHT_UNAVAILABLE',
      );
      expect(error.errors).toEqual({ 'body.selections.1': ['A flight is no longer available'] });
      expect((await seatsLeft(testApp, outbound.id)).seats_left).toBe(outbound.seats_left);
      expect((await seatsLeft(testApp, inbound.id)).seats_left).toBe(1);
      expect(await countRows(testApp, 'bookings')).toBe(bookingsBefore);
      expect(await countRows(testApp, 'seat_holds')).toBe(holdsBefore);
    });
  });

  describe('extras', () => {
    it('prices extra bags with the fare rules and refuses what the fare does not sell', async () => {
      const search = await searchTrip(testApp.app, {
        oneWay: true,
        days: 45,
        passengers: { adults: 1, children: 0, infants: 1 },
      });
      const flight = firstFlight(search, 0);
      const letter = flight.fareClasses.find(
        (fare) => (FARE_RULES[fare.letter]?.extras.length ?? 0) > 0,
      )?.letter;
      const noExtras = flight.fareClasses.find(
        (fare) => FARE_RULES[fare.letter]?.extras.length === 0,
      )?.letter;
      if (!letter) throw new Error('no fare selling extras');
      const offer = FARE_RULES[letter]?.extras[0];
      if (!offer) throw new Error('no extra');
      const selections = [{ destinationIndex: 0, flightId: flight.id, fareClass: letter }];
      const fare = await fareClassOf(testApp.app, { flightId: flight.id, fareClass: letter });

      const refused = expectApiError(
        await createBooking(
          testApp.app,
          bookingBody(search, {
            selections,
            extras: [
              { destinationIndex: 0, passengerIndex: 1, code: 'checked_bag', quantity: 1 },
              {
                destinationIndex: 0,
                passengerIndex: 0,
                code: 'checked_bag',
                quantity: offer.maxPerPassenger + 1 > 3 ? 3 : offer.maxPerPassenger + 1,
              },
              { destinationIndex: 1, passengerIndex: 0, code: 'checked_bag', quantity: 1 },
            ],
          }),
        ),
        400,
        'VALIDATION_ERROR',
      );
      expect(refused.errors).toMatchObject({
        'body.extras.0.passengerIndex': ['Infants cannot have extras'],
        'body.extras.2.destinationIndex': ['No flight is chosen for this destination'],
      });
      if (offer.maxPerPassenger < 3) {
        expect(refused.errors['body.extras.1.quantity']).toEqual([
          `At most ${offer.maxPerPassenger} per passenger on this flight`,
        ]);
      }
      if (noExtras) {
        expectApiError(
          await createBooking(
            testApp.app,
            bookingBody(search, {
              selections: [{ destinationIndex: 0, flightId: flight.id, fareClass: noExtras }],
              extras: [
                { destinationIndex: 0, passengerIndex: 0, code: 'checked_bag', quantity: 1 },
              ],
            }),
          ),
          400,
          'VALIDATION_ERROR',
        );
      }

      const response = await createBooking(
        testApp.app,
        bookingBody(search, {
          selections,
          extras: [
            {
              destinationIndex: 0,
              passengerIndex: 0,
              code: 'checked_bag',
              quantity: offer.maxPerPassenger,
            },
          ],
          acceptedTotal: { amount: 10_000_000, currency: 'USD' },
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { pnr, deviceToken } = CreateBookingResponseSchema.parse(response.json());
      const { booking } = BookingResponseSchema.parse(
        (await getBooking(testApp.app, pnr, { tokens: [deviceToken] })).json(),
      );
      const bags = offer.price * offer.maxPerPassenger;
      expect(booking.extras).toEqual([
        {
          destinationIndex: 0,
          passengerIndex: 0,
          code: 'checked_bag',
          quantity: offer.maxPerPassenger,
          price: bags,
        },
      ]);
      expect(booking.baseTotal.amount).toBe(fare.price_minor + bags);

      const extra = await getBooking(testApp.app, pnr, {
        tokens: [deviceToken],
        path: 'extra-data',
      });
      expect(extra.statusCode, extra.body).toBe(200);
      const data = BookingExtraDataResponseSchema.parse(extra.json());
      expect(data.extras).toEqual(booking.extras);
      expect(data.legs[0]).toMatchObject({
        index: 0,
        fareClass: letter,
        baggage: { checked: FARE_RULES[letter]?.checkedBags },
        extrasOffered: FARE_RULES[letter]?.extras,
      });
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
      const row = await testApp.app.db
        .selectFrom('bookings')
        .select('owner_user_id')
        .where('pnr', '=', pnr)
        .executeTakeFirstOrThrow();
      expect(row.owner_user_id).toBe(account.id);
    });
  });
});

async function seatsLeft(testApp: TestApp, fareClassId: number) {
  return testApp.app.db
    .selectFrom('fare_classes')
    .select('seats_left')
    .where('id', '=', fareClassId)
    .executeTakeFirstOrThrow();
}

async function countRows(testApp: TestApp, table: 'bookings' | 'seat_holds'): Promise<number> {
  const row = await testApp.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
