import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBookingTestApp } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { fareRows } from '../../../test/helpers/fares.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { priceSummaryEvents, refreshRouteDayPrices } from '../../db/route-day-prices.ts';
import type { Route } from '../../db/tables/inventory.ts';

const at = (days: number): Ymd => addDays(TEST_TODAY, days);

/** The day the tests re-price on, three days after the seed's. */
const LATER = at(3);

/** The days whose prices move by then (the last six weeks before departure). */
const NEAR = Array.from({ length: 40 }, (_, day) => at(3 + day));

/**
 * New prices and the price summary built from them commit together
 * (docs/decisions/009-fares-that-move.md): a rebuild that fails leaves the prices as they were,
 * so the next run changes and rebuilds them again.
 */
describe(`re-pricing and the price summary together (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const test = useBookingTestApp(clock);
  let route: Route;

  beforeAll(async () => {
    ({ out: route } = await dailyRoundTrip(test.app.db));
  });

  /** The summary rows of some days, without when they were written. */
  const summary = async (dates: readonly Ymd[]) =>
    (
      await test.app.db
        .selectFrom('route_day_prices')
        .selectAll()
        .where('date', 'in', [...dates])
        .orderBy('route_id')
        .orderBy('date')
        .execute()
    ).map(({ updated_at: _, ...row }) => row);

  /** Runs `work` while the summary cannot be written (its table renamed away). */
  async function withoutSummary(work: () => Promise<unknown>): Promise<void> {
    const { db } = test.app;
    await sql`alter table route_day_prices rename to route_day_prices_away`.execute(db);
    try {
      await expect(work()).rejects.toThrow();
    } finally {
      await sql`alter table route_day_prices_away rename to route_day_prices`.execute(db);
    }
  }

  it('keeps the prices when the rebuild fails, and the next run re-prices and rebuilds', async () => {
    const { app } = test;
    const before = await fareRows(app.db, { routeId: route.id, dates: NEAR });
    const refreshed: unknown[] = [];
    const listen = (scope: unknown) => refreshed.push(scope);
    priceSummaryEvents.on('refreshed', listen);
    try {
      clock.set(`${LATER}T06:00:00.000Z`);
      await withoutSummary(() => app.fares.repriceAll());
      // Nothing committed, nothing announced.
      expect(await fareRows(app.db, { routeId: route.id, dates: NEAR })).toEqual(before);
      expect(refreshed).toEqual([]);

      const run = await app.fares.repriceDue();
      expect(run.changed).toBeGreaterThan(0);
      expect(refreshed.length).toBe(run.refreshedDays);
    } finally {
      priceSummaryEvents.off('refreshed', listen);
    }
    // The summary is what a rebuild from the new prices writes.
    const written = await summary(NEAR);
    await refreshRouteDayPrices(app.db, undefined, NEAR);
    expect(await summary(NEAR)).toEqual(written);
  }, 300_000);

  it('publishes no sale whose prices could not be summarised', async () => {
    const { app } = test;
    clock.set(`${LATER}T06:00:00.000Z`);
    const request = { routeId: route.id, from: at(10), until: at(12), percent: 40 };
    const prices = await fareRows(app.db, { routeId: route.id, dates: [at(10), at(11), at(12)] });
    await withoutSummary(() => app.fares.sales.publish(request, null));
    expect((await app.fares.sales.list(null)).sales).toEqual([]);
    expect(await fareRows(app.db, { routeId: route.id, dates: [at(10), at(11), at(12)] })).toEqual(
      prices,
    );
    // Published again: once, at the sale's prices, in the summary.
    const { sale, repriced } = await app.fares.sales.publish(request, null);
    expect(repriced).toBeGreaterThan(0);
    expect((await app.fares.sales.list(null)).sales.map((listed) => listed.id)).toEqual([sale.id]);
    const written = await summary([at(10), at(11), at(12)]);
    await refreshRouteDayPrices(app.db, [route.id], [at(10), at(11), at(12)]);
    expect(await summary([at(10), at(11), at(12)])).toEqual(written);
  }, 300_000);
});
