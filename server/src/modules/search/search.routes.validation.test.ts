import { addDays, addYears, type Ymd } from '@uniquair/domain/dates/ymd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { initSearch, inventorySearchApp, ONE_ADULT } from '../../../test/helpers/search-api.ts';
import { nonDailyRoute } from '../../../test/helpers/search.ts';
import type { Route } from '../../db/tables/inventory.ts';

describe(`search on the inventory (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let out: Route;
  let back: Route;

  beforeAll(async () => {
    ({ testApp, out, back } = await inventorySearchApp());
  });

  afterAll(() => testApp.close());

  describe('invalid searches are 400 naming the field', () => {
    async function expectFields(payload: object, fields: string[]) {
      const response = await initSearch(testApp, payload);
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
      expect(unknown.errors['body.destinations.1.route']?.[0]).toEqual('This route is unknown.');
      await expectFields({ destinations: [{ route: 0, date: date() }], passengers: ONE_ADULT }, [
        'body.destinations.0.route',
      ]);
      // Past the ids a database row can have (a 500 on PostgreSQL before).
      await expectFields(
        { destinations: [{ route: 4_294_967_296, date: date() }], passengers: ONE_ADULT },
        ['body.destinations.0.route'],
      );
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
      const until = ending.available_until as Ymd;
      const [year, month, day] = until.split('-').map(Number) as [number, number, number];
      const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(year, month - 1, 1),
      );
      // SPEC §5: "… is available until D Month YYYY", in the visitor's language.
      expect(after.errors['body.destinations.0.date']?.[0]).toMatch(
        new RegExp(`is available until ${day} ${monthName} ${year}$`),
      );
      const german = await testApp.app.inject({
        method: 'POST',
        url: '/api/search/init',
        headers: { 'accept-language': 'de' },
        payload: {
          destinations: [{ route: ending.id, date: addDays(until, 1) }],
          passengers: ONE_ADULT,
        },
      });
      const germanBody = expectApiError(german, 400, 'VALIDATION_ERROR');
      expect(germanBody.errors['body.destinations.0.date']?.[0]).toMatch(
        new RegExp(`ist bis zum ${day}\\. \\p{L}+ ${year} verfügbar$`, 'u'),
      );
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
});
