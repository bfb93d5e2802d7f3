import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import type { SearchResult } from '@uniquair/contract/search';
import { addDays } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKER,
  buildBookingTestApp,
  createBooking,
  validPassengers,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { initBody, initSearch, ONE_ADULT } from '../../../test/helpers/search-api.ts';

/**
 * Cities of several airports (docs/search.md "Cities of several airports"): Tokyo (Narita,
 * Haneda) and Seoul (Incheon, Gimpo) have an entry of their own, and a route from or to one is
 * flown by its airports' routes: one search over all of them, calendars at the cheapest of them,
 * bookings on the airport route actually flown.
 */
describe(`cities of several airports (${dialectUnderTest()})`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildBookingTestApp(testClock(), { SEARCH_INITS_PER_MINUTE: '0' });
  });

  afterAll(() => testApp.close());

  const db = () => testApp.app.db;

  /** City routes with two or more member routes, and their members' ends. */
  async function cityRoutes() {
    const rows = await db()
      .selectFrom('route_members as m')
      .innerJoin('routes as city', 'city.id', 'm.route_id')
      .innerJoin('routes as member', 'member.id', 'm.member_route_id')
      .select([
        'city.id',
        'city.from_airport as cityFrom',
        'city.to_airport as cityTo',
        'member.id as memberId',
        'member.from_airport as from',
        'member.to_airport as to',
      ])
      .orderBy('city.id')
      .orderBy('member.id')
      .execute();
    const byRoute = new Map<number, typeof rows>();
    for (const row of rows) byRoute.set(row.id, [...(byRoute.get(row.id) ?? []), row]);
    return byRoute;
  }

  it('seeds an entry for each city of several airports, and routes its airports fly', async () => {
    const airports = await db().selectFrom('airports').selectAll().execute();
    const members = (code: string) =>
      airports
        .filter((airport) => airport.metro_code === code)
        .map((airport) => airport.code)
        .sort();
    expect(members('TYO')).toEqual(['HND', 'NRT']);
    expect(members('SEL')).toEqual(['GMP', 'ICN']);
    expect(airports.find((airport) => airport.code === 'TYO')).toMatchObject({
      city: 'Tokyo',
      country_code: 'JP',
      metro_code: null,
    });
    const cityOf = new Map(airports.map((airport) => [airport.code, airport.metro_code]));
    const place = (code: string) => cityOf.get(code) ?? code;
    const routes = await cityRoutes();
    expect(routes.size).toBeGreaterThan(40);
    for (const [id, rows] of routes) {
      for (const row of rows) {
        // Each member links the same two places: an end is the city's own or one of its airports.
        expect(row.cityFrom === row.from || place(row.from) === row.cityFrom, String(id)).toBe(
          true,
        );
        expect(row.cityTo === row.to || place(row.to) === row.cityTo, String(id)).toBe(true);
      }
      const flights = await db()
        .selectFrom('flights')
        .select('id')
        .where('route_id', '=', id)
        .limit(1)
        .execute();
      expect(flights, 'a city route has no flights of its own').toEqual([]);
    }
  });

  it('searches every airport of the city at once; each flight names the airport route it flies', async () => {
    const routes = await cityRoutes();
    let checked = 0;
    for (const [id, rows] of routes) {
      if (rows.length < 2 || checked >= 3) continue;
      const days = await db()
        .selectFrom('route_day_prices')
        .select(['route_id', 'date', 'min_price_minor'])
        .where('route_id', 'in', [id, ...rows.map((row) => row.memberId)])
        .where('date', '>=', addDays(TEST_TODAY, 10))
        .where('date', '<=', addDays(TEST_TODAY, 40))
        .execute();
      const date = days
        .filter((day) => day.route_id === id)
        .map((day) => day.date)
        .find((candidate) =>
          rows.every((row) =>
            days.some((day) => day.route_id === row.memberId && day.date === candidate),
          ),
        );
      if (date === undefined) continue;
      const body = initBody(
        await initSearch(testApp, {
          destinations: [{ route: id, date }],
          passengers: ONE_ADULT,
        }),
      );
      expect(body.status).toBe('done');
      const [leg] = (body.result as SearchResult).results;
      const flights = leg?.flights ?? [];
      // Flights of every member route, each naming its route and starting and ending at its ends.
      expect(new Set(flights.map((flight) => flight.route))).toEqual(
        new Set(rows.map((row) => row.memberId)),
      );
      for (const flight of flights) {
        const member = rows.find((row) => row.memberId === flight.route);
        expect(flight.segments[0]?.from, flight.id).toBe(member?.from);
        expect(flight.segments.at(-1)?.to, flight.id).toBe(member?.to);
      }
      // The calendar's price of the day is the cheapest of its members', and the search's.
      const cheapest = Math.min(
        ...days
          .filter((day) => day.date === date && day.route_id !== id)
          .map((day) => Number(day.min_price_minor)),
      );
      const cityDay = days.find((day) => day.route_id === id && day.date === date);
      expect(Number(cityDay?.min_price_minor)).toBe(cheapest);
      expect(leg?.cheapestPrice).toBe(cheapest);
      checked += 1;
    }
    expect(checked).toBe(3);
  });

  it('books a flight found on a city route on the airport route it flies', async () => {
    const routes = await cityRoutes();
    const [id, rows] = [...routes].find(([, members]) => members.length > 1) ?? [];
    if (id === undefined || rows === undefined) throw new Error('no city route of two airports');
    const day = await db()
      .selectFrom('route_day_prices')
      .select('date')
      .where('route_id', '=', id)
      .where('date', '>=', addDays(TEST_TODAY, 20))
      .orderBy('date')
      .executeTakeFirstOrThrow();
    const body = initBody(
      await initSearch(testApp, {
        destinations: [{ route: id, date: day.date }],
        passengers: ONE_ADULT,
      }),
    );
    const flight = (body.result as SearchResult).results[0]?.flights.at(-1);
    if (!flight) throw new Error('no flight on the city route');
    const letter = flight.fareClasses[0]?.letter ?? 'Y';
    const response = await createBooking(testApp.app, {
      searchHash: body.hash,
      selections: [{ destinationIndex: 0, flightId: flight.id, fareClass: letter }],
      passengers: validPassengers(ONE_ADULT, day.date),
      booker: { ...BOOKER },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { pnr } = CreateBookingResponseSchema.parse(response.json());
    const leg = await db()
      .selectFrom('booking_flights as f')
      .innerJoin('bookings as b', 'b.id', 'f.booking_id')
      .select(['f.route_id', 'f.from_airport', 'f.to_airport', 'f.flight_ref'])
      .where('b.pnr', '=', pnr)
      .executeTakeFirstOrThrow();
    expect(leg).toEqual({
      route_id: flight.route,
      from_airport: flight.segments[0]?.from,
      to_airport: flight.segments.at(-1)?.to,
      flight_ref: flight.id,
    });
    const held = await db()
      .selectFrom('seat_holds as h')
      .innerJoin('bookings as b', 'b.id', 'h.booking_id')
      .innerJoin('fare_classes as c', 'c.id', 'h.fare_class_id')
      .select('c.flight_id')
      .where('b.pnr', '=', pnr)
      .execute();
    expect(held.map((row) => row.flight_id).sort()).toEqual(inventoryFlightIds(flight.id).sort());
  });
});
