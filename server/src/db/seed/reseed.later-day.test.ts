import { FutureBookingsResponseSchema } from '@uniquair/contract/booking-list';
import { addDays } from '@uniquair/domain/dates/ymd';
import type { Kysely, Selectable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  freshClient,
  signIn,
  type TestAccount,
} from '../../../test/helpers/accounts.ts';
import { insertBookingRow } from '../../../test/helpers/booking.ts';
import { useTestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import type { Database } from '../database.ts';
import type { AffiliatesTable } from '../tables/content.ts';
import type { FareSale } from '../tables/fares.ts';
import type { Route } from '../tables/inventory.ts';
import { readFaresState } from '../fares-state.ts';
import { readInventoryState } from '../inventory-roll.ts';
import { PRICE_SUMMARY_VERSION } from '../route-day-prices-all-in.ts';
import { DEFAULT_SEED, seedDatabase, type SeedSummary } from './seed.ts';

async function versionOf(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db
    .selectFrom('dataset_versions')
    .select('updated_at')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

interface Arranged {
  routesBefore: Route[];
  affiliatesBefore: Selectable<AffiliatesTable>[];
  salesBefore: FareSale[];
  versionBefore: string;
  saleRouteId: number;
  account: TestAccount;
  cookie: string;
  pnr: string;
  affiliateId: number;
}

// One whole seed of the year's inventory, shared by every test below: its time-out (600 s) only
// guards against a hang. Apart from reseed.test.ts so that the two files' seeds run side by side.
describe(`re-seeding a later day (${dialectUnderTest()})`, () => {
  const later = addDays(TEST_TODAY, 30);
  const test = useTestApp({}, { clock: testClock().now });
  let arranged: Arranged;
  let summary: SeedSummary;
  let seedStarted: number;

  beforeAll(async () => {
    const { db } = test.app;
    const routesBefore = await db.selectFrom('routes').selectAll().orderBy('id').execute();
    const affiliatesBefore = await db.selectFrom('affiliates').selectAll().orderBy('id').execute();
    // A version ahead of the clock (another process's seed a moment ago) must still be passed.
    const versionBefore = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000).toISOString();
    await db
      .updateTable('dataset_versions')
      .set({ updated_at: versionBefore })
      .where('name', '=', 'routes')
      .execute();
    // A flight archived by a roll: its id is the new inventory's to use again.
    const flown = await db
      .selectFrom('flights')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('archived_flights')
      .values({ ...flown, archived_at: new Date().toISOString() })
      .execute();

    // A partner's sale running on some of the new inventory's days, one ended and one over: the
    // same seed keeps route ids, so they are kept, and the running one's days are left to the
    // fares job to price with it (the seed prices without sales).
    const onSale = await db
      .selectFrom('flights')
      .select('route_id')
      .orderBy('route_id')
      .executeTakeFirstOrThrow();
    const sale = {
      route_id: onSale.route_id,
      percent: 30,
      partner: null,
      created_at: new Date().toISOString(),
    };
    await db
      .insertInto('fare_sales')
      .values([
        { ...sale, from_date: addDays(later, 10), until_date: addDays(later, 20) },
        {
          ...sale,
          from_date: addDays(later, 2),
          until_date: addDays(later, 5),
          ended_at: new Date().toISOString(),
        },
        { ...sale, from_date: addDays(later, -9), until_date: addDays(later, -1) },
      ])
      .execute();
    await db
      .insertInto('fare_versions')
      .values({ route_id: onSale.route_id, date: addDays(later, 10), version: 2 })
      .execute();
    const salesBefore = await db.selectFrom('fare_sales').selectAll().orderBy('id').execute();

    // A traveller signed in, with a booking made through a partner's link.
    const account = await createAccount(test.app);
    const cookie = await signIn(test.app, account);
    const affiliate = affiliatesBefore[0];
    if (!affiliate) throw new Error('the seed has no affiliate');
    const pnr = 'RSD0001';
    const bookingId = await insertBookingRow(db, {
      pnr,
      departureDate: addDays(later, 9),
      createdAt: test.app.now().toISOString(),
    });
    await db
      .updateTable('bookings')
      .set({ owner_user_id: account.id, affiliate_id: affiliate.id })
      .where('id', '=', bookingId)
      .execute();

    arranged = {
      routesBefore,
      affiliatesBefore,
      salesBefore,
      versionBefore,
      saleRouteId: onSale.route_id,
      account,
      cookie,
      pnr,
      affiliateId: affiliate.id,
    };
    seedStarted = Math.floor(Date.now() / 1000) * 1000;
    summary = await seedDatabase(db, { today: later });
  }, 600_000);

  it('moves the inventory to a later day, keeping route ids', async () => {
    const { db } = test.app;
    expect(summary.today).toBe(later);
    // A year of flights, fares and their price summary: a few hundred megabytes, said in the output.
    expect(summary.databaseBytes).toBeGreaterThan(50 * 1_048_576);
    expect(summary.databaseBytes).toBeLessThan(2_048 * 1_048_576);
    const span = await db
      .selectFrom('flights')
      .select((eb) => [
        eb.fn.min('departure_date').as('first'),
        eb.fn.max('departure_date').as('last'),
        eb.fn.countAll<number>().as('count'),
      ])
      .executeTakeFirstOrThrow();
    expect(span.first).toBe(later);
    expect(span.last).toBe(addDays(later, 364));
    expect(span.count).toBe(summary.counts.flights);
    expect(await db.selectFrom('archived_flights').selectAll().execute()).toEqual([]);
    expect(await readInventoryState(db)).toEqual({
      seed: DEFAULT_SEED,
      last_day: span.last,
      archived_before: later,
      price_summary_version: PRICE_SUMMARY_VERSION,
    });

    // The same network, its windows moved by the same 30 days.
    const routesAfter = await db.selectFrom('routes').selectAll().orderBy('id').execute();
    expect(routesAfter).toEqual(
      arranged.routesBefore.map((route) => ({
        ...route,
        available_from: addDays(route.available_from, 30),
        available_until: route.available_until && addDays(route.available_until, 30),
      })),
    );
    expect(await db.selectFrom('affiliates').selectAll().orderBy('id').execute()).toEqual(
      arranged.affiliatesBefore,
    );
    expect(await versionOf(db, 'routes')).toBe(
      new Date(Date.parse(arranged.versionBefore) + 1_000).toISOString(),
    );
    // Bumped by this seed, however long it took (versions are whole seconds).
    expect(Date.parse(await versionOf(db, 'inventory'))).toBeGreaterThanOrEqual(seedStarted);

    // Identity columns keep counting after the ids the seed wrote.
    const { id } = await db
      .insertInto('menus')
      .values({ code: 'extra', locale: 'en', title: 'Extra', position: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(summary.counts.menus);
  });

  it("keeps partners' sales and fare versions, and prices through the day before a sale", async () => {
    const { db } = test.app;
    expect(await db.selectFrom('fare_sales').selectAll().orderBy('id').execute()).toEqual(
      arranged.salesBefore,
    );
    expect(await db.selectFrom('fare_versions').selectAll().execute()).toEqual([
      { route_id: arranged.saleRouteId, date: addDays(later, 10), version: 2 },
    ]);
    // Priced through the day before the sale: the fares job's next pass starts there.
    expect(await readFaresState(db)).toEqual({
      repricedOn: later,
      repricedThrough: addDays(later, 9),
    });
  });

  it('keeps accounts, sessions and bookings whole', async () => {
    const row = await test.app.db
      .selectFrom('bookings')
      .select(['owner_user_id', 'affiliate_id'])
      .where('pnr', '=', arranged.pnr)
      .executeTakeFirstOrThrow();
    expect([Number(row.owner_user_id), Number(row.affiliate_id)]).toEqual([
      arranged.account.id,
      arranged.affiliateId,
    ]);
    // The session the traveller signed in with still opens their bookings.
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/booking/future',
      headers: { cookie: arranged.cookie },
      remoteAddress: freshClient(),
    });
    expect(response.statusCode).toBe(200);
    const future = FutureBookingsResponseSchema.parse(response.json());
    expect(future.bookings.map((booking) => booking.pnr)).toContain(arranged.pnr);
  });
});
