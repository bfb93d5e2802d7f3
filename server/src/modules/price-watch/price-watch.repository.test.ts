import { describe, expect, it } from 'vitest';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { useTestApp } from '../../../test/helpers/build.ts';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import { SUMMARY_CURRENCY } from '../../db/route-day-prices.ts';
import { priceWatchRepository as repo } from './price-watch.repository.ts';
import { addMonths, monthDays } from './price-watch.service.ts';

describe('the price watch repository', () => {
  const test = useTestApp({});

  it("prices a month watch from today at the route's origin, not today in another time zone", async () => {
    const { db } = test.app;
    const route = await db
      .selectFrom('routes')
      .innerJoin('airports', 'airports.code', 'routes.from_airport')
      .select(['routes.id', 'airports.time_zone'])
      .where('routes.dow', '>', 0)
      .orderBy('routes.id')
      .executeTakeFirstOrThrow();
    const month = addMonths(TEST_TODAY.slice(0, 7), 2);
    const { first, last } = monthDays(month);
    const second = addDays(first, 1);
    // The summary of the month's first two days: the first cheap, the second dearer.
    await db.deleteFrom('route_day_prices').where('route_id', '=', route.id).execute();
    await db
      .insertInto('route_day_prices')
      .values(
        [
          { date: first, price: 5_000 },
          { date: second, price: 9_000 },
        ].map(({ date, price }) => ({
          route_id: route.id,
          date,
          min_price_minor: price,
          min_price_bags1_minor: price + 3_000,
          min_price_bags2_minor: price + 6_000,
          currency: SUMMARY_CURRENCY,
          updated_at: new Date().toISOString(),
        })),
      )
      .execute();
    const watchId = await repo.insert(db, {
      id_hash: `test-${route.id}-${month}`,
      route_id: route.id,
      date: null,
      month,
      adults: 1,
      children: 0,
      infants: 0,
      bags: 0,
      endpoint: 'https://push.example/watch-origin-today',
      public_key: 'key',
      auth_token: 'auth',
      content_encoding: 'aes128gcm',
      user_id: null,
      locale: 'en',
      currency: 'USD',
      subscribed_price_minor: 9_000,
      target_price_minor: null,
      threshold_minor: 9_000,
      last_notified_at: null,
      last_notified_price_minor: null,
      created_at: new Date().toISOString(),
      ends_on: last,
    });

    // Every other time zone is still on the month's first day; the origin is on `originToday`.
    const priceWhen = async (originToday: Ymd) => {
      const rows = await repo.monthWatchPrices(
        db,
        { routeIds: [route.id], months: [month] },
        (zone) => (zone === route.time_zone ? originToday : first),
      );
      return rows.find((row) => Number(row.id) === watchId)?.price_minor;
    };
    expect(await priceWhen(first)).toBe(5_000);
    // The first is over at the origin, though not elsewhere: it is no longer on sale.
    expect(await priceWhen(second)).toBe(9_000);
  });
});
