import { addDays } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../test/helpers/database.ts';
import { dailyRoundTrip } from '../../test/helpers/search.ts';
import { connectedScope, refreshRouteDayPrices } from './route-day-prices.ts';

const at = (days: number) => addDays(TEST_TODAY, days);

describe(`the price summary's rebuilds (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('widen a change to the days a two-stop connection can start on', async () => {
    const { out } = await dailyRoundTrip(database.db);
    const scope = await connectedScope(database.db, [out.id], [at(20)]);
    // The last flight of a two-stop connection leaves up to three days after the first.
    expect([...(scope.dates ?? [])].sort()).toEqual([at(17), at(18), at(19), at(20)]);
    expect(scope.routeIds).toContain(out.id);
  });

  it('are not told from inside a transaction, where listeners would read the old summary', async () => {
    const { out } = await dailyRoundTrip(database.db);
    await expect(
      database.db.transaction().execute((trx) => refreshRouteDayPrices(trx, [out.id], [at(20)])),
    ).rejects.toThrow(/rebuildRouteDayPrices/);
  });

  it('of the same routes and days at the same time all succeed, to the same rows', async () => {
    const { db } = database;
    const { out, back } = await dailyRoundTrip(db);
    const routes = [out.id, back.id];
    const dates = [at(10), at(11)];
    const rows = () =>
      db
        .selectFrom('route_day_prices')
        .selectAll()
        .where('date', 'in', [at(7), at(8), at(9), ...dates])
        .orderBy('route_id')
        .orderBy('date')
        .execute();
    const before = (await rows()).map(({ updated_at: _, ...row }) => row);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(Array.from({ length: 4 }, () => refreshRouteDayPrices(db, routes, dates)));
    }
    expect((await rows()).map(({ updated_at: _, ...row }) => row)).toEqual(before);
  });
});
