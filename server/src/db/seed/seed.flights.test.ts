import { addDays, isoWeekdayOf, type Ymd } from '@uniquair/domain/dates/ymd';
import { ALL_DAYS_MASK, operatesOnIsoWeekday } from '@uniquair/domain/routes/day-of-week';
import { describe, expect, it } from 'vitest';
import { intlLocalTime } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { Problems, seededInventory } from '../../../test/helpers/seeded-inventory.ts';
import type { FlightSegment, Route } from '../tables/inventory.ts';
import { INVENTORY_DAYS } from './flights.ts';

const MINUTE_MS = 60_000;
const LAST_DAY = addDays(TEST_TODAY, INVENTORY_DAYS - 1);

describe(`the seeded database (${dialectUnderTest()}, today ${TEST_TODAY})`, () => {
  const data = seededInventory();

  describe('flights', () => {
    it('run only on operated days, inside the availability window and the coming year', () => {
      const routes = new Map(data.routes.map((route) => [route.id, route]));
      const problems = new Problems();
      for (const flight of data.flights) {
        const route = routes.get(flight.route_id);
        if (!route) throw new Error(`Flight ${flight.id} has no route`);
        const date = flight.departure_date;
        problems.check(
          operatesOnIsoWeekday(route.dow, isoWeekdayOf(date)) &&
            date >= route.available_from &&
            (route.available_until === null || date <= route.available_until) &&
            date >= TEST_TODAY &&
            date <= LAST_DAY,
          () => `flight ${flight.id} on ${date}, route ${JSON.stringify(route)}`,
        );
      }
      problems.expectNone();
    });

    it('cover each operated day of an open route, every day of the coming year', () => {
      const daily = data.routes.find(
        (route) =>
          route.dow === ALL_DAYS_MASK &&
          route.available_until === null &&
          route.available_from <= TEST_TODAY,
      );
      if (!daily) throw new Error('No open daily route');
      const dates = new Set(
        data.flights.filter((f) => f.route_id === daily.id).map((f) => f.departure_date),
      );
      expect(dates.size).toBe(INVENTORY_DAYS);
    });

    it('arrive exactly their duration after departure', () => {
      const problems = new Problems();
      for (const flight of data.flights) {
        problems.check(
          Date.parse(flight.arrival_utc) - Date.parse(flight.departure_utc) ===
            flight.duration_minutes * MINUTE_MS &&
            /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/.test(flight.departure_utc),
          () => JSON.stringify(flight),
        );
      }
      problems.expectNone();
    });

    it("show local times that match each airport's time zone on that date", () => {
      const zones = new Map(data.airports.map((airport) => [airport.code, airport.time_zone]));
      const formats = new Map<string, (instant: number) => string>();
      const local = (instant: string, airport: string): string => {
        const timeZone = zones.get(airport) ?? 'UTC';
        let format = formats.get(timeZone);
        if (!format) {
          format = intlLocalTime(timeZone);
          formats.set(timeZone, format);
        }
        return format(Date.parse(instant));
      };
      const problems = new Problems();
      for (let i = 0; i < data.flights.length; i += 7) {
        for (const segment of data.segmentsByFlight.get(data.flights[i]?.id ?? 0) ?? []) {
          problems.check(
            `${segment.departure_date} ${segment.departure_time}` ===
              local(segment.departure_utc, segment.from_airport) &&
              `${segment.arrival_date} ${segment.arrival_time}` ===
                local(segment.arrival_utc, segment.to_airport),
            () => JSON.stringify(segment),
          );
        }
      }
      problems.expectNone();
    });

    it('keep their local departure time when the clocks change, so their UTC time moves', () => {
      const london = data.routes.filter((route) => route.from_airport === 'LHR').map((r) => r.id);
      const schedule = (date: Ymd) =>
        data.flights.filter((f) => london.includes(f.route_id) && f.departure_date === date);
      // Britain moves to summer time on the last Sunday of March.
      const winter = schedule('2027-03-20' as Ymd);
      const summer = schedule('2027-04-03' as Ymd);
      let compared = 0;
      for (const before of winter) {
        const after = summer.find(
          (f) => f.route_id === before.route_id && f.flight_number === before.flight_number,
        );
        if (!after) continue;
        compared++;
        expect(after.departure_time).toBe(before.departure_time);
        expect(after.departure_utc.slice(11, 16)).not.toBe(before.departure_utc.slice(11, 16));
      }
      expect(compared).toBeGreaterThan(3);
    });

    it('take longer the farther they fly, for direct flights', () => {
      const durations = new Map<number, number>();
      for (const flight of data.flights) {
        if (flight.stops === 0) durations.set(flight.route_id, flight.duration_minutes);
      }
      const routes = data.routes
        .filter((route) => durations.has(route.id))
        .sort((a, b) => a.distance_km - b.distance_km);
      for (let i = 1; i < routes.length; i++) {
        const shorter = routes[i - 1] as Route;
        const longer = routes[i] as Route;
        if (longer.distance_km > shorter.distance_km) {
          expect(durations.get(longer.id)).toBeGreaterThanOrEqual(durations.get(shorter.id) ?? 0);
        }
      }
      const shortest = routes[0] as Route;
      const longest = routes[routes.length - 1] as Route;
      expect(durations.get(shortest.id)).toBeLessThan(120);
      expect(durations.get(longest.id)).toBeGreaterThan(600);
    });

    it('include one-stop journeys whose legs connect at the stop', () => {
      const routes = new Map(data.routes.map((route) => [route.id, route]));
      const oneStop = data.flights.filter((flight) => flight.stops === 1);
      expect(oneStop.length).toBeGreaterThan(1_000);
      const problems = new Problems();
      for (const flight of data.flights) {
        const route = routes.get(flight.route_id) as Route;
        const legs = data.segmentsByFlight.get(flight.id) ?? [];
        const first = legs[0];
        const last = legs[legs.length - 1];
        const wrong = () => `flight ${JSON.stringify(flight)} legs ${JSON.stringify(legs)}`;
        if (!first || !last) {
          problems.check(false, wrong);
          continue;
        }
        problems.check(
          legs.every((leg, index) => leg.position === index + 1) &&
            legs.length === flight.stops + 1 &&
            first.from_airport === route.from_airport &&
            last.to_airport === route.to_airport &&
            first.departure_utc === flight.departure_utc &&
            first.flight_number === flight.flight_number &&
            last.arrival_utc === flight.arrival_utc &&
            `${last.arrival_date} ${last.arrival_time}` ===
              `${flight.arrival_date} ${flight.arrival_time}`,
          wrong,
        );
        if (flight.stops === 0) {
          problems.check(
            flight.via_airport === null && first.duration_minutes === flight.duration_minutes,
            wrong,
          );
          continue;
        }
        const second = legs[1] as FlightSegment;
        const connection =
          (Date.parse(second.departure_utc) - Date.parse(first.arrival_utc)) / MINUTE_MS;
        problems.check(
          flight.via_airport === first.to_airport &&
            second.from_airport === first.to_airport &&
            first.to_airport !== route.from_airport &&
            first.to_airport !== route.to_airport &&
            connection >= 45 &&
            connection <= 180 &&
            flight.duration_minutes ===
              first.duration_minutes + connection + second.duration_minutes,
          wrong,
        );
      }
      problems.expectNone();
    });

    it('carry realistic flight numbers, stable per route and service', () => {
      const numbersByRoute = new Map<number, Set<string>>();
      const problems = new Problems();
      for (const flight of data.flights) {
        problems.check(
          /^[A-Z0-9]{2}\d{3,4}$/.test(flight.flight_number) &&
            flight.flight_number.startsWith(flight.carrier_code),
          () => JSON.stringify(flight),
        );
        const numbers = numbersByRoute.get(flight.route_id) ?? new Set<string>();
        numbers.add(flight.flight_number);
        numbersByRoute.set(flight.route_id, numbers);
      }
      problems.expectNone();
      for (const numbers of numbersByRoute.values()) expect(numbers.size).toBeLessThanOrEqual(3);
    });
  });
});
