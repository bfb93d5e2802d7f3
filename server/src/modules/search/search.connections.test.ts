import type { AddressInfo } from 'node:net';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import type { SearchFlight, SearchResult } from '@uniquair/contract/search';
import { addDays } from '@uniquair/domain/dates/ymd';
import { greatCircleKm } from '@uniquair/domain/geo/distance';
import {
  inventoryFlightIds,
  MAX_DETOUR_FACTOR,
  MAX_LAYOVER_MINUTES,
} from '@uniquair/domain/search/connections';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANY_PRICE,
  BOOKER,
  buildBookingTestApp,
  createBooking,
  validPassengers,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { initBody, initSearch, ONE_ADULT } from '../../../test/helpers/search-api.ts';
import { marketDays } from '../../../test/helpers/search.ts';

/**
 * Connections (docs/search.md "Connections"): itineraries of inventory flights joined at hubs,
 * the rules every one keeps, the calendar that prices them, and booking them all or nothing.
 */
describe(`connections through hubs (${dialectUnderTest()})`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildBookingTestApp(testClock(), { SEARCH_INITS_PER_MINUTE: '0' });
  });

  afterAll(() => testApp.close());

  const db = () => testApp.app.db;

  /** Routes flown only through hubs (no flights of their own), with days the calendar prices. */
  async function markets() {
    return marketDays(db(), 7, 90).orderBy('r.id').orderBy('d.date').execute();
  }

  async function search(route: number, date: string, passengers = ONE_ADULT) {
    const body = initBody(
      await initSearch(testApp, { destinations: [{ route, date }], passengers }),
    );
    expect(body.status).toBe('done');
    return { hash: body.hash, result: body.result as SearchResult };
  }

  /** What every connection of a result must keep, checked against the inventory. */
  async function expectValidConnections(routeId: number, flights: readonly SearchFlight[]) {
    const route = await db()
      .selectFrom('routes')
      .selectAll()
      .where('id', '=', routeId)
      .executeTakeFirstOrThrow();
    const airports = new Map(
      (await db().selectFrom('airports').selectAll().execute()).map((a) => [a.code, a]),
    );
    const km = (a: string, b: string) =>
      greatCircleKm(
        airports.get(a) as { latitude: number; longitude: number },
        airports.get(b) as { latitude: number; longitude: number },
      );
    const paths = await db()
      .selectFrom('route_paths')
      .selectAll()
      .where('route_id', '=', routeId)
      .execute();
    for (const flight of flights) {
      const ids = inventoryFlightIds(flight.id);
      if (ids.length === 1) continue;
      const rows = await db().selectFrom('flights').selectAll().where('id', 'in', ids).execute();
      const legs = ids.map((id) => rows.find((row) => row.id === id));
      expect(
        legs.every((leg) => leg !== undefined),
        flight.id,
      ).toBe(true);
      const path = paths.find(
        (p) =>
          p.first_route_id === legs[0]?.route_id &&
          p.second_route_id === legs[1]?.route_id &&
          (p.third_route_id ?? undefined) === legs[2]?.route_id,
      );
      expect(path, `the flights of ${flight.id} follow a path of the route`).toBeDefined();
      const minimums = [path?.first_connection_minutes, path?.second_connection_minutes];
      for (let stop = 0; stop + 1 < legs.length; stop++) {
        const wait =
          (Date.parse(legs[stop + 1]?.departure_utc ?? '') -
            Date.parse(legs[stop]?.arrival_utc ?? '')) /
          60_000;
        expect(wait).toBeGreaterThanOrEqual(minimums[stop] as number);
        expect(wait).toBeLessThanOrEqual(MAX_LAYOVER_MINUTES);
      }
      const segments = flight.segments;
      expect(segments[0]?.from).toBe(route.from_airport);
      expect(segments.at(-1)?.to).toBe(route.to_airport);
      const visited = [segments[0]?.from, ...segments.map((segment) => segment.to)];
      expect(new Set(visited).size, `no airport twice in ${visited.join(' ')}`).toBe(
        visited.length,
      );
      const flown = segments.reduce((sum, segment) => sum + km(segment.from, segment.to), 0);
      expect(flown / km(route.from_airport, route.to_airport)).toBeLessThanOrEqual(
        MAX_DETOUR_FACTOR,
      );
      expect(flight.duration).toBe(
        (Date.parse(segments.at(-1)?.arrivalUtc ?? '') -
          Date.parse(segments[0]?.departureUtc ?? '')) /
          60_000,
      );
      expect(flight.selfTransfer).toBe(new Set(legs.map((leg) => leg?.carrier_code)).size > 1);
    }
  }

  it('answers a route without a flight of its own with connections at the calendar’s price', async () => {
    const [market] = await markets();
    if (!market) throw new Error('the seed has no market priced by the calendar');
    const { result } = await search(market.id, market.date);
    const flights = result.results[0]?.flights ?? [];
    expect(flights.length).toBeGreaterThan(0);
    for (const flight of flights) {
      expect(flight.stops).toBeGreaterThan(0);
      expect(flight.id).toMatch(/^\d+(-\d+){1,2}$/);
      expect(flight.segments.every((segment) => segment.carrierName.length > 2)).toBe(true);
    }
    await expectValidConnections(market.id, flights);
    // What the calendar promised for the day is what the search sells.
    expect(result.results[0]?.cheapestPrice).toBe(market.min_price_minor);
  });

  it('prices each day in the calendar at the cheapest the search finds, on sampled routes', async () => {
    const routes = (
      await db()
        .selectFrom('route_paths')
        .select('route_id')
        .distinct()
        .orderBy('route_id')
        .execute()
    ).map((row) => row.route_id);
    for (const id of routes.filter((_, index) => index % 60 === 0)) {
      const summary = await db()
        .selectFrom('route_day_prices')
        .select(['date', 'min_price_minor'])
        .where('route_id', '=', id)
        .where('date', '>=', addDays(TEST_TODAY, 2))
        .orderBy('date')
        .limit(40)
        .execute();
      for (const { date, min_price_minor } of summary.filter((_, index) => index % 8 === 0)) {
        const { result } = await search(id, date);
        expect(result.results[0]?.cheapestPrice, `route ${id} on ${date}`).toBe(min_price_minor);
      }
    }
  });

  it('keeps the connection rules on random routes and days (property)', async () => {
    // Days the routes with paths are sold on: every tenth day of the next 200.
    const days = Array.from({ length: 20 }, (_, index) => addDays(TEST_TODAY, 3 + 10 * index));
    const sold = await db()
      .selectFrom('route_day_prices as d')
      .select(['d.route_id', 'd.date'])
      .where('d.date', 'in', days)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('route_paths as p')
            .select('p.id')
            .whereRef('p.route_id', '=', 'd.route_id'),
        ),
      )
      .orderBy('d.route_id')
      .orderBy('d.date')
      .execute();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sold), async ({ route_id, date }) => {
        const { result } = await search(route_id, date);
        await expectValidConnections(route_id, result.results[0]?.flights ?? []);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  /** A connection of a market on some day, with both flights' fare classes of its cheapest fare. */
  async function connectionToBook(offset = 0) {
    const priced = (await markets()).filter((_, index) => index % 7 === offset % 7);
    for (const market of priced) {
      const found = await search(market.id, market.date);
      const flight = found.result.results[0]?.flights.find(
        (f) => f.stops === 1 && f.segments.length === 2,
      );
      if (!flight) continue;
      const letter = flight.fareClasses[0]?.letter as string;
      const fares = await db()
        .selectFrom('fare_classes')
        .selectAll()
        .where('flight_id', 'in', inventoryFlightIds(flight.id))
        .where('letter', '=', letter)
        .execute();
      return { ...found, route: market.id, flight, letter, fares, date: market.date };
    }
    throw new Error('no bookable connection');
  }

  it('books a connection holding its fare on both flights', async () => {
    const { hash, flight, letter, fares, date } = await connectionToBook(1);
    const before = new Map(fares.map((fare) => [fare.id, fare.seats_left]));
    const response = await createBooking(testApp.app, {
      searchHash: hash,
      selections: [{ destinationIndex: 0, flightId: flight.id, fareClass: letter }],
      passengers: validPassengers({ adults: 1, children: 0, infants: 0 }, date),
      booker: { ...BOOKER },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { pnr } = CreateBookingResponseSchema.parse(response.json());
    const booking = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('pnr', '=', pnr)
      .executeTakeFirstOrThrow();
    const holds = await db()
      .selectFrom('seat_holds')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(holds.map((hold) => hold.fare_class_id).sort()).toEqual(
      fares.map((fare) => fare.id).sort(),
    );
    for (const fare of fares) {
      const now = await db()
        .selectFrom('fare_classes')
        .select('seats_left')
        .where('id', '=', fare.id)
        .executeTakeFirstOrThrow();
      expect(now.seats_left).toBe((before.get(fare.id) as number) - 1);
    }
    const [leg] = await db()
      .selectFrom('booking_flights')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(leg?.flight_ref).toBe(flight.id);
    expect(JSON.parse(leg?.segments ?? '[]')).toHaveLength(2);
    expect(booking.destination_airport).toBe(flight.segments.at(-1)?.to);
  });

  it('sells at most the seats of the scarcest flight to 100 racing travellers, never half', async () => {
    const { hash, route, flight, letter, fares, date } = await connectionToBook(3);
    const ids = inventoryFlightIds(flight.id);
    const first = fares.find((fare) => fare.flight_id === ids[0]);
    const second = fares.find((fare) => fare.flight_id === ids[1]);
    if (!first || !second) throw new Error('fare classes missing');
    await db()
      .updateTable('fare_classes')
      .set({ seats_left: 5 })
      .where('id', '=', second.id)
      .execute();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    // Each booking moves the price (docs/decisions/009): these travellers take any, so only the
    // seats decide.
    const body = JSON.stringify({
      searchHash: hash,
      selections: [{ destinationIndex: 0, flightId: flight.id, fareClass: letter }],
      passengers: validPassengers({ adults: 1, children: 0, infants: 0 }, date),
      booker: { ...BOOKER },
      acceptedTotal: ANY_PRICE,
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = Array.from({ length: 100 }, async () => {
      await gate;
      const response = await fetch(`${origin}/api/booking/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return response.status;
    });
    release();
    const statuses = await Promise.all(pending);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);

    const holdsOf = (fareClassId: number) =>
      db()
        .selectFrom('seat_holds')
        .select(['booking_id', 'seats'])
        .where('fare_class_id', '=', fareClassId)
        .execute();
    const onFirst = await holdsOf(first.id);
    const onSecond = await holdsOf(second.id);
    expect(onSecond).toHaveLength(5);
    // Every booking holds both flights; none holds one alone.
    expect(onFirst.map((hold) => hold.booking_id).sort()).toEqual(
      onSecond.map((hold) => hold.booking_id).sort(),
    );
    const seatsNow = async (id: number) =>
      (
        await db()
          .selectFrom('fare_classes')
          .select('seats_left')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).seats_left;
    expect(await seatsNow(second.id)).toBe(0);
    expect(await seatsNow(first.id)).toBe(first.seats_left - 5);

    // Its second flight sold out in every class, the connection is gone from the next search.
    await db()
      .updateTable('fare_classes')
      .set({ seats_left: 0 })
      .where('flight_id', '=', second.flight_id)
      .execute();
    await db().deleteFrom('search_results').where('hash', '=', hash).execute();
    const again = await search(route, date);
    expect(again.result.results[0]?.flights.map((f) => f.id)).not.toContain(flight.id);
  }, 120_000);
});
