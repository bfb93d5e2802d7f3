import {
  CheapestDaysResponseSchema,
  CheapestMonthsResponseSchema,
} from '@uniquair/contract/pricing';
import type { SearchFlight, SearchResult } from '@uniquair/contract/search';
import { addDays } from '@uniquair/domain/dates/ymd';
import { bagFeeMinor, BAG_COUNTS, FARE_RULES } from '@uniquair/domain/pricing/fare-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  initBody,
  initSearch,
  inventorySearchApp,
  ONE_ADULT,
} from '../../../test/helpers/search-api.ts';
import type { Route } from '../../db/tables/inventory.ts';
import { withAllInPrices } from './search.job-parts.ts';

/**
 * "With my bags" all-in prices (docs/search.md "All-in prices with bags"): `bags` in a search
 * and each fare class's `allInPrice`, and the calendars' `?bags=` agreeing with the search.
 */
describe(`all-in prices with checked bags (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let route: Route;

  beforeAll(async () => {
    ({ testApp, out: route } = await inventorySearchApp());
  });

  afterAll(() => testApp.close());

  async function search(routeId: number, date: string, bags?: number) {
    const body = initBody(
      await initSearch(testApp, {
        destinations: [{ route: routeId, date }],
        passengers: ONE_ADULT,
        ...(bags === undefined ? {} : { bags }),
      }),
    );
    expect(body.status).toBe('done');
    return { hash: body.hash, result: body.result as SearchResult };
  }

  /**
   * A route and day whose flights still sell a fare class letter (business is flown on long
   * journeys only, and the seeded load sells some classes out), from `after` days on.
   */
  async function daySelling(letter: string, after: number) {
    const row = await testApp.app.db
      .selectFrom('flights')
      .innerJoin('fare_classes', 'fare_classes.flight_id', 'flights.id')
      .innerJoin('routes', 'routes.id', 'flights.route_id')
      .select(['flights.route_id as routeId', 'flights.departure_date as date'])
      .where('flights.departure_date', '>=', addDays(TEST_TODAY, after))
      .where('routes.available_until', 'is', null)
      .where('fare_classes.seats_left', '>', 0)
      .where('fare_classes.letter', '=', letter)
      .orderBy('flights.departure_date')
      .orderBy('flights.route_id')
      .executeTakeFirst();
    if (!row) throw new Error(`no day of any route sells ${letter}`);
    return row;
  }

  const flightsOf = (result: SearchResult): SearchFlight[] => result.results[0]?.flights ?? [];

  /** The cheapest all-in price of a leg's fares, or undefined when none can carry the bags. */
  const cheapestAllIn = (result: SearchResult): number | undefined => {
    const prices = flightsOf(result)
      .flatMap((flight) => flight.fareClasses.map((fare) => fare.allInPrice))
      .filter((price): price is number => typeof price === 'number');
    return prices.length > 0 ? Math.min(...prices) : undefined;
  };

  it('prices every fare class letter all-in as its fare plus its bag extras, for 0, 1 and 2 bags', async () => {
    const seen = new Set<string>();
    for (const letter of Object.keys(FARE_RULES)) {
      const { routeId, date } = await daySelling(letter, 10);
      const hashes = new Set<string>();
      let flightIds: string | undefined;
      for (const bags of BAG_COUNTS) {
        const { hash, result } = await search(routeId, date, bags);
        hashes.add(hash);
        const flights = flightsOf(result);
        // The same flights and fares whatever the bags: only the all-in prices differ.
        const ids = flights.map((flight) => flight.id).join(',');
        flightIds ??= ids;
        expect(ids).toBe(flightIds);
        for (const fare of flights.flatMap((flight) => flight.fareClasses)) {
          seen.add(fare.letter);
          const fee = bagFeeMinor(fare.letter, bags);
          expect(fare.allInPrice, `${fare.letter} with ${bags} bags`).toBe(
            fee === null ? null : fare.price + fee,
          );
        }
      }
      // A search with bags is a search of its own.
      expect(hashes.size).toBe(BAG_COUNTS.length);
    }
    // Every letter of the fare rules was sold in one of the searches, so each was checked.
    expect([...seen].sort()).toEqual(Object.keys(FARE_RULES).sort());
  });

  it('prices a Q fare with one bag at the fare plus one checked-bag extra', async () => {
    const { routeId, date } = await daySelling('Q', 20);
    const { result } = await search(routeId, date, 1);
    const q = flightsOf(result)
      .flatMap((flight) => flight.fareClasses)
      .find((fare) => fare.letter === 'Q');
    if (!q) throw new Error('no Q fare in the search');
    expect(q.allInPrice).toBe(q.price + 3_500);
  });

  it('keeps the hash of a search without bags when bags is 0', async () => {
    const date = addDays(TEST_TODAY, 12);
    const plain = await search(route.id, date);
    const zero = await search(route.id, date, 0);
    expect(zero.hash).toBe(plain.hash);
    for (const fare of flightsOf(zero.result).flatMap((flight) => flight.fareClasses)) {
      expect(fare.allInPrice).toBe(fare.price);
    }
  });

  it('marks a fare class that cannot carry the bags with a null all-in price', () => {
    const flight = {
      id: 'x-1',
      fareClasses: [
        { letter: 'Z', cabin: 'economy', price: 10_000, seatsLeft: 3 },
        { letter: 'M', cabin: 'economy', price: 12_000, seatsLeft: 3 },
      ],
    } as SearchFlight;
    const [one] = withAllInPrices([flight], 1);
    expect(one?.fareClasses.map((fare) => fare.allInPrice)).toEqual([null, 12_000]);
    const [two] = withAllInPrices([flight], 2);
    expect(two?.fareClasses.map((fare) => fare.allInPrice)).toEqual([null, 16_500]);
  });

  it.each([3, -1, 1.5, '1', null])('refuses bags %j as a validation error', async (bags) => {
    const response = await initSearch(testApp, {
      destinations: [{ route: route.id, date: addDays(TEST_TODAY, 10) }],
      passengers: ONE_ADULT,
      bags,
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(Object.keys(body.errors)).toEqual(['body.bags']);
  });

  it('prices each calendar day with bags at the cheapest all-in fare of the search, on sampled days', async () => {
    const first = addDays(TEST_TODAY, 2);
    const year = Number(first.slice(0, 4));
    const month = Number(first.slice(5, 7));
    for (const bags of [1, 2] as const) {
      const response = await testApp.app.inject({
        url: `/api/cheapest-price/days/${route.id}/${year}/${month}?bags=${bags}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const calendar = CheapestDaysResponseSchema.parse(response.json());
      expect(calendar.bags).toBe(bags);
      const days = calendar.days.filter((day) => day.date >= first);
      expect(days.length).toBeGreaterThan(0);
      for (const day of days.filter((_, index) => index % 6 === 0)) {
        const { result } = await search(route.id, day.date, bags);
        expect(cheapestAllIn(result), `${day.date} with ${bags} bags`).toBe(day.price);
      }
    }
  });

  it('answers each bag count with its own calendar and ETag, all-in above the fare alone', async () => {
    const date = addDays(TEST_TODAY, 3);
    const base = `/api/cheapest-price/days/${route.id}/${date.slice(0, 4)}/${Number(date.slice(5, 7))}`;
    const answers = await Promise.all(
      BAG_COUNTS.map((bags) => testApp.app.inject({ url: `${base}?bags=${bags}` })),
    );
    const plain = await testApp.app.inject({ url: base });
    const etags = answers.map((answer) => String(answer.headers.etag));
    expect(new Set(etags).size).toBe(BAG_COUNTS.length);
    expect(String(plain.headers.etag)).toBe(etags[0]);
    const [zero, one, two] = answers.map((answer) =>
      CheapestDaysResponseSchema.parse(answer.json()),
    );
    const byDate = (list: { date: string; price: number }[] | undefined) =>
      new Map((list ?? []).map((day) => [day.date, day.price]));
    const fares = byDate(zero?.days);
    const withOne = byDate(one?.days);
    const withTwo = byDate(two?.days);
    expect(withOne.size).toBeGreaterThan(0);
    for (const [day, price] of withOne) {
      expect(price).toBeGreaterThanOrEqual(fares.get(day) ?? Infinity);
      expect(withTwo.get(day) ?? Infinity).toBeGreaterThanOrEqual(price);
    }
    // The months and the offers take the same parameter.
    const months = await testApp.app.inject({
      url: `/api/cheapest-price/months/${route.id}?bags=2`,
    });
    expect(months.statusCode).toBe(200);
    expect(CheapestMonthsResponseSchema.parse(months.json()).bags).toBe(2);
    const offers = await testApp.app.inject({
      url: `/api/cheapest-price/${route.from_airport}/offers?bags=1`,
    });
    expect(offers.statusCode).toBe(200);
    expect(offers.json()).toMatchObject({ bags: 1 });
  });

  it.each(['3', '-1', '1.0', 'one', ''])(
    'refuses ?bags=%s on the calendars as a validation error',
    async (bags) => {
      for (const url of [
        `/api/cheapest-price/days/${route.id}/2027/1?bags=${bags}`,
        `/api/cheapest-price/months/${route.id}?bags=${bags}`,
        `/api/cheapest-price/${route.from_airport}/offers?bags=${bags}`,
      ]) {
        const body = expectApiError(await testApp.app.inject({ url }), 400, 'VALIDATION_ERROR');
        expect(Object.keys(body.errors)).toEqual(['querystring.bags']);
      }
    },
  );
});
