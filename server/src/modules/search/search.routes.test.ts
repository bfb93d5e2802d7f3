import { addDays, addYears, type Ymd } from '@uniquair/domain/dates/ymd';
import {
  SearchInitResponseSchema,
  SearchResultResponseSchema,
  SearchStatusResponseSchema,
  type SearchResult,
} from '@uniquair/contract/search';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  counting,
  dailyChain,
  dailyRoundTrip,
  eventually,
  failing,
  fixed,
  gated,
  inventoryOf,
  nonDailyRoute,
} from '../../../test/helpers/search.ts';
import type { Route } from '../../db/database.ts';
import { searchHash } from './search.hash.ts';

const ONE_ADULT = { adults: 1, children: 0, infants: 0 };

/**
 * Init waits this long for its job (100 ms in production): inventory searches take a few
 * milliseconds, but a loaded test machine must not turn an answer `done` into `progress`.
 */
const PATIENT = 10_000;

function init(testApp: TestApp, payload: object, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url: '/api/search/init', payload, headers });
}

function initBody(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return SearchInitResponseSchema.parse(response.json());
}

async function status(testApp: TestApp, hash: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/search/status/${hash}` });
  expect(response.statusCode, response.body).toBe(200);
  return SearchStatusResponseSchema.parse(response.json());
}

describe(`search on the inventory (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;
  let out: Route;
  let back: Route;

  beforeAll(async () => {
    clock = testClock();
    // Many searches from one client here: no per-minute limit (tested on its own below).
    testApp = await buildTestApp(
      { SEARCH_INITS_PER_MINUTE: '0' },
      { clock: clock.now, search: { initWaitMs: PATIENT } },
    );
    ({ out, back } = await dailyRoundTrip(testApp.app.db));
  });

  afterAll(() => testApp.close());

  it('answers a quick search done at once, with every flight of the inventory that has the seats', async () => {
    const date = addDays(TEST_TODAY, 12);
    const response = await init(testApp, {
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
    const flights = await db
      .selectFrom('flights')
      .selectAll()
      .where('route_id', '=', out.id)
      .where('departure_date', '=', date)
      .orderBy('departure_utc')
      .execute();
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
      await init(testApp, {
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
      await init(testApp, {
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
    const first = initBody(await init(testApp, payload));
    const again = await init(testApp, payload);
    expect(again.headers['search-job']).toBe('stored');
    const second = initBody(again);
    expect(second).toEqual(first);
  });

  it('gives identical searches the same hash, whatever the key order or push subscription', async () => {
    const date = addDays(TEST_TODAY, 41);
    const plain = initBody(
      await init(testApp, { destinations: [{ route: out.id, date }], passengers: ONE_ADULT }),
    );
    const reordered = initBody(
      await init(testApp, {
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
      await init(testApp, {
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
      await init(testApp, {
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
        await init(testApp, {
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
      await init(testApp, {
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
      const response = await init(testApp, payload());
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
        const again = await init(testApp, payload(), headers);
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
        expect(initBody(await init(testApp, payload(), headers)).status).toBe('done');
      }
    });
  });

  describe('invalid searches are 400 naming the field', () => {
    async function expectFields(payload: object, fields: string[]) {
      const response = await init(testApp, payload);
      const body = expectApiError(response, 400, 'VALIDATION_ERROR');
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
      return body;
    }
    const date = () => addDays(TEST_TODAY, 14);

    it('passenger counts out of rule', async () => {
      const destinations = [{ route: out.id, date: date() }];
      await expectFields({ destinations, passengers: { adults: 0, children: 1, infants: 0 } }, [
        'body.passengers.adults',
      ]);
      const infants = await expectFields(
        { destinations, passengers: { adults: 1, children: 0, infants: 2 } },
        ['body.passengers.infants'],
      );
      expect(infants.errors['body.passengers.infants']?.[0]).toContain('lap');
      await expectFields({ destinations, passengers: { adults: 5, children: 5, infants: 0 } }, [
        'body.passengers.children',
      ]);
      await expectFields({ destinations, passengers: { adults: -1, children: 0, infants: 0 } }, [
        'body.passengers.adults',
      ]);
      await expectFields({ destinations, passengers: { adults: 1.5, children: 0, infants: 0 } }, [
        'body.passengers.adults',
      ]);
      await expectFields({ destinations, passengers: { adults: 1, children: 0 } }, [
        'body.passengers.infants',
      ]);
    });

    it('unknown and unavailable routes', async () => {
      const unknown = await expectFields(
        {
          destinations: [
            { route: out.id, date: date() },
            { route: 999_999, date: date() },
          ],
          passengers: ONE_ADULT,
        },
        ['body.destinations.1.route'],
      );
      expect(unknown.errors['body.destinations.1.route']?.[0]).toContain('Unknown route');
      await expectFields({ destinations: [{ route: 0, date: date() }], passengers: ONE_ADULT }, [
        'body.destinations.0.route',
      ]);
      await testApp.app.db
        .updateTable('routes')
        .set({ dow: 0 })
        .where('id', '=', back.id)
        .execute();
      try {
        await expectFields(
          { destinations: [{ route: back.id, date: date() }], passengers: ONE_ADULT },
          ['body.destinations.0.route'],
        );
      } finally {
        await testApp.app.db
          .updateTable('routes')
          .set({ dow: back.dow })
          .where('id', '=', back.id)
          .execute();
      }
    });

    it('dates the route does not fly, dates past or more than a year ahead, impossible dates', async () => {
      const { route, flies, grounded } = await nonDailyRoute(testApp.app.db);
      const notFlown = await expectFields(
        {
          destinations: [
            { route: route.id, date: flies },
            { route: route.id, date: grounded },
          ],
          passengers: ONE_ADULT,
        },
        ['body.destinations.1.date'],
      );
      expect(notFlown.errors['body.destinations.1.date']?.[0]).toMatch(/does not fly on \w+day/);
      await expectFields(
        { destinations: [{ route: out.id, date: addDays(TEST_TODAY, -1) }], passengers: ONE_ADULT },
        ['body.destinations.0.date'],
      );
      await expectFields(
        {
          destinations: [{ route: out.id, date: addDays(addYears(TEST_TODAY, 1), 1) }],
          passengers: ONE_ADULT,
        },
        ['body.destinations.0.date'],
      );
      await expectFields(
        { destinations: [{ route: out.id, date: '2027-02-30' }], passengers: ONE_ADULT },
        ['body.destinations.0.date'],
      );
      await expectFields(
        { destinations: [{ route: out.id, date: '27-1-1' }], passengers: ONE_ADULT },
        ['body.destinations.0.date'],
      );
      const ending = await testApp.app.db
        .selectFrom('routes')
        .selectAll()
        .where('available_until', 'is not', null)
        .where('available_until', '>', TEST_TODAY)
        .where('dow', '=', 127)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const after = await expectFields(
        {
          destinations: [{ route: ending.id, date: addDays(ending.available_until as Ymd, 1) }],
          passengers: ONE_ADULT,
        },
        ['body.destinations.0.date'],
      );
      expect(after.errors['body.destinations.0.date']?.[0]).toContain('is available until');
    });

    it('the same route and date twice, no destination, too many destinations, malformed bodies', async () => {
      await expectFields(
        {
          destinations: [
            { route: out.id, date: date() },
            { route: out.id, date: date() },
          ],
          passengers: ONE_ADULT,
        },
        ['body.destinations.1'],
      );
      await expectFields({ destinations: [], passengers: ONE_ADULT }, ['body.destinations']);
      await expectFields(
        {
          destinations: Array.from({ length: 7 }, (_, index) => ({
            route: out.id,
            date: addDays(TEST_TODAY, 10 + index),
          })),
          passengers: ONE_ADULT,
        },
        ['body.destinations'],
      );
      await expectFields({ passengers: ONE_ADULT }, ['body.destinations']);
      await expectFields(
        {
          destinations: [{ route: out.id, date: date() }],
          passengers: ONE_ADULT,
          subscription: { endpoint: 'http://insecure.example.com', publicKey: 'k', authToken: 'a' },
        },
        ['body.subscription.endpoint'],
      );
      const text = await testApp.app.inject({
        method: 'POST',
        url: '/api/search/init',
        headers: { 'content-type': 'application/json' },
        payload: '{"destinations": [',
      });
      expectApiError(text, 400, 'INVALID_JSON');
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

describe('search jobs', () => {
  it('report progress as the parts answer, then done; status and result follow the job', async () => {
    let gate: ReturnType<typeof gated> | undefined;
    const testApp = await buildTestApp(
      {},
      {
        clock: testClock().now,
        search: {
          initWaitMs: 0,
          suppliers: (app) => {
            gate = gated(inventoryOf(app), 'partner');
            return [inventoryOf(app), gate];
          },
        },
      },
    );
    try {
      const { out, back } = await dailyRoundTrip(testApp.app.db);
      const started = initBody(
        await init(testApp, {
          destinations: [
            { route: out.id, date: addDays(TEST_TODAY, 9) },
            { route: back.id, date: addDays(TEST_TODAY, 16) },
          ],
          passengers: ONE_ADULT,
        }),
      );
      expect(started.status).toBe('progress');
      expect(started.result).toBeUndefined();
      // Two legs × two suppliers: the inventory's two parts answer at once, the partner waits.
      await eventually(() => gate?.waiting() === 2);
      await eventually(() => testApp.app.searchEngine.jobs.runningCount === 1);
      let now = await status(testApp, started.hash);
      for (let i = 0; i < 100 && now.progress < 50; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        now = await status(testApp, started.hash);
      }
      expect(now).toMatchObject({ status: 'progress', progress: 50 });
      expectApiError(
        await testApp.app.inject({ url: `/api/search/result/${started.hash}` }),
        409,
        'SEARCH_NOT_READY',
      );
      gate?.release();
      await eventually(() => testApp.app.searchEngine.jobs.runningCount === 0);
      expect(await status(testApp, started.hash)).toMatchObject({ status: 'done', progress: 100 });
      const result = await testApp.app.inject({ url: `/api/search/result/${started.hash}` });
      expect(result.statusCode).toBe(200);
      const legs = SearchResultResponseSchema.parse(result.json()).result.results;
      // Both suppliers answered the same inventory: each flight once.
      for (const leg of legs) {
        expect(leg.complete).toBe(true);
        const ids = leg.flights.map((flight) => flight.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeGreaterThan(0);
      }
    } finally {
      await testApp.close();
    }
  });

  it('start one job for 50 identical concurrent inits: one call per leg to each supplier', async () => {
    let gate: ReturnType<typeof gated> | undefined;
    const testApp = await buildTestApp(
      { SEARCH_INITS_PER_MINUTE: '0' },
      {
        clock: testClock().now,
        search: {
          initWaitMs: 0,
          suppliers: (app) => {
            gate = gated(inventoryOf(app));
            return [gate];
          },
        },
      },
    );
    try {
      const { out, back } = await dailyRoundTrip(testApp.app.db);
      const payload = {
        destinations: [
          { route: out.id, date: addDays(TEST_TODAY, 60) },
          { route: back.id, date: addDays(TEST_TODAY, 62) },
        ],
        passengers: ONE_ADULT,
      };
      const responses = await Promise.all(Array.from({ length: 50 }, () => init(testApp, payload)));
      const bodies = responses.map(initBody);
      expect(new Set(bodies.map((body) => body.hash)).size).toBe(1);
      const outcomes = responses.map((response) => response.headers['search-job']);
      expect(outcomes.filter((outcome) => outcome === 'started')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'joined')).toHaveLength(49);
      await eventually(() => gate?.waiting() === 2);
      expect(gate?.calls).toBe(2);
      expect(testApp.app.searchEngine.jobs.stats).toMatchObject({ started: 1, joined: 49 });
      gate?.release();
      await eventually(() => testApp.app.searchEngine.jobs.runningCount === 0);
      const after = await Promise.all(Array.from({ length: 5 }, () => init(testApp, payload)));
      expect(after.map((response) => response.headers['search-job'])).toEqual(
        Array(5).fill('stored'),
      );
      expect(gate?.calls).toBe(2);
    } finally {
      await testApp.close();
    }
  });

  it('end in error when a leg has no supplier answer, and run again at the next init', async () => {
    const broken = failing();
    const testApp = await buildTestApp(
      {},
      { clock: testClock().now, search: { initWaitMs: PATIENT, suppliers: () => [broken] } },
    );
    try {
      const { out } = await dailyRoundTrip(testApp.app.db);
      const payload = {
        destinations: [{ route: out.id, date: addDays(TEST_TODAY, 8) }],
        passengers: ONE_ADULT,
      };
      const first = initBody(await init(testApp, payload));
      expect(first).toMatchObject({ status: 'error', progress: 100 });
      expect(first.result).toBeUndefined();
      expect(await status(testApp, first.hash)).toMatchObject({ status: 'error' });
      expectApiError(
        await testApp.app.inject({ url: `/api/search/result/${first.hash}` }),
        502,
        'SEARCH_FAILED',
      );
      const row = await testApp.app.db
        .selectFrom('search_results')
        .selectAll()
        .where('hash', '=', first.hash)
        .executeTakeFirstOrThrow();
      expect(row.error).toContain('broken is down');
      const retry = await init(testApp, payload);
      expect(retry.headers['search-job']).toBe('started');
      expect(broken.calls).toBe(2);
      // The process is unharmed: other searches still answer.
      const health = await testApp.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('end done when a failing supplier only fails its part, marking the leg incomplete', async () => {
    const broken = failing('flaky');
    const testApp = await buildTestApp(
      {},
      {
        clock: testClock().now,
        search: { initWaitMs: PATIENT, suppliers: (app) => [inventoryOf(app), broken] },
      },
    );
    try {
      const { out, back } = await dailyRoundTrip(testApp.app.db);
      const body = initBody(
        await init(testApp, {
          destinations: [
            { route: out.id, date: addDays(TEST_TODAY, 8) },
            { route: back.id, date: addDays(TEST_TODAY, 9) },
          ],
          passengers: ONE_ADULT,
        }),
      );
      expect(body.status).toBe('done');
      expect(body.result?.results.map((leg) => leg.complete)).toEqual([false, false]);
      expect(body.result?.results.every((leg) => leg.flights.length > 0)).toBe(true);
      expect(broken.calls).toBe(2);
    } finally {
      await testApp.close();
    }
  });

  it('fail a part whose supplier does not answer in time, and merge other suppliers by id', async () => {
    let slow: ReturnType<typeof gated> | undefined;
    const extra = {
      id: 'partner-1',
      stops: 0,
      duration: 60,
      segments: [
        {
          flightNumber: 'XX1',
          carrier: 'XX',
          from: 'AAA',
          to: 'BBB',
          departureLocal: `${TEST_TODAY}T00:10`,
          departureUtc: `${TEST_TODAY}T00:10:00.000Z`,
          arrivalLocal: `${TEST_TODAY}T01:10`,
          arrivalUtc: `${TEST_TODAY}T01:10:00.000Z`,
          duration: 60,
        },
      ],
      fareClasses: [{ letter: 'Q', cabin: 'economy' as const, price: 100, seatsLeft: 9 }],
    };
    const testApp = await buildTestApp(
      {},
      {
        clock: testClock().now,
        search: {
          supplierTimeoutMs: 50,
          initWaitMs: PATIENT,
          suppliers: (app) => {
            slow = gated(inventoryOf(app), 'slow');
            return [inventoryOf(app), fixed('partner', [extra]), slow];
          },
        },
      },
    );
    try {
      const { out } = await dailyRoundTrip(testApp.app.db);
      const body = initBody(
        await init(testApp, {
          destinations: [{ route: out.id, date: addDays(TEST_TODAY, 5) }],
          passengers: ONE_ADULT,
        }),
      );
      expect(body.status).toBe('done');
      const [leg] = body.result?.results ?? [];
      expect(leg?.complete).toBe(false);
      expect(leg?.flights[0]?.id).toBe('partner-1');
      expect(leg?.cheapestPrice).toBe(100);
      expect(slow?.aborted).toBe(1);
    } finally {
      await testApp.close();
    }
  });

  it('expire a result after the configured time: status expired, result 410, init runs it again', async () => {
    const clock = testClock();
    const testApp = await buildTestApp(
      { SEARCH_RESULT_TTL_SECONDS: '60' },
      {
        clock: clock.now,
        search: { initWaitMs: PATIENT, suppliers: (app) => [counting(inventoryOf(app))] },
      },
    );
    try {
      const { out } = await dailyRoundTrip(testApp.app.db);
      const payload = {
        destinations: [{ route: out.id, date: addDays(TEST_TODAY, 7) }],
        passengers: ONE_ADULT,
      };
      const first = await init(testApp, payload);
      const { hash } = initBody(first);
      clock.advance(59_000);
      expect(await status(testApp, hash)).toMatchObject({ status: 'done' });
      const fresh = await testApp.app.inject({ url: `/api/search/result/${hash}` });
      expect(fresh.headers['cache-control']).toBe('private, max-age=1');
      clock.advance(1_000);
      expect(await status(testApp, hash)).toMatchObject({ status: 'expired', progress: 100 });
      expectApiError(
        await testApp.app.inject({ url: `/api/search/result/${hash}` }),
        410,
        'SEARCH_EXPIRED',
      );
      const rerun = await init(testApp, payload);
      expect(rerun.headers['search-job']).toBe('started');
      expect(initBody(rerun)).toMatchObject({ status: 'done', hash });
      expect(rerun.headers.etag).not.toBe(first.headers.etag);
      expect(await status(testApp, hash)).toMatchObject({ status: 'done' });
    } finally {
      await testApp.close();
    }
  });

  it('treat a run abandoned by a stopped process as failed, and take it over at the next init', async () => {
    const clock = testClock();
    const testApp = await buildTestApp({}, { clock: clock.now, search: { initWaitMs: PATIENT } });
    try {
      const { out } = await dailyRoundTrip(testApp.app.db);
      const search = {
        destinations: [{ route: out.id, date: addDays(TEST_TODAY, 6) }],
        passengers: ONE_ADULT,
      };
      const hash = searchHash(search);
      const longAgo = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
      const justNow = new Date(clock.now().getTime() - 1_000).toISOString();
      const row = {
        hash,
        params: '{}',
        status: 'progress' as const,
        progress: 50,
        result: null,
        error: null,
        created_at: justNow,
        started_at: justNow,
        updated_at: justNow,
        finished_at: null,
        expires_at: null,
      };
      // Running elsewhere, recently: joined, not started twice.
      await testApp.app.db.insertInto('search_results').values(row).execute();
      const joined = await init(testApp, search);
      expect(joined.headers['search-job']).toBe('joined');
      expect(initBody(joined)).toMatchObject({ status: 'progress', progress: 50 });
      // Abandoned long ago: reported as failed, then run again here.
      await testApp.app.db
        .updateTable('search_results')
        .set({ started_at: longAgo })
        .where('hash', '=', hash)
        .execute();
      expect(await status(testApp, hash)).toMatchObject({ status: 'error' });
      const taken = await init(testApp, search);
      expect(taken.headers['search-job']).toBe('started');
      expect(initBody(taken).status).toBe('done');
    } finally {
      await testApp.close();
    }
  });

  it('limit the searches one client starts per minute', async () => {
    const testApp = await buildTestApp(
      { SEARCH_INITS_PER_MINUTE: '3' },
      { clock: testClock().now, search: { initWaitMs: PATIENT } },
    );
    try {
      const { out } = await dailyRoundTrip(testApp.app.db);
      const payload = (day: number) => ({
        destinations: [{ route: out.id, date: addDays(TEST_TODAY, day) }],
        passengers: ONE_ADULT,
      });
      for (const day of [3, 4, 5]) expect((await init(testApp, payload(day))).statusCode).toBe(200);
      const refused = await init(testApp, payload(6));
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Following a search is not limited.
      const hash = searchHash({
        destinations: [{ route: out.id, date: addDays(TEST_TODAY, 3) }],
        passengers: ONE_ADULT,
      });
      expect((await status(testApp, hash)).status).toBe('done');
    } finally {
      await testApp.close();
    }
  });

  it('purge searches long expired', async () => {
    const clock = testClock();
    const testApp = await buildTestApp(
      { SEARCH_RESULT_TTL_SECONDS: '60' },
      { clock: clock.now, search: { initWaitMs: PATIENT } },
    );
    try {
      const { out } = await dailyRoundTrip(testApp.app.db);
      const { hash } = initBody(
        await init(testApp, {
          destinations: [{ route: out.id, date: addDays(TEST_TODAY, 4) }],
          passengers: ONE_ADULT,
        }),
      );
      const { jobs } = testApp.app.searchEngine;
      clock.advance(30 * 60_000);
      expect(await jobs.purge()).toBe(0);
      expect(await status(testApp, hash)).toMatchObject({ status: 'expired' });
      clock.advance(32 * 60_000);
      expect(await jobs.purge()).toBe(1);
      expectApiError(
        await testApp.app.inject({ url: `/api/search/status/${hash}` }),
        404,
        'NOT_FOUND',
      );
    } finally {
      await testApp.close();
    }
  });
});
