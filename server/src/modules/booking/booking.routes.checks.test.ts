import { BookingResponseSchema, CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { BookingExtraDataResponseSchema } from '@uniquair/contract/booking-extra-data';
import { addDays, addYears, type Ymd } from '@uniquair/domain/dates/ymd';
import { beforeAll, describe, expect, it } from 'vitest';
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
  setFareClass,
  useBookingTestApp,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { FARE_RULES } from '@uniquair/domain/pricing/fare-rules';

describe(`POST /api/booking/create: checks, prices, seats and extras (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const testApp = useBookingTestApp(clock);
  let trip: TripSearch;

  beforeAll(async () => {
    trip = await searchTrip(testApp.app, { passengers: { adults: 2, children: 1, infants: 1 } });
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

    it('takes names, not markup, for passengers and the booker', async () => {
      const body = bookingBody(trip);
      const [adult, second] = body.passengers;
      if (!adult || !second) throw new Error('passengers missing');
      adult.firstName = '<script>alert(2)</script>';
      second.lastName = 'Pop{}';
      body.booker.lastName = 'Ana\u0007';
      const error = expectApiError(await createBooking(testApp.app, body), 400, 'VALIDATION_ERROR');
      const message = 'Use only letters, spaces, apostrophes, hyphens and dots';
      const fields = Object.entries(error.errors);
      for (const field of ['passengers.0.firstName', 'passengers.1.lastName', 'booker.lastName']) {
        expect(fields.find(([key]) => key.endsWith(field))?.[1]).toEqual([message]);
      }
      adult.firstName = 'Zoë-Anne';
      second.lastName = "O'Brien-Nguyễn";
      body.booker.lastName = 'St. John';
      const created = await createBookingAtCurrentPrice(testApp.app, body);
      expect(created.statusCode, created.body).toBe(200);
    });

    it('takes the booker’s phone number as people write it and keeps its digits', async () => {
      const body = bookingBody(trip);
      body.booker.phoneCode = '40';
      body.booker.phone = '+49 (30) 123-45.67';
      const created = await createBookingAtCurrentPrice(testApp.app, body);
      expect(created.statusCode, created.body).toBe(200);
      const { pnr, deviceToken } = CreateBookingResponseSchema.parse(created.json());
      const row = await bookingRowByPnr(testApp.app, pnr);
      // The calling code written in the number wins over the chosen one.
      expect([row.booker_phone_code, row.booker_phone]).toEqual(['49', '301234567']);
      const read = await getBooking(testApp.app, pnr, { tokens: [deviceToken] });
      expect(BookingResponseSchema.parse(read.json()).booking.booker).toMatchObject({
        phoneCode: '49',
        phone: '301234567',
      });

      body.booker.phone = '0721 234 567';
      const national = await createBookingAtCurrentPrice(testApp.app, body);
      expect(national.statusCode, national.body).toBe(200);
      const stored = await bookingRowByPnr(
        testApp.app,
        CreateBookingResponseSchema.parse(national.json()).pnr,
      );
      expect([stored.booker_phone_code, stored.booker_phone]).toEqual(['40', '721234567']);
    });

    it('names the booker’s phone when it is not a phone number', async () => {
      const body = bookingBody(trip);
      for (const [phone, message] of [
        ['call me maybe', undefined],
        ['12', 'This phone number is too short'],
        ['+999 123 4567', 'No country has the calling code written in this number'],
      ] as const) {
        body.booker.phone = phone;
        const error = expectApiError(
          await createBooking(testApp.app, body),
          400,
          'VALIDATION_ERROR',
        );
        expect(Object.keys(error.errors), phone).toEqual(['body.booker.phone']);
        if (message) expect(error.errors['body.booker.phone']).toEqual([message]);
      }
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
      await setFareClass(testApp.app, fare.id, { price_minor: fare.price_minor + 2_500 });
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
      const { total_minor, currency } = await bookingRowByPnr(testApp.app, pnr);
      expect({ total_minor, currency }).toEqual({
        total_minor: fare.price_minor + 2_500,
        currency: 'USD',
      });
    });

    it('books at the current price when it fell', async () => {
      const body = bookingBody(search);
      const selection = body.selections[0];
      if (!selection) throw new Error('no selection');
      const fare = await fareClassOf(testApp.app, selection);
      await setFareClass(testApp.app, fare.id, { price_minor: 1_000 });
      const response = await createBooking(testApp.app, body);
      expect(response.statusCode, response.body).toBe(200);
      const { pnr } = CreateBookingResponseSchema.parse(response.json());
      const row = await bookingRowByPnr(testApp.app, pnr);
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
      await setFareClass(testApp.app, inbound.id, { seats_left: 1 });
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
