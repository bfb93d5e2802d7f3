import {
  CheapestDaysResponseSchema,
  CheapestMonthsResponseSchema,
  OffersResponseSchema,
} from '@uniquair/contract/pricing';
import { addDays, addYears, isoWeekdayOf, type Ymd } from '@uniquair/domain/dates/ymd';
import { ALL_DAYS_MASK, operatesOnIsoWeekday } from '@uniquair/domain/routes/day-of-week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { PATIENT } from '../../../test/helpers/search-api.ts';
import { dailyRoundTrip, nonDailyRoute } from '../../../test/helpers/search.ts';
import type { Route } from '../../db/tables/inventory.ts';
import { refreshRouteDayPrices } from '../../db/route-day-prices.ts';

describe(`cheapest-price calendars and offers (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;
  let daily: Route;

  /** The cheapest fare with a seat left per departure day of a route, straight from the fares. */
  async function cheapestByDay(routeId: number): Promise<Map<string, number>> {
    const rows = await testApp.app.db
      .selectFrom('flights')
      .innerJoin('fare_classes', 'fare_classes.flight_id', 'flights.id')
      .select(['flights.departure_date', 'fare_classes.price_minor'])
      .where('flights.route_id', '=', routeId)
      .where('fare_classes.seats_left', '>', 0)
      .execute();
    const cheapest = new Map<string, number>();
    for (const row of rows) {
      const best = cheapest.get(row.departure_date);
      if (best === undefined || row.price_minor < best) {
        cheapest.set(row.departure_date, row.price_minor);
      }
    }
    return cheapest;
  }

  /** The summary's price per day of a route. */
  async function summaryByDay(routeId: number): Promise<Map<string, number>> {
    const rows = await testApp.app.db
      .selectFrom('route_day_prices')
      .select(['date', 'min_price_minor'])
      .where('route_id', '=', routeId)
      .execute();
    return new Map(rows.map((row) => [row.date, row.min_price_minor]));
  }

  /** Routes flown through hubs (the others are flown by their own flights only). */
  /** Routes also flown by other routes' flights: connections, and cities' routes. */
  async function routesFlownByOthers(): Promise<Set<number>> {
    const { db } = testApp.app;
    const rows = await db
      .selectFrom('route_paths')
      .select('route_id')
      .union(db.selectFrom('route_members').select('route_id'))
      .execute();
    return new Set(rows.map((row) => row.route_id));
  }

  async function days(routeId: number, year: number, month: number) {
    const response = await testApp.app.inject({
      url: `/api/cheapest-price/days/${routeId}/${year}/${month}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return CheapestDaysResponseSchema.parse(response.json());
  }

  beforeAll(async () => {
    clock = testClock();
    testApp = await buildTestApp(
      { SEARCH_INITS_PER_MINUTE: '0' },
      { clock: clock.now, search: { initWaitMs: PATIENT } },
    );
    // A daily route flown by its own flights only, so that its fares alone make its prices.
    const connected = await routesFlownByOthers();
    const routes = await testApp.app.db.selectFrom('routes').selectAll().orderBy('id').execute();
    const own = routes.find(
      (route) =>
        route.dow === ALL_DAYS_MASK &&
        route.available_until === null &&
        route.available_from <= TEST_TODAY &&
        !connected.has(route.id),
    );
    daily = own ?? (await dailyRoundTrip(testApp.app.db)).out;
  });

  afterAll(() => testApp.close());

  describe('the summary', () => {
    it('holds, after seeding, the cheapest fare with a seat left of every route and day', async () => {
      const connected = await routesFlownByOthers();
      const routes = (
        await testApp.app.db.selectFrom('routes').select('id').orderBy('id').execute()
      ).filter((route) => !connected.has(route.id));
      expect(routes.length).toBeGreaterThan(10);
      const sample = routes.filter((_, index) => index % 10 === 0);
      for (const { id } of sample) {
        const summary = await testApp.app.db
          .selectFrom('route_day_prices')
          .selectAll()
          .where('route_id', '=', id)
          .orderBy('date')
          .execute();
        const expected = await cheapestByDay(id);
        expect(new Map(summary.map((row) => [row.date, row.min_price_minor]))).toEqual(expected);
        expect(summary.every((row) => row.currency === 'USD')).toBe(true);
      }
    });

    it('follows fares and seats when refreshed for some routes and days, sold-out days dropped', async () => {
      const { db } = testApp.app;
      const date = addDays(TEST_TODAY, 45);
      const before = (await cheapestByDay(daily.id)).get(date) as number;
      const flightIds = (
        await db
          .selectFrom('flights')
          .select('id')
          .where('route_id', '=', daily.id)
          .where('departure_date', '=', date)
          .execute()
      ).map((row) => row.id);
      // Sell the cheapest class out: the day's price rises to the next class.
      await db
        .updateTable('fare_classes')
        .set({ seats_left: 0 })
        .where('flight_id', 'in', flightIds)
        .where('price_minor', '=', before)
        .execute();
      const refreshed = await refreshRouteDayPrices(db, [daily.id], [date]);
      // The day's row, and those of routes connecting through it on that day and the two before.
      expect(refreshed.rows).toBeGreaterThanOrEqual(1);
      const row = await db
        .selectFrom('route_day_prices')
        .selectAll()
        .where('route_id', '=', daily.id)
        .where('date', '=', date)
        .executeTakeFirstOrThrow();
      expect(row.min_price_minor).toBeGreaterThan(before);
      expect(row.min_price_minor).toBe((await cheapestByDay(daily.id)).get(date));
      // The calendar shows it at once (the refresh drops this process's prepared calendars).
      const month = Number(date.slice(5, 7));
      const shown = await days(daily.id, Number(date.slice(0, 4)), month);
      expect(shown.days.find((day) => day.date === date)?.price).toBe(row.min_price_minor);

      // Sold out entirely: the day leaves the summary and the calendar.
      await db
        .updateTable('fare_classes')
        .set({ seats_left: 0 })
        .where('flight_id', 'in', flightIds)
        .execute();
      await refreshRouteDayPrices(db, [daily.id], [date]);
      const gone = await db
        .selectFrom('route_day_prices')
        .selectAll()
        .where('route_id', '=', daily.id)
        .where('date', '=', date)
        .execute();
      expect(gone).toEqual([]);
      const after = await days(daily.id, Number(date.slice(0, 4)), month);
      expect(after.days.map((day) => day.date)).not.toContain(date);
      // Other days of the route were left alone.
      expect(after.days.length).toBe(shown.days.length - 1);
    });

    it('moves the prices version forward on every refresh, never past the clock', async () => {
      const { db } = testApp.app;
      const first = await refreshRouteDayPrices(db, [daily.id], []);
      const second = await refreshRouteDayPrices(db, [daily.id], [addDays(TEST_TODAY, 100)]);
      expect(Date.parse(second.version)).toBeGreaterThanOrEqual(Date.parse(first.version));
      expect(Date.parse(second.version)).toBeLessThanOrEqual(Date.now());
      expect(second.version).toMatch(/\.000Z$/);
    });
  });

  describe('GET /api/cheapest-price/days/{routeId}/{year}/{month}', () => {
    it('lists the operated days from today with their cheapest price and a rating per SPEC §9', async () => {
      const body = await days(daily.id, 2026, 12);
      expect(body).toMatchObject({
        success: true,
        route: daily.id,
        year: 2026,
        month: 12,
        currency: 'USD',
      });
      const expected = await cheapestByDay(daily.id);
      expect(body.days).toHaveLength(31);
      for (const day of body.days) expect(day.price).toBe(expected.get(day.date));
      const prices = body.days.map((day) => day.price);
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      expect(low).toBeLessThan(high);
      for (const day of body.days) {
        expect(day.rating).toBe(day.price === low ? 0 : day.price === high ? 2 : 1);
      }
      expect(body.days.some((day) => day.rating === 1)).toBe(true);
    });

    it('starts at today in the current month', async () => {
      const body = await days(daily.id, 2026, 11);
      expect(body.days[0]?.date).toBe(TEST_TODAY);
      expect(body.days.every((day) => day.date >= TEST_TODAY)).toBe(true);
      // A later clock: days already gone are left out.
      clock.set(`${addDays(TEST_TODAY, 3)}T12:00:00.000Z`);
      try {
        const later = await days(daily.id, 2026, 11);
        expect(later.days[0]?.date).toBe(addDays(TEST_TODAY, 3));
      } finally {
        clock.set(`${TEST_TODAY}T06:00:00.000Z`);
      }
    });

    it('shows only the days a route operates', async () => {
      const { route } = await nonDailyRoute(testApp.app.db);
      const body = await days(route.id, 2027, 1);
      expect(body.days.length).toBeGreaterThan(0);
      expect(body.days.length).toBeLessThan(31);
      for (const day of body.days) {
        expect(operatesOnIsoWeekday(route.dow, isoWeekdayOf(day.date as Ymd))).toBe(true);
      }
      const operated = Array.from({ length: 31 }, (_, index) =>
        addDays('2027-01-01' as Ymd, index),
      ).filter((date) => operatesOnIsoWeekday(route.dow, isoWeekdayOf(date)));
      expect(body.days.map((day) => day.date)).toEqual(operated);
    });

    it('rates every day 1 when all prices are equal, and a single day 1', async () => {
      const { db } = testApp.app;
      const { back } = await dailyRoundTrip(db);
      const flightsBetween = async (first: Ymd, last: Ymd) =>
        (
          await db
            .selectFrom('flights')
            .select('id')
            .where('route_id', '=', back.id)
            .where('departure_date', '>=', first)
            .where('departure_date', '<=', last)
            .execute()
        ).map((row) => row.id);
      const datesOf = (first: Ymd, count: number) =>
        Array.from({ length: count }, (_, index) => addDays(first, index));
      const setFaresBetween = async (
        first: Ymd,
        last: Ymd,
        changes: { price_minor?: number; seats_left?: number },
      ) => {
        const flights = await flightsBetween(first, last);
        await db
          .updateTable('fare_classes')
          .set(changes)
          .where('flight_id', 'in', flights)
          .execute();
      };

      // Every fare of February at one price.
      await setFaresBetween('2027-02-01' as Ymd, '2027-02-28' as Ymd, { price_minor: 12_300 });
      await refreshRouteDayPrices(db, [back.id], datesOf('2027-02-01' as Ymd, 28));
      const equal = await days(back.id, 2027, 2);
      expect(equal.days).toHaveLength(28);
      expect(equal.days.every((day) => day.price === 12_300 && day.rating === 1)).toBe(true);

      // March sold out but for its first day.
      await setFaresBetween('2027-03-02' as Ymd, '2027-03-31' as Ymd, { seats_left: 0 });
      await refreshRouteDayPrices(db, [back.id], datesOf('2027-03-01' as Ymd, 31));
      const single = await days(back.id, 2027, 3);
      expect(single.days.map((day) => [day.date, day.rating])).toEqual([['2027-03-01', 1]]);
    });

    it('is empty for months already past or beyond a year ahead', async () => {
      expect((await days(daily.id, 2026, 10)).days).toEqual([]);
      const beyond = addYears(TEST_TODAY, 1);
      expect(
        (await days(daily.id, Number(beyond.slice(0, 4)), Number(beyond.slice(5, 7)) + 1)).days,
      ).toEqual([]);
    });

    it('answers an unknown route with 404 and bad parameters with 400', async () => {
      expectApiError(
        await testApp.app.inject({ url: '/api/cheapest-price/days/999999/2026/12' }),
        404,
        'NOT_FOUND',
      );
      for (const [url, field] of [
        [`/api/cheapest-price/days/${daily.id}/2026/13`, 'params.month'],
        [`/api/cheapest-price/days/${daily.id}/2026/0`, 'params.month'],
        [`/api/cheapest-price/days/${daily.id}/26/12`, 'params.year'],
        [`/api/cheapest-price/days/abc/2026/12`, 'params.routeId'],
        [`/api/cheapest-price/days/0/2026/12`, 'params.routeId'],
        // Past the ids a database row can have (a 500 on PostgreSQL before).
        [`/api/cheapest-price/days/4294967296/2026/12`, 'params.routeId'],
        [`/api/cheapest-price/months/12405610019`, 'params.routeId'],
        [`/api/airline/flights?route=2147483648&date=2026-12-01`, 'querystring.route'],
      ] as const) {
        const body = expectApiError(await testApp.app.inject({ url }), 400, 'VALIDATION_ERROR');
        expect(Object.keys(body.errors)).toEqual([field]);
      }
    });

    it('is served with validators: 304 on a match, public caching', async () => {
      const url = `/api/cheapest-price/days/${daily.id}/2027/4`;
      const first = await testApp.app.inject({ url });
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const etag = String(first.headers.etag);
      const lastModified = String(first.headers['last-modified']);
      expect(etag).toMatch(/^".+"$/);
      expect(Date.parse(lastModified)).toBeGreaterThan(0);
      const byTag = await testApp.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(byTag.statusCode).toBe(304);
      const byDate = await testApp.app.inject({
        url,
        headers: { 'if-modified-since': lastModified },
      });
      expect(byDate.statusCode).toBe(304);
      const gzip = await testApp.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });
  });

  describe('GET /api/cheapest-price/months/{routeId}', () => {
    it('gives the cheapest price of each of the next 12 months, across the year boundary', async () => {
      const response = await testApp.app.inject({ url: `/api/cheapest-price/months/${daily.id}` });
      expect(response.statusCode).toBe(200);
      const body = CheapestMonthsResponseSchema.parse(response.json());
      expect(body.months.map((month) => `${month.year}-${month.month}`)).toEqual([
        '2026-11',
        '2026-12',
        '2027-1',
        '2027-2',
        '2027-3',
        '2027-4',
        '2027-5',
        '2027-6',
        '2027-7',
        '2027-8',
        '2027-9',
        '2027-10',
      ]);
      const summary = await testApp.app.db
        .selectFrom('route_day_prices')
        .select(['date', 'min_price_minor'])
        .where('route_id', '=', daily.id)
        .where('date', '>=', TEST_TODAY)
        .orderBy('date')
        .execute();
      for (const month of body.months) {
        const key = `${month.year}-${String(month.month).padStart(2, '0')}`;
        const inMonth = summary.filter((row) => row.date.startsWith(key));
        const cheapest = Math.min(...inMonth.map((row) => row.min_price_minor));
        expect(month.price, key).toBe(cheapest);
        expect(month.date).toBe(inMonth.find((row) => row.min_price_minor === cheapest)?.date);
      }
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers.etag).toBeTruthy();
    });

    it('gives null for months without a seat, and 404 for an unknown route', async () => {
      const { db } = testApp.app;
      const route = await db
        .selectFrom('routes')
        .selectAll()
        .where('available_until', 'is not', null)
        .where('available_until', '<', addDays(TEST_TODAY, 200))
        .where('available_from', '<=', TEST_TODAY)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const response = await testApp.app.inject({ url: `/api/cheapest-price/months/${route.id}` });
      const body = CheapestMonthsResponseSchema.parse(response.json());
      const last = (route.available_until as string).slice(0, 7);
      for (const month of body.months) {
        const key = `${month.year}-${String(month.month).padStart(2, '0')}`;
        if (key > last) expect(month).toMatchObject({ price: null, date: null });
      }
      expect(body.months.at(-1)?.price).toBeNull();
      expectApiError(
        await testApp.app.inject({ url: '/api/cheapest-price/months/999999' }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('GET /api/cheapest-price/{airportId}/offers', () => {
    it('lists the cheapest day of each destination in the coming four weeks, cheapest first', async () => {
      const response = await testApp.app.inject({
        url: `/api/cheapest-price/${daily.from_airport}/offers`,
      });
      expect(response.statusCode).toBe(200);
      const body = OffersResponseSchema.parse(response.json());
      expect(body).toMatchObject({
        airport: daily.from_airport,
        currency: 'USD',
        from: TEST_TODAY,
        until: addDays(TEST_TODAY, 27),
      });
      const routes = await testApp.app.db
        .selectFrom('routes')
        .innerJoin('airports', 'airports.code', 'routes.to_airport')
        .select(['routes.id', 'routes.to_airport', 'airports.city'])
        .where('routes.from_airport', '=', daily.from_airport)
        .execute();
      expect(body.offers.length).toBeGreaterThan(0);
      for (const offer of body.offers) {
        const route = routes.find((candidate) => candidate.id === offer.route);
        expect(route?.to_airport).toBe(offer.destination.id);
        expect(offer.destination.city).toBe(route?.city);
        const prices = [...(await summaryByDay(offer.route)).entries()].filter(
          ([date]) => date >= TEST_TODAY && date <= addDays(TEST_TODAY, 27),
        );
        const cheapest = Math.min(...prices.map(([, price]) => price));
        expect(offer.price).toBe(cheapest);
        expect(prices.find(([, price]) => price === cheapest)?.[0]).toBe(offer.date);
      }
      const prices = body.offers.map((offer) => offer.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(body.offers.map((offer) => offer.route)).size).toBe(body.offers.length);
    });

    it('accepts a lower-case code; unknown airports are 404, malformed ones 400', async () => {
      const lower = await testApp.app.inject({
        url: `/api/cheapest-price/${daily.from_airport.toLowerCase()}/offers`,
      });
      expect(lower.statusCode).toBe(200);
      expectApiError(
        await testApp.app.inject({ url: '/api/cheapest-price/QQQ/offers' }),
        404,
        'NOT_FOUND',
      );
      const body = expectApiError(
        await testApp.app.inject({ url: '/api/cheapest-price/LH1/offers' }),
        400,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(body.errors)).toEqual(['params.airportId']);
    });
  });
});
