import { addDays, isoWeekdayOf, type Ymd } from '@uniquair/domain/dates/ymd';
import { ENABLED_LOCALES, LANGUAGES } from '@uniquair/domain/locale/languages';
import {
  ALL_DAYS_MASK,
  daysOfMask,
  operatesOnIsoWeekday,
} from '@uniquair/domain/routes/day-of-week';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dialectUnderTest,
  TEST_TODAY,
  type TestDatabase,
} from '../../../test/helpers/database.ts';
import type { PagesTable } from '../tables/content.ts';
import type { FareClass, Flight, FlightSegment, Route } from '../tables/inventory.ts';
import type { Airport } from '../tables/reference.ts';
import { migrateToLatest } from '../migrate.ts';
import { BUSINESS_MIN_KM } from './fares.ts';
import { INVENTORY_DAYS } from './flights.ts';
import { isSeeded } from './seed.ts';

const MINUTE_MS = 60_000;
const LAST_DAY = addDays(TEST_TODAY, INVENTORY_DAYS - 1);

/** Everything the checks below read, loaded once. */
interface Snapshot {
  airports: Airport[];
  routes: Route[];
  flights: Flight[];
  segmentsByFlight: Map<number, FlightSegment[]>;
  faresByFlight: Map<number, FareClass[]>;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Collects rule violations, so a loop over many rows asserts once and shows the first few. */
class Problems {
  readonly #found: string[] = [];

  check(ok: boolean, describe: () => string): void {
    if (!ok) this.#found.push(describe());
  }

  expectNone(): void {
    expect(this.#found.slice(0, 10), `${this.#found.length} problem(s)`).toEqual([]);
  }
}

describe(`the seeded database (${dialectUnderTest()}, today ${TEST_TODAY})`, () => {
  let database: TestDatabase;
  let data: Snapshot;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [airports, routes, flights, segments, fares] = await Promise.all([
      db.selectFrom('airports').selectAll().orderBy('code').execute(),
      db.selectFrom('routes').selectAll().orderBy('id').execute(),
      db.selectFrom('flights').selectAll().orderBy('id').execute(),
      db.selectFrom('flight_segments').selectAll().orderBy('id').execute(),
      db.selectFrom('fare_classes').selectAll().orderBy('id').execute(),
    ]);
    data = {
      airports,
      routes,
      flights,
      segmentsByFlight: groupBy(segments, (segment) => segment.flight_id),
      faresByFlight: groupBy(fares, (fare) => fare.flight_id),
    };
  }, 120_000);

  afterAll(() => database.dispose());

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
      const formats = new Map<string, Intl.DateTimeFormat>();
      const local = (instant: string, airport: string): string => {
        const timeZone = zones.get(airport) ?? 'UTC';
        let format = formats.get(timeZone);
        if (!format) {
          format = new Intl.DateTimeFormat('en-CA', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          });
          formats.set(timeZone, format);
        }
        const parts = Object.fromEntries(
          format.formatToParts(Date.parse(instant)).map((part) => [part.type, part.value]),
        );
        return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
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

  describe('reference data', () => {
    it('has the currencies of every enabled language, plus GBP, with USD at rate 1', async () => {
      const currencies = await database.db
        .selectFrom('currencies')
        .selectAll()
        .orderBy('ord')
        .execute();
      const codes = currencies.map((currency) => currency.code);
      const wanted = new Set(LANGUAGES.filter((l) => l.enabled).map((l) => l.defaultCurrency));
      for (const code of [...wanted, 'GBP']) expect(codes).toContain(code);
      expect(currencies[0]).toEqual({
        code: 'USD',
        name: 'US Dollar',
        symbol: '$',
        ord: 1,
        rate: 1,
        minor_units: 2,
      });
      for (const currency of currencies) expect(currency.rate).toBeGreaterThan(0);
      expect(currencies.find((c) => c.code === 'EUR')?.rate).toBeLessThan(1);
      expect(currencies.find((c) => c.code === 'KRW')?.minor_units).toBe(0);
    });

    it('has every country with its calling code and its name in all 13 enabled locales', async () => {
      const { db } = database;
      const countries = await db.selectFrom('countries').selectAll().execute();
      expect(countries.length).toBeGreaterThanOrEqual(249);
      for (const country of countries) {
        expect(country.code).toMatch(/^[A-Z]{2}$/);
        expect(country.phone_code).toMatch(/^\d{1,4}$/);
      }
      const phone = new Map(countries.map((country) => [country.code, country.phone_code]));
      expect(phone.get('DE')).toBe('49');
      expect(phone.get('VN')).toBe('84');
      expect(phone.get('US')).toBe('1');

      expect(ENABLED_LOCALES).toHaveLength(13);
      const names = await db.selectFrom('country_names').selectAll().execute();
      expect(names).toHaveLength(countries.length * ENABLED_LOCALES.length);
      const name = (code: string, locale: string) =>
        names.find((row) => row.country_code === code && row.locale === locale)?.name;
      expect(name('DE', 'en')).toBe('Germany');
      expect(name('DE', 'de')).toBe('Deutschland');
      expect(name('DE', 'ko')).toBe('독일');
      expect(name('GB', 'ru')).toBeTruthy();
    });

    it('has titles 1 Mr., 2 Mrs., 4 Infant, 5 Child and passenger types 1–3', async () => {
      const { db } = database;
      expect(await db.selectFrom('titles').selectAll().orderBy('id').execute()).toEqual([
        { id: 1, name: 'Mr.' },
        { id: 2, name: 'Mrs.' },
        { id: 4, name: 'Infant' },
        { id: 5, name: 'Child' },
      ]);
      expect(await db.selectFrom('ticket_types').selectAll().orderBy('id').execute()).toEqual([
        { id: 1, name: 'Adult' },
        { id: 2, name: 'Child' },
        { id: 3, name: 'Infant' },
      ]);
    });

    it('has the 26 languages, 13 of them enabled, with their default currencies', async () => {
      const languages = await database.db
        .selectFrom('languages')
        .selectAll()
        .orderBy('ord')
        .execute();
      expect(languages).toHaveLength(26);
      expect(languages.filter((l) => l.enabled === 1).map((l) => l.code)).toEqual([
        ...ENABLED_LOCALES,
      ]);
      expect(languages.find((l) => l.code === 'vi')).toMatchObject({
        name: 'Tiếng Việt',
        default_currency: 'VND',
        enabled: 1,
      });
      expect(languages.find((l) => l.code === 'pt_BR')?.enabled).toBe(0);
    });
  });

  describe('content and partners', () => {
    it('has the seven content pages in English, and the terms in German too', async () => {
      const pages: Selectable<PagesTable>[] = await database.db
        .selectFrom('pages')
        .selectAll()
        .execute();
      const slugs = [
        'terms-and-conditions',
        'travel-protect',
        'crd-compliance',
        'cookie-policy',
        'ecd-compliance',
        'privacy-policy',
        'contact-us',
      ];
      for (const slug of slugs) {
        const page = pages.find((p) => p.slug === slug && p.locale === 'en');
        expect(page, slug).toBeDefined();
        expect(page?.title.length).toBeGreaterThan(3);
        expect(page?.body.split(/\n\s*\n/).length, slug).toBeGreaterThanOrEqual(4);
        expect(page?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      const german = pages.find((p) => p.slug === 'terms-and-conditions' && p.locale === 'de');
      expect(german?.title).toBe('Allgemeine Geschäftsbedingungen');
      expect(german?.body).toContain('Uniquair');
    });

    it('has partner footer menus with ordered links', async () => {
      const { db } = database;
      const menus = await db
        .selectFrom('menus')
        .selectAll()
        .where('locale', '=', 'en')
        .orderBy('position')
        .execute();
      expect(menus.length).toBeGreaterThanOrEqual(1);
      for (const menu of menus) {
        const items = await db
          .selectFrom('menu_items')
          .selectAll()
          .where('menu_id', '=', menu.id)
          .orderBy('position')
          .execute();
        expect(items.length).toBeGreaterThanOrEqual(2);
        for (const item of items) expect(item.url).toMatch(/^(\/|https:\/\/)/);
      }
    });

    it('has the two demo affiliates', async () => {
      const affiliates = await database.db
        .selectFrom('affiliates')
        .selectAll()
        .orderBy('id')
        .execute();
      expect(affiliates.map((a) => a.code)).toEqual(['skyscout', 'globetrotter']);
      for (const affiliate of affiliates) {
        expect(affiliate.logo_url).toBe(`/affiliates/${affiliate.code}.svg`);
        expect(affiliate.logo_square_url).toMatch(new RegExp(`^/affiliates/${affiliate.code}`));
        expect(affiliate.site_url).toMatch(/^https:\/\//);
        expect(affiliate.active).toBe(1);
      }
    });

    it('records when the route list changed', async () => {
      const version = await database.db
        .selectFrom('dataset_versions')
        .selectAll()
        .where('name', '=', 'routes')
        .executeTakeFirstOrThrow();
      expect(Number.isNaN(Date.parse(version.updated_at))).toBe(false);
      expect(version.updated_at.endsWith('.000Z')).toBe(true);
      expect(await isSeeded(database.db)).toBe(true);
    });
  });

  it('is reported as not seeded when only migrated', async () => {
    const empty = await createTestDatabase({ seeded: false });
    try {
      await migrateToLatest(empty.db);
      expect(await isSeeded(empty.db)).toBe(false);
    } finally {
      await empty.dispose();
    }
  });
});
