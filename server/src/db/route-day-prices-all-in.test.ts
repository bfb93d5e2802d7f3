import { addDays } from '@uniquair/domain/dates/ymd';
import { allInPriceMinor, BAG_COUNTS } from '@uniquair/domain/pricing/fare-rules';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../test/helpers/database.ts';
import { summaryPriceColumn } from './route-day-prices-all-in.ts';

const DAYS = [addDays(TEST_TODAY, 20), addDays(TEST_TODAY, 21)];

describe(`all-in prices of the price summary (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('is the cheapest fare plus its bag extras for 0, 1 and 2 bags, on routes flown direct only', async () => {
    const { db } = database;
    // Routes with flights of their own and no connection or city of several airports.
    const fares = await db
      .selectFrom('flights')
      .innerJoin('fare_classes', 'fare_classes.flight_id', 'flights.id')
      .where('flights.departure_date', 'in', DAYS)
      .where('flights.cancelled_at', 'is', null)
      .where('fare_classes.seats_left', '>', 0)
      .where((eb) =>
        eb.not(
          eb.or([
            eb.exists(
              eb
                .selectFrom('route_paths')
                .select('route_id')
                .whereRef('route_paths.route_id', '=', 'flights.route_id'),
            ),
            eb.exists(
              eb
                .selectFrom('route_members')
                .select('route_id')
                .whereRef('route_members.route_id', '=', 'flights.route_id'),
            ),
          ]),
        ),
      )
      .select([
        'flights.route_id',
        'flights.departure_date as date',
        'fare_classes.letter',
        'fare_classes.price_minor',
      ])
      .execute();
    const expected = new Map<string, (number | null)[]>();
    for (const fare of fares) {
      const key = `${fare.route_id} ${fare.date}`;
      const cheapest = expected.get(key) ?? BAG_COUNTS.map(() => null);
      expected.set(
        key,
        BAG_COUNTS.map((bags) => {
          const price = allInPriceMinor(fare.price_minor, fare.letter, bags);
          const known = cheapest[bags] ?? null;
          return price === null ? known : known === null ? price : Math.min(known, price);
        }),
      );
    }
    expect(expected.size).toBeGreaterThan(50);

    const rows = await db
      .selectFrom('route_day_prices')
      .select(['route_id', 'date', ...BAG_COUNTS.map(summaryPriceColumn)])
      .where('date', 'in', DAYS)
      .execute();
    const summarised = new Map(
      rows.map((row) => [
        `${row.route_id} ${row.date}`,
        BAG_COUNTS.map((bags) => row[summaryPriceColumn(bags)]),
      ]),
    );
    for (const [key, prices] of expected) expect([key, summarised.get(key)]).toEqual([key, prices]);
    // Some days have no fare that carries two bags at all, most have one.
    const withTwoBags = [...expected.values()].filter((prices) => prices[2] !== null).length;
    expect(withTwoBags).toBeGreaterThan(expected.size / 2);
  });

  it('never prices more bags for less, connections and cities included', async () => {
    const rows = await database.db
      .selectFrom('route_day_prices')
      .selectAll()
      .where('date', 'in', DAYS)
      .execute();
    expect(rows.length).toBeGreaterThan(500);
    for (const row of rows) {
      const prices = [row.min_price_minor, row.min_price_bags1_minor, row.min_price_bags2_minor];
      const known = prices.filter((price): price is number => price !== null);
      expect([row.route_id, known]).toEqual([row.route_id, [...known].sort((a, b) => a - b)]);
    }
  });

  it('gives a city of several airports the cheapest of its airports’ routes for each bag count', async () => {
    const { db } = database;
    const members = await db
      .selectFrom('route_members as m')
      .innerJoin('route_day_prices as d', 'd.route_id', 'm.member_route_id')
      .where('d.date', 'in', DAYS)
      .select([
        'm.route_id',
        'd.date',
        ...BAG_COUNTS.map((bags) => `d.${summaryPriceColumn(bags)}` as const),
      ])
      .execute();
    expect(members.length).toBeGreaterThan(10);
    const cities = await db
      .selectFrom('route_day_prices')
      .selectAll()
      .where('route_id', 'in', [...new Set(members.map((row) => row.route_id))])
      .where('date', 'in', DAYS)
      .execute();
    for (const city of cities) {
      const own = members.filter((row) => row.route_id === city.route_id && row.date === city.date);
      for (const bags of BAG_COUNTS) {
        const column = summaryPriceColumn(bags);
        const prices = own.map((row) => row[column]).filter((price) => price !== null);
        expect(city[column]).toBe(prices.length === 0 ? null : Math.min(...prices));
      }
    }
  });
});
