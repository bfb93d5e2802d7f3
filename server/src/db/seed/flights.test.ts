import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import { loadAirports, type SeedAirport } from './airports.ts';
import {
  flightSchedule,
  generateFlights,
  inventoryDays,
  INVENTORY_DAYS,
  type FlightSchedule,
  type SeededFlight,
} from './flights.ts';
import { DEFAULT_SEED } from './seed.ts';

/** A flight as its rows read without ids: what a day seeded and the same day rolled in share. */
function withoutIds({ flight, segments, fares }: SeededFlight) {
  const { id: _flight, ...row } = flight;
  return {
    flight: row,
    segments: segments.map(({ id: _id, flight_id: _of, ...leg }) => leg),
    fares: fares.map(({ id: _id, flight_id: _of, ...fare }) => fare),
  };
}

const freshIds = () => ({ flight: 1, segment: 1, fare: 1 });

describe('generateFlights', () => {
  let airports: SeedAirport[];
  let schedule: FlightSchedule;
  beforeAll(async () => {
    airports = await loadAirports();
    schedule = flightSchedule(airports, DEFAULT_SEED, TEST_TODAY);
  });

  const generate = (today: Ymd, days?: { first: Ymd; last: Ymd }) => [
    ...generateFlights({
      routes: schedule.routes.slice(0, 80),
      airports,
      today,
      ...(days ? { days } : {}),
      random: schedule.random,
      ids: freshIds(),
    }),
  ];

  it('gives a day the flights a seed of a later day gives it, when generated alone', () => {
    // The last day a seed 40 days later holds is the day a roll 40 days later adds.
    const later = addDays(TEST_TODAY, 40);
    const day = inventoryDays(later).last;
    expect(day).toBe(addDays(later, INVENTORY_DAYS - 1));
    const seeded = generate(later).filter((seeded) => seeded.flight.departure_date === day);
    const rolled = generate(later, { first: day, last: day });
    expect(rolled.length).toBeGreaterThan(20);
    expect(rolled.map(withoutIds)).toEqual(seeded.map(withoutIds));
  });

  it('draws each day apart: the same schedule and loads whatever the first day, fares as of today', () => {
    const day = addDays(TEST_TODAY, 100);
    const alone = generate(TEST_TODAY, { first: day, last: day }).map(withoutIds);
    const inYear = generate(TEST_TODAY)
      .filter((seeded) => seeded.flight.departure_date === day)
      .map(withoutIds);
    expect(alone).toEqual(inYear);
    // Seen from a later day, the same flights cost more (nearer departure, more seats sold).
    const nearer = generate(addDays(TEST_TODAY, 90), { first: day, last: day }).map(withoutIds);
    expect(nearer.map((seeded) => seeded.flight)).toEqual(alone.map((seeded) => seeded.flight));
    const cheapest = (flights: typeof alone) =>
      flights.reduce((sum, seeded) => sum + (seeded.fares[0]?.price_minor ?? 0), 0);
    expect(cheapest(nearer)).toBeGreaterThan(cheapest(alone));
  });

  it('generates only the days asked for, inside each route window', () => {
    const days = { first: addDays(TEST_TODAY, 10), last: addDays(TEST_TODAY, 12) };
    const flights = generate(TEST_TODAY, days);
    const routes = new Map(schedule.routes.map((route) => [route.id, route]));
    expect(new Set(flights.map((seeded) => seeded.flight.departure_date))).toEqual(
      new Set([days.first, addDays(days.first, 1), days.last]),
    );
    for (const { flight } of flights) {
      const route = routes.get(flight.route_id);
      expect(route && flight.departure_date >= route.availableFrom).toBe(true);
      expect(
        route && (route.availableUntil === null || flight.departure_date <= route.availableUntil),
      ).toBe(true);
    }
  });
});
