import { FlightInfoResponseSchema } from '@uniquair/contract/flight';
import { SearchInitResponseSchema, type SearchResult } from '@uniquair/contract/search';
import { addDays } from '@uniquair/domain/dates/ymd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { FARE_RULES } from '@uniquair/domain/pricing/fare-rules';

describe(`GET /api/flight/info/{hash} (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;
  let hash: string;
  let result: SearchResult;

  beforeAll(async () => {
    clock = testClock();
    // Init waits for the job however loaded the machine, so it answers with the result.
    testApp = await buildTestApp(
      { SEARCH_RESULT_TTL_SECONDS: '600' },
      { clock: clock.now, search: { initWaitMs: 10_000 } },
    );
    const { out, back } = await dailyRoundTrip(testApp.app.db);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/search/init',
      payload: {
        destinations: [
          { route: out.id, date: addDays(TEST_TODAY, 21) },
          { route: back.id, date: addDays(TEST_TODAY, 28) },
        ],
        passengers: { adults: 1, children: 0, infants: 0 },
      },
    });
    const body = SearchInitResponseSchema.parse(response.json());
    hash = body.hash;
    result = body.result as SearchResult;
  });

  afterAll(() => testApp.close());

  it('details the chosen flights: legs with carriers, every fare class with conditions and baggage', async () => {
    const outbound = result.results[0]?.flights[0];
    const inbound = result.results[1]?.flights[0];
    if (!outbound || !inbound) throw new Error('the search found no flights');
    const response = await testApp.app.inject({
      url: `/api/flight/info/${hash}?ids=${inbound.id},${outbound.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = FlightInfoResponseSchema.parse(response.json());
    expect(body.flights.map((flight) => flight.id)).toEqual([inbound.id, outbound.id]);
    const [first, second] = body.flights;
    expect(first).toMatchObject({
      route: result.results[1]?.route,
      date: result.results[1]?.date,
      stops: inbound.stops,
      duration: inbound.duration,
    });
    expect(second?.segments).toEqual(outbound.segments);
    const carriers = await testApp.app.db.selectFrom('carriers').selectAll().execute();
    for (const segment of second?.segments ?? []) {
      expect(segment.carrierName).toBe(carriers.find((c) => c.code === segment.carrier)?.name);
    }
    // Every class of the flight, as it stands, cheapest first, with its rules.
    const fares = await testApp.app.db
      .selectFrom('fare_classes')
      .selectAll()
      .where('flight_id', '=', Number(outbound.id))
      .orderBy('price_minor')
      .execute();
    expect(second?.fareClasses.map((fare) => [fare.letter, fare.price, fare.seatsLeft])).toEqual(
      fares.map((fare) => [fare.letter, fare.price_minor, fare.seats_left]),
    );
    for (const fare of second?.fareClasses ?? []) {
      const rules = FARE_RULES[fare.letter];
      expect(rules).toBeDefined();
      expect(fare.conditions).toEqual({
        refundable: rules?.refundable,
        refundFee: rules?.refundFee,
        changeable: rules?.changeable,
        changeFee: rules?.changeFee,
      });
      expect(fare.baggage).toEqual({ cabin: rules?.cabinBags, checked: rules?.checkedBags });
    }
    const q = second?.fareClasses.find((fare) => fare.letter === 'Q');
    if (q) expect(q.conditions).toMatchObject({ refundable: false, changeable: false });
    // Extra checked bags are sold where fewer than two are included, never where two are.
    for (const fare of [...(first?.fareClasses ?? []), ...(second?.fareClasses ?? [])]) {
      expect(fare.extras).toEqual(FARE_RULES[fare.letter]?.extras);
      if (fare.baggage.checked.pieces >= 2) expect(fare.extras).toEqual([]);
      else {
        expect(fare.extras.map((extra) => extra.code)).toEqual(['checked_bag']);
        expect(fare.extras[0]?.price).toBeGreaterThan(0);
      }
    }
    const codes = body.airports.map((airport) => airport.id);
    for (const segment of [...(first?.segments ?? []), ...(second?.segments ?? [])]) {
      expect(codes).toContain(segment.from);
      expect(codes).toContain(segment.to);
    }
    expect(body.currency).toBe('USD');
  });

  it('shows seats left as they are now', async () => {
    const flight = result.results[0]?.flights[0];
    if (!flight) throw new Error('the search found no flights');
    const cheapest = flight.fareClasses[0];
    await testApp.app.db
      .updateTable('fare_classes')
      .set({ seats_left: 0 })
      .where('flight_id', '=', Number(flight.id))
      .where('letter', '=', cheapest?.letter ?? '')
      .execute();
    const response = await testApp.app.inject({ url: `/api/flight/info/${hash}?ids=${flight.id}` });
    const body = FlightInfoResponseSchema.parse(response.json());
    const now = body.flights[0]?.fareClasses.find((fare) => fare.letter === cheapest?.letter);
    expect(cheapest?.seatsLeft).toBeGreaterThan(0);
    expect(now?.seatsLeft).toBe(0);
  });

  it('accepts repeated ids parameters and drops repeats', async () => {
    const ids = result.results.map((leg) => leg.flights[0]?.id ?? '');
    const response = await testApp.app.inject({
      url: `/api/flight/info/${hash}?ids=${ids[0]}&ids=${ids[1]}&ids=${ids[0]}`,
    });
    const body = FlightInfoResponseSchema.parse(response.json());
    expect(body.flights.map((flight) => flight.id)).toEqual(ids);
  });

  it('answers flights not in the search with 404, naming them', async () => {
    const known = result.results[0]?.flights[0]?.id ?? '';
    const body = expectApiError(
      await testApp.app.inject({ url: `/api/flight/info/${hash}?ids=${known},424242,x-9` }),
      404,
      'NOT_FOUND',
    );
    expect(body.errors['querystring.ids']).toEqual([
      'Flight 424242 is not in this search',
      'Flight x-9 is not in this search',
    ]);
  });

  it('answers 410 when the inventory changed under the result (a flight gone or renumbered)', async () => {
    const flight = result.results[1]?.flights[0];
    if (!flight) throw new Error('the search found no flights');
    const { db } = testApp.app;
    const row = await db
      .selectFrom('flights')
      .select('departure_utc')
      .where('id', '=', Number(flight.id))
      .executeTakeFirstOrThrow();
    await db
      .updateTable('flights')
      .set({ departure_utc: '2030-01-01T00:00:00.000Z' })
      .where('id', '=', Number(flight.id))
      .execute();
    try {
      expectApiError(
        await testApp.app.inject({ url: `/api/flight/info/${hash}?ids=${flight.id}` }),
        410,
        'SEARCH_EXPIRED',
      );
    } finally {
      await db
        .updateTable('flights')
        .set({ departure_utc: row.departure_utc })
        .where('id', '=', Number(flight.id))
        .execute();
    }
    const again = await testApp.app.inject({ url: `/api/flight/info/${hash}?ids=${flight.id}` });
    expect(again.statusCode).toBe(200);
  });

  it('answers bad inputs with 400 and unknown or expired searches as the result does', async () => {
    for (const url of [
      `/api/flight/info/${hash}`,
      `/api/flight/info/${hash}?ids=`,
      `/api/flight/info/${hash}?ids=a.b`,
      `/api/flight/info/${hash}?ids=${Array.from({ length: 13 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const body = expectApiError(await testApp.app.inject({ url }), 400, 'VALIDATION_ERROR');
      expect(Object.keys(body.errors)[0]).toMatch(/^querystring\.ids/);
    }
    expectApiError(
      await testApp.app.inject({ url: `/api/flight/info/${'c'.repeat(32)}?ids=1` }),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await testApp.app.inject({ url: '/api/flight/info/nothash?ids=1' }),
      400,
      'VALIDATION_ERROR',
    );
    clock.advance(601_000);
    expectApiError(
      await testApp.app.inject({ url: `/api/flight/info/${hash}?ids=1` }),
      410,
      'SEARCH_EXPIRED',
    );
  });
});
