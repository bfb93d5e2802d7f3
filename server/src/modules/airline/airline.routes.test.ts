import { AirlineFlightsResponseSchema } from '@uniquair/contract/airline';
import { addDays } from '@uniquair/domain/dates/ymd';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  dailyRoundTrip,
  flightsOfRouteOn,
  nonDailyRoute,
  sellOutRouteDay,
} from '../../../test/helpers/search.ts';
import type { Route } from '../../db/tables/inventory.ts';

describe(`GET /api/airline/flights (${dialectUnderTest()})`, () => {
  const testApp = useTestApp();
  let route: Route;

  beforeAll(async () => {
    ({ out: route } = await dailyRoundTrip(testApp.app.db));
  });

  it("lists a route's flights on a date with capacity, seats sold and left per fare class", async () => {
    const date = addDays(TEST_TODAY, 3);
    const { db } = testApp.app;
    await sellOutRouteDay(db, route.id, date, 'Q');
    const response = await testApp.app.inject({
      url: `/api/airline/flights?route=${route.id}&date=${date}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = AirlineFlightsResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      route: { id: route.id, from: route.from_airport },
      date,
      operates: true,
    });
    const flights = await flightsOfRouteOn(db, route.id, date);
    expect(body.flights.map((flight) => flight.id)).toEqual(flights.map((flight) => flight.id));
    for (const flight of body.flights) {
      const fares = await db
        .selectFrom('fare_classes')
        .selectAll()
        .where('flight_id', '=', flight.id)
        .execute();
      const total = fares.reduce((sum, fare) => sum + fare.seats_total, 0);
      const left = fares.reduce((sum, fare) => sum + fare.seats_left, 0);
      expect(flight.capacity).toBe(total);
      expect(flight).toMatchObject({ seatsLeft: left, seatsSold: total - left });
      expect(flight.loadFactor).toBeCloseTo((total - left) / total, 3);
      const q = flight.fareClasses.find((fare) => fare.letter === 'Q');
      expect(q).toMatchObject({ seatsLeft: 0 });
      expect(q?.seatsSold).toBe(q?.seatsTotal);
      for (const fare of flight.fareClasses) {
        expect(fare.seatsSold + fare.seatsLeft).toBe(fare.seatsTotal);
      }
    }
    // Inventory only: nothing about travellers or bookings anywhere in the answer.
    const keys = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          collect(inner);
        }
      }
    };
    collect(response.json());
    for (const key of keys) {
      expect(key).not.toMatch(
        /passenger|traveller|email|phone|pnr|booker|booking|user|firstName|lastName|document/i,
      );
    }
    expect(body.airports.map((airport) => airport.id)).toContain(route.to_airport);
  });

  it('says when the route does not operate on the date, with no flights', async () => {
    const { route: partTime, grounded } = await nonDailyRoute(testApp.app.db);
    const response = await testApp.app.inject({
      url: `/api/airline/flights?route=${partTime.id}&date=${grounded}`,
    });
    const body = AirlineFlightsResponseSchema.parse(response.json());
    expect(body.operates).toBe(false);
    expect(body.flights).toEqual([]);
  });

  it('answers an unknown route with 404 and bad parameters with 400', async () => {
    expectApiError(
      await testApp.app.inject({ url: `/api/airline/flights?route=999999&date=${TEST_TODAY}` }),
      404,
      'NOT_FOUND',
    );
    for (const [query, field] of [
      [`date=${TEST_TODAY}`, 'querystring.route'],
      [`route=${route.id}`, 'querystring.date'],
      [`route=${route.id}&date=2026-13-01`, 'querystring.date'],
      [`route=x&date=${TEST_TODAY}`, 'querystring.route'],
    ] as const) {
      const body = expectApiError(
        await testApp.app.inject({ url: `/api/airline/flights?${query}` }),
        400,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });
});

describe('the airline partner API with keys configured', () => {
  const keys = ['partner-key-aaaaaaaaaaaa', 'partner-key-bbbbbbbbbbbb'];
  const testApp = useTestApp({ AIRLINE_API_KEYS: keys.join(',') });
  let url: string;

  beforeAll(async () => {
    const { out } = await dailyRoundTrip(testApp.app.db);
    url = `/api/airline/flights?route=${out.id}&date=${addDays(TEST_TODAY, 3)}`;
  });

  it('refuses requests without a known key and serves those with one', async () => {
    const missing = expectApiError(await testApp.app.inject({ url }), 401, 'ERROR_UNAUTHORIZED');
    expect(Object.keys(missing.errors)).toEqual(['headers.x-api-key']);
    expectApiError(
      await testApp.app.inject({ url, headers: { 'x-api-key': 'partner-key-cccccccccccc' } }),
      401,
      'ERROR_UNAUTHORIZED',
    );
    for (const key of keys) {
      const response = await testApp.app.inject({ url, headers: { 'x-api-key': key } });
      expect(response.statusCode).toBe(200);
    }
  });

  it('leaves the passenger-facing API open', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
