import { addDays } from '@uniquair/domain/dates/ymd';
import { ALL_DAYS_MASK, daysOfMask } from '@uniquair/domain/routes/day-of-week';
import { describe, expect, it } from 'vitest';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { Problems, seededInventory } from '../../../test/helpers/seeded-inventory.ts';
import type { FareClass, Route } from '../tables/inventory.ts';
import { BUSINESS_MIN_KM } from './fares.ts';

describe(`the seeded database (${dialectUnderTest()}, today ${TEST_TODAY})`, () => {
  const data = seededInventory();

  describe('airports', () => {
    it('are at least 60 real airports on at least three continents', () => {
      expect(data.airports.length).toBeGreaterThanOrEqual(60);
      const continents = new Set(data.airports.map((airport) => airport.continent));
      expect(continents).toEqual(new Set(['Europe', 'Asia', 'North America', 'South America']));
      const lhr = data.airports.find((airport) => airport.code === 'LHR');
      expect(lhr).toMatchObject({ city: 'London', country_code: 'GB', time_zone: 'Europe/London' });
    });

    it('have valid codes, coordinates and IANA time zones', () => {
      for (const airport of data.airports) {
        expect(airport.code).toMatch(/^[A-Z]{3}$/);
        expect(Math.abs(airport.latitude)).toBeLessThanOrEqual(90);
        expect(Math.abs(airport.longitude)).toBeLessThanOrEqual(180);
        expect(() => new Intl.DateTimeFormat('en', { timeZone: airport.time_zone })).not.toThrow();
      }
    });
  });

  describe('routes', () => {
    it('number at least 300, each with its reverse', () => {
      expect(data.routes.length).toBeGreaterThanOrEqual(300);
      const keys = new Set(data.routes.map((route) => `${route.from_airport}-${route.to_airport}`));
      for (const route of data.routes) {
        expect(keys.has(`${route.to_airport}-${route.from_airport}`)).toBe(true);
      }
    });

    it('serve every airport', () => {
      const served = new Set(data.routes.map((route) => route.from_airport));
      expect(served).toEqual(new Set(data.airports.map((airport) => airport.code)));
    });

    it('fly on varied days: daily, several days a week, and once or twice a week', () => {
      const dayCounts = data.routes.map((route) => daysOfMask(route.dow).length);
      expect(data.routes.every((route) => route.dow > 0 && route.dow <= ALL_DAYS_MASK)).toBe(true);
      expect(data.routes.some((route) => route.dow === ALL_DAYS_MASK)).toBe(true);
      expect(data.routes.filter((route) => route.dow !== ALL_DAYS_MASK).length).toBeGreaterThan(50);
      expect(dayCounts.some((n) => n >= 3 && n <= 6)).toBe(true);
      expect(dayCounts.some((n) => n === 1)).toBe(true);
      expect(new Set(data.routes.map((route) => route.dow)).size).toBeGreaterThan(20);
    });

    it('include some that start in the future and some that end within the year', () => {
      const future = data.routes.filter((route) => route.available_from > TEST_TODAY);
      const ending = data.routes.filter(
        (route) =>
          route.available_until !== null && route.available_until < addDays(TEST_TODAY, 365),
      );
      expect(future.length).toBeGreaterThan(0);
      expect(ending.length).toBeGreaterThan(0);
      expect(data.routes.filter((route) => route.available_until === null).length).toBeGreaterThan(
        data.routes.length / 2,
      );
    });

    it('have ratings from 1 to 5 and their great-circle distance', () => {
      for (const route of data.routes) {
        expect(route.rating).toBeGreaterThanOrEqual(1);
        expect(route.rating).toBeLessThanOrEqual(5);
        expect(route.distance_km).toBeGreaterThanOrEqual(250);
      }
      expect(new Set(data.routes.map((route) => route.rating)).size).toBe(5);
    });
  });

  describe('fare classes', () => {
    it('split every aircraft into classes, business only on long-haul journeys', () => {
      const routes = new Map(data.routes.map((route) => [route.id, route]));
      const problems = new Problems();
      for (const flight of data.flights) {
        const fares = data.faresByFlight.get(flight.id) ?? [];
        const letters = fares.map((fare) => fare.letter).join('');
        const wrong = () => `flight ${flight.id}: ${JSON.stringify(fares)}`;
        problems.check(
          (letters === 'QMBY' || letters === 'QMBYJ') &&
            fares.reduce((sum, fare) => sum + fare.seats_total, 0) === flight.capacity &&
            fares.every(
              (fare) =>
                fare.currency === 'USD' &&
                Number.isInteger(fare.price_minor) &&
                fare.price_minor > 0 &&
                fare.seats_left >= 0 &&
                fare.seats_left <= fare.seats_total,
            ),
          wrong,
        );
        if (letters.includes('J')) {
          // Business class is sold on journeys flown over BUSINESS_MIN_KM (legs added up).
          problems.check(
            (routes.get(flight.route_id) as Route).distance_km > BUSINESS_MIN_KM * 0.6,
            wrong,
          );
        }
      }
      problems.expectNone();
    });

    it('sell the cheapest class first', () => {
      const problems = new Problems();
      for (const fares of data.faresByFlight.values()) {
        const economy = fares.filter((fare) => fare.cabin === 'economy');
        economy.forEach((fare, index) => {
          const dearer = economy[index + 1];
          if (!dearer) return;
          problems.check(dearer.price_minor > fare.price_minor, () => JSON.stringify(fares));
          if (fare.seats_left > 0) {
            problems.check(dearer.seats_left === dearer.seats_total, () => JSON.stringify(fares));
          }
        });
      }
      problems.expectNone();
    });

    /** Cheapest-class price and seats sold of each flight, per route and flight number. */
    function byService(): Map<string, { days: number; price: number; sold: number }[]> {
      const services = new Map<string, { days: number; price: number; sold: number }[]>();
      for (const flight of data.flights) {
        const fares = data.faresByFlight.get(flight.id) ?? [];
        const q = fares.find((fare) => fare.letter === 'Q') as FareClass;
        const sold = fares
          .filter((fare) => fare.cabin === 'economy')
          .reduce((sum, fare) => sum + fare.seats_total - fare.seats_left, 0);
        const days = (Date.parse(flight.departure_date) - Date.parse(TEST_TODAY)) / 86_400_000;
        const key = `${flight.route_id}/${flight.flight_number}`;
        const list = services.get(key) ?? [];
        list.push({ days, price: q.price_minor, sold });
        services.set(key, list);
      }
      return services;
    }

    it('cost more as departure nears', () => {
      let compared = 0;
      for (const flights of byService().values()) {
        const near = flights.filter((f) => f.days < 14);
        const far = flights.filter((f) => f.days >= 180);
        if (near.length === 0 || far.length === 0) continue;
        compared++;
        expect(Math.min(...near.map((f) => f.price))).toBeGreaterThan(
          Math.max(...far.map((f) => f.price)),
        );
      }
      expect(compared).toBeGreaterThan(200);
    });

    it('cost more as the flight fills up', () => {
      const problems = new Problems();
      let compared = 0;
      for (const flights of byService().values()) {
        // Beyond six weeks out only the load moves the price.
        const sorted = flights.filter((f) => f.days >= 45).sort((a, b) => a.sold - b.sold);
        for (let i = 1; i < sorted.length; i++) {
          const emptier = sorted[i - 1] as { sold: number; price: number };
          const fuller = sorted[i] as { sold: number; price: number };
          if (fuller.sold > emptier.sold) {
            problems.check(fuller.price >= emptier.price, () => JSON.stringify([emptier, fuller]));
            compared++;
          }
        }
        const first = sorted[0];
        const last = sorted[sorted.length - 1];
        if (first && last && last.sold > first.sold * 3 + 20) {
          expect(last.price).toBeGreaterThan(first.price);
        }
      }
      problems.expectNone();
      expect(compared).toBeGreaterThan(10_000);
    });
  });
});
