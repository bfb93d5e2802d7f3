import { addDays } from '@uniquair/domain/dates/ymd';
import { SearchResultResponseSchema, type SearchResult } from '@uniquair/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build.ts';
import type { TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  initBody,
  initSearch,
  inventorySearchApp,
  ONE_ADULT,
} from '../../../test/helpers/search-api.ts';
import { dailyChain, flightsOfRouteOn } from '../../../test/helpers/search.ts';
import type { Route } from '../../db/tables/inventory.ts';
import { searchHash } from './search.hash.ts';

describe(`search on the inventory (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;
  let out: Route;
  let back: Route;

  beforeAll(async () => {
    ({ testApp, clock, out, back } = await inventorySearchApp());
  });

  afterAll(() => testApp.close());

  it('answers a quick search done at once, with every flight of the inventory that has the seats', async () => {
    const date = addDays(TEST_TODAY, 12);
    const response = await initSearch(testApp, {
      destinations: [{ route: out.id, date }],
      passengers: { adults: 2, children: 1, infants: 1 },
    });
    const body = initBody(response);
    expect(response.headers['search-job']).toBe('started');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ status: 'done', progress: 100 });
    expect(body.hash).toBe(
      searchHash({
        destinations: [{ route: out.id, date }],
        passengers: { adults: 2, children: 1, infants: 1 },
      }),
    );
    const result = body.result as SearchResult;
    expect(result.currency).toBe('USD');
    expect(result.passengers).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(result.results).toHaveLength(1);
    const [leg] = result.results;
    expect(leg).toMatchObject({ route: out.id, date, complete: true });

    // The same flights as the inventory: that route and day, fare classes with 3 seats left.
    const { db } = testApp.app;
    const flights = await flightsOfRouteOn(db, out.id, date);
    const fares = await db
      .selectFrom('fare_classes')
      .selectAll()
      .where(
        'flight_id',
        'in',
        flights.map((flight) => flight.id),
      )
      .where('seats_left', '>=', 3)
      .execute();
    const bookable = flights.filter((flight) => fares.some((fare) => fare.flight_id === flight.id));
    expect(bookable.length).toBeGreaterThan(0);
    expect(leg?.flights.map((flight) => flight.id)).toEqual(bookable.map((f) => String(f.id)));
    for (const flight of leg?.flights ?? []) {
      const row = flights.find((candidate) => String(candidate.id) === flight.id);
      expect(flight.stops).toBe(row?.stops);
      expect(flight.duration).toBe(row?.duration_minutes);
      expect(flight.segments[0]?.departureUtc).toBe(row?.departure_utc);
      expect(flight.segments[0]?.departureLocal).toBe(
        `${row?.departure_date}T${row?.departure_time}`,
      );
      expect(flight.segments.at(-1)?.arrivalLocal).toBe(
        `${row?.arrival_date}T${row?.arrival_time}`,
      );
      expect(flight.segments).toHaveLength((row?.stops ?? 0) + 1);
      const expected = fares
        .filter((fare) => String(fare.flight_id) === flight.id)
        .map((fare) => fare.price_minor)
        .sort((a, b) => a - b);
      expect(flight.fareClasses.map((fare) => fare.price)).toEqual(expected);
      expect(flight.fareClasses.every((fare) => fare.seatsLeft >= 3)).toBe(true);
    }
    const cheapest = Math.min(...fares.map((fare) => fare.price_minor));
    expect(leg?.cheapestPrice).toBe(cheapest);

    // Routes in SPEC §3 form; airports of the route and of every leg, with city and time zone.
    expect(result.routes).toEqual([
      {
        id: out.id,
        from: out.from_airport,
        to: out.to_airport,
        dow: out.dow,
        af: out.available_from,
        au: out.available_until,
        rating: out.rating,
      },
    ]);
    const codes = result.airports.map((airport) => airport.id);
    expect(codes).toContain(out.from_airport);
    expect(codes).toContain(out.to_airport);
    for (const flight of leg?.flights ?? []) {
      for (const segment of flight.segments) expect(codes).toContain(segment.to);
    }
    const origin = result.airports.find((airport) => airport.id === out.from_airport);
    const row = await db
      .selectFrom('airports')
      .selectAll()
      .where('code', '=', out.from_airport)
      .executeTakeFirstOrThrow();
    expect(origin).toEqual({
      id: row.code,
      name: row.name,
      city: row.city,
      country: row.country_code,
      timeZone: row.time_zone,
    });
  });

  it('answers a return search and a 4-leg multi-city search with one result per leg, in order', async () => {
    const returned = initBody(
      await initSearch(testApp, {
        destinations: [
          { route: out.id, date: addDays(TEST_TODAY, 20) },
          { route: back.id, date: addDays(TEST_TODAY, 27) },
        ],
        passengers: ONE_ADULT,
      }),
    );
    expect(returned.result?.results.map((leg) => [leg.route, leg.date])).toEqual([
      [out.id, addDays(TEST_TODAY, 20)],
      [back.id, addDays(TEST_TODAY, 27)],
    ]);
    const chain = await dailyChain(testApp.app.db, 4);
    const multi = initBody(
      await initSearch(testApp, {
        destinations: chain.map((route, index) => ({
          route: route.id,
          date: addDays(TEST_TODAY, 30 + index * 3),
        })),
        passengers: ONE_ADULT,
      }),
    );
    expect(multi.status).toBe('done');
    expect(multi.result?.results.map((leg) => leg.route)).toEqual(chain.map((route) => route.id));
    expect(multi.result?.routes.map((route) => route.id).sort((a, b) => a - b)).toEqual(
      chain.map((route) => route.id).sort((a, b) => a - b),
    );
    for (const leg of multi.result?.results ?? []) expect(leg.flights.length).toBeGreaterThan(0);
  });

  it('finds a done, fresh search stored and answers it with the same result', async () => {
    const payload = {
      destinations: [{ route: out.id, date: addDays(TEST_TODAY, 40) }],
      passengers: ONE_ADULT,
    };
    const first = initBody(await initSearch(testApp, payload));
    const again = await initSearch(testApp, payload);
    expect(again.headers['search-job']).toBe('stored');
    const second = initBody(again);
    expect(second).toEqual(first);
  });

  it('gives identical searches the same hash, whatever the key order or push subscription', async () => {
    const date = addDays(TEST_TODAY, 41);
    const plain = initBody(
      await initSearch(testApp, { destinations: [{ route: out.id, date }], passengers: ONE_ADULT }),
    );
    const reordered = initBody(
      await initSearch(testApp, {
        passengers: { infants: 0, children: 0, adults: 1 },
        destinations: [{ date, route: out.id }],
        subscription: {
          endpoint: 'https://push.example.com/send/abc',
          publicKey: 'BPub',
          authToken: 'auth',
        },
      }),
    );
    expect(reordered.hash).toBe(plain.hash);
    const otherPassengers = initBody(
      await initSearch(testApp, {
        destinations: [{ route: out.id, date }],
        passengers: { adults: 2, children: 0, infants: 0 },
      }),
    );
    expect(otherPassengers.hash).not.toBe(plain.hash);
    expect(plain.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('offers no flight that has departed, and only fare classes with enough seats', async () => {
    const date = addDays(TEST_TODAY, 2);
    // A route with several departures that day.
    const busy = await testApp.app.db
      .selectFrom('flights')
      .select((eb) => ['route_id', eb.fn.countAll<number>().as('count')])
      .where('departure_date', '=', date)
      .groupBy('route_id')
      .having((eb) => eb.fn.countAll(), '>=', 3)
      .orderBy('route_id')
      .executeTakeFirstOrThrow();
    const all = initBody(
      await initSearch(testApp, {
        destinations: [{ route: busy.route_id, date }],
        passengers: ONE_ADULT,
      }),
    );
    const flights = all.result?.results[0]?.flights ?? [];
    expect(flights.length).toBeGreaterThan(1);
    const second = flights[1]?.segments[0]?.departureUtc as string;
    // Later that day, once the first flights have left.
    clock.set(second);
    try {
      const later = initBody(
        await initSearch(testApp, {
          destinations: [{ route: busy.route_id, date }],
          passengers: { adults: 1, children: 0, infants: 1 },
        }),
      );
      const left = later.result?.results[0]?.flights ?? [];
      expect(left.length).toBeLessThan(flights.length);
      expect(left.every((flight) => (flight.segments[0]?.departureUtc ?? '') > second)).toBe(true);
    } finally {
      clock.set(`${TEST_TODAY}T06:00:00.000Z`);
    }
    const nine = initBody(
      await initSearch(testApp, {
        destinations: [{ route: busy.route_id, date }],
        passengers: { adults: 5, children: 4, infants: 0 },
      }),
    );
    for (const flight of nine.result?.results[0]?.flights ?? []) {
      expect(flight.fareClasses.every((fare) => fare.seatsLeft >= 9)).toBe(true);
    }
  });

  describe('conditional requests', () => {
    let hash: string;
    let etag: string;
    let lastModified: string;
    const payload = () => ({
      destinations: [{ route: back.id, date: addDays(TEST_TODAY, 50) }],
      passengers: ONE_ADULT,
    });

    beforeAll(async () => {
      const response = await initSearch(testApp, payload());
      hash = initBody(response).hash;
      etag = String(response.headers.etag);
      lastModified = String(response.headers['last-modified']);
    });

    it('serves the result with ETag, Last-Modified and a lifetime up to its expiry', async () => {
      const response = await testApp.app.inject({ url: `/api/search/result/${hash}` });
      expect(response.statusCode).toBe(200);
      const body = SearchResultResponseSchema.parse(response.json());
      expect(body.hash).toBe(hash);
      expect(body.result.results[0]?.route).toBe(back.id);
      expect(response.headers.etag).toBe(etag);
      expect(etag).toMatch(/^"[0-9a-f]{32}-[0-9a-z]+"$/);
      expect(response.headers['last-modified']).toBe(lastModified);
      expect(new Date(lastModified).toISOString()).toBe(clock.now().toISOString());
      expect(response.headers['cache-control']).toBe('private, max-age=900');
    });

    it('tells with an init answered done when its result expires, as the result does', async () => {
      const before = clock.now();
      clock.advance(60_000);
      try {
        const init = initBody(await initSearch(testApp, payload()));
        expect(init).toMatchObject({ status: 'done', hash, expiresIn: 840 });
        const result = await testApp.app.inject({ url: `/api/search/result/${hash}` });
        expect(result.headers['cache-control']).toBe('private, max-age=840');
      } finally {
        clock.set(before);
      }
    });

    it('answers 304 to If-None-Match and to If-Modified-Since, on result and init', async () => {
      const matching: Record<string, string>[] = [
        { 'if-none-match': etag },
        { 'if-none-match': `"other", W/${etag}` },
        { 'if-modified-since': lastModified },
      ];
      for (const headers of matching) {
        const result = await testApp.app.inject({ url: `/api/search/result/${hash}`, headers });
        expect(result.statusCode, JSON.stringify(headers)).toBe(304);
        expect(result.body).toBe('');
        const again = await initSearch(testApp, payload(), headers);
        expect(again.statusCode, JSON.stringify(headers)).toBe(304);
        expect(again.headers.etag).toBe(etag);
      }
    });

    it('answers 200 when the validators do not match', async () => {
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      const other: Record<string, string>[] = [
        { 'if-none-match': '"something-else"' },
        { 'if-modified-since': earlier },
        { 'if-modified-since': 'not a date' },
        // If-None-Match wins over a matching If-Modified-Since.
        { 'if-none-match': '"x"', 'if-modified-since': lastModified },
      ];
      for (const headers of other) {
        const result = await testApp.app.inject({ url: `/api/search/result/${hash}`, headers });
        expect(result.statusCode, JSON.stringify(headers)).toBe(200);
        expect(initBody(await initSearch(testApp, payload(), headers)).status).toBe('done');
      }
    });
  });

  it('answers unknown hashes with 404 and malformed ones with 400', async () => {
    const unknown = '0'.repeat(32);
    for (const url of [`/api/search/status/${unknown}`, `/api/search/result/${unknown}`]) {
      expectApiError(await testApp.app.inject({ url }), 404, 'NOT_FOUND');
    }
    for (const url of [
      '/api/search/status/xyz',
      '/api/search/result/ABCDEF0123456789ABCDEF0123456789',
    ]) {
      const body = expectApiError(await testApp.app.inject({ url }), 400, 'VALIDATION_ERROR');
      expect(Object.keys(body.errors)).toEqual(['params.hash']);
    }
  });
});
