import { CheapestDaysResponseSchema } from '@uniquair/contract/pricing';
import { PriceGridResponseSchema, type PriceGridResponse } from '@uniquair/contract/price-grid';
import { addDays, addYears, isoWeekdayOf, ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';
import { BAG_COUNTS, type BagCount } from '@uniquair/domain/pricing/fare-rules';
import { ALL_DAYS_MASK, operatesOnIsoWeekday } from '@uniquair/domain/routes/day-of-week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { dailyRoundTrip, sellOutRouteDay } from '../../../test/helpers/search.ts';
import { refreshRouteDayPrices } from '../../db/route-day-prices.ts';
import type { Route } from '../../db/tables/inventory.ts';

describe(`GET /api/cheapest-price/grid/{outRouteId}/{backRouteId} (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let out: Route;
  let back: Route;

  async function grid(
    outRoute: number,
    backRoute: number,
    outDay: Ymd,
    backDay: Ymd,
    bags?: BagCount,
  ): Promise<PriceGridResponse> {
    const query = `out=${outDay}&back=${backDay}${bags === undefined ? '' : `&bags=${bags}`}`;
    const response = await testApp.app.inject({
      url: `/api/cheapest-price/grid/${outRoute}/${backRoute}?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return PriceGridResponseSchema.parse(response.json());
  }

  /** What the day calendars of a route (`?bags=`) show for the months of some days. */
  async function calendarPrices(
    routeId: number,
    days: readonly Ymd[],
    bags: BagCount,
  ): Promise<Map<string, number>> {
    const months = [...new Set(days.map((day) => day.slice(0, 7)))];
    const prices = new Map<string, number>();
    for (const month of months) {
      const { year, month: number } = ymdParts(`${month}-01` as Ymd);
      const response = await testApp.app.inject({
        url: `/api/cheapest-price/days/${routeId}/${year}/${number}?bags=${bags}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      for (const day of CheapestDaysResponseSchema.parse(response.json()).days) {
        prices.set(day.date, day.price);
      }
    }
    return prices;
  }

  /** The cells the calendars give: out day's price + back day's price, null where either lacks. */
  async function expectedCells(body: PriceGridResponse, bags: BagCount) {
    const outPrices = await calendarPrices(body.outRoute, body.outDays as Ymd[], bags);
    const backPrices = await calendarPrices(body.backRoute, body.backDays as Ymd[], bags);
    return body.outDays.flatMap((outDay) =>
      body.backDays.map((backDay) => {
        const first = outPrices.get(outDay);
        const second = backPrices.get(backDay);
        return {
          out: outDay,
          back: backDay,
          price:
            backDay < outDay || first === undefined || second === undefined ? null : first + second,
        };
      }),
    );
  }

  /** The cells without their ratings. */
  function priceCells(body: PriceGridResponse) {
    return body.cells.map((cell) => ({ out: cell.out, back: cell.back, price: cell.price }));
  }

  function expectRatings(body: PriceGridResponse) {
    const prices = body.cells.flatMap((cell) => (cell.price === null ? [] : [cell.price]));
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    for (const cell of body.cells) {
      if (cell.price === null) expect(cell.rating).toBeNull();
      else if (low === high) expect(cell.rating).toBe(1);
      else expect(cell.rating).toBe(cell.price === low ? 0 : cell.price === high ? 2 : 1);
    }
  }

  beforeAll(async () => {
    testApp = await buildTestApp({}, { clock: testClock().now });
    ({ out, back } = await dailyRoundTrip(testApp.app.db));
  });

  afterAll(() => testApp.close());

  it('gives 7 × 7 cells, each the two day calendars added up, with every bag count', async () => {
    const outDay = addDays(TEST_TODAY, 40);
    const backDay = addDays(outDay, 7);
    for (const bags of BAG_COUNTS) {
      const body = await grid(out.id, back.id, outDay, backDay, bags);
      expect(body).toMatchObject({
        success: true,
        outRoute: out.id,
        backRoute: back.id,
        bags,
        currency: 'USD',
      });
      expect(body.outDays).toEqual(
        Array.from({ length: 7 }, (_, index) => addDays(outDay, index - 3)),
      );
      expect(body.backDays).toEqual(
        Array.from({ length: 7 }, (_, index) => addDays(backDay, index - 3)),
      );
      expect(body.cells).toHaveLength(49);
      expect(priceCells(body)).toEqual(await expectedCells(body, bags));
      // A daily route a month and more ahead: every pair is priced.
      expect(body.cells.every((cell) => cell.price !== null)).toBe(true);
      expectRatings(body);
      expect(body.cells.some((cell) => cell.rating === 0)).toBe(true);
    }
    // Bags cost something: every cell with two bags is dearer than without.
    const none = await grid(out.id, back.id, outDay, backDay);
    const two = await grid(out.id, back.id, outDay, backDay, 2);
    expect(none.bags).toBe(0);
    for (const [index, cell] of two.cells.entries()) {
      expect(cell.price).toBeGreaterThan(none.cells[index]?.price ?? Infinity);
    }
  });

  it('leaves pairs returning before the outbound day and days already past empty', async () => {
    // Out and back on the same day, tomorrow: returns before the outbound day are null, and the
    // outbound days before today too.
    const day = addDays(TEST_TODAY, 1);
    const body = await grid(out.id, back.id, day, day);
    expect(priceCells(body)).toEqual(await expectedCells(body, 0));
    for (const cell of body.cells) {
      const open = cell.back >= cell.out && cell.out >= TEST_TODAY;
      expect(cell.price === null, `${cell.out} → ${cell.back}`).toBe(!open);
    }
    // The same day out and back is a pair.
    expect(body.cells.find((cell) => cell.out === day && cell.back === day)?.price).not.toBeNull();
    expectRatings(body);
  });

  it('leaves days the routes do not fly, sold out, or beyond a year ahead empty', async () => {
    const { db } = testApp.app;
    const routes = await db.selectFrom('routes').selectAll().orderBy('id').execute();
    const nonDaily = routes.find(
      (route) =>
        route.dow !== ALL_DAYS_MASK &&
        route.dow !== 0 &&
        route.available_from <= TEST_TODAY &&
        route.available_until === null &&
        routes.some(
          (r) => r.from_airport === route.to_airport && r.to_airport === route.from_airport,
        ),
    );
    if (!nonDaily) throw new Error('The seed has no return trip flown on some days only');
    const reverse = routes.find(
      (r) => r.from_airport === nonDaily.to_airport && r.to_airport === nonDaily.from_airport,
    ) as Route;
    const outDay = addDays(TEST_TODAY, 60);
    const body = await grid(nonDaily.id, reverse.id, outDay, addDays(outDay, 10));
    expect(priceCells(body)).toEqual(await expectedCells(body, 0));
    for (const cell of body.cells) {
      if (!operatesOnIsoWeekday(nonDaily.dow, isoWeekdayOf(cell.out as Ymd))) {
        expect(cell.price).toBeNull();
      }
    }
    expect(body.cells.some((cell) => cell.price === null)).toBe(true);
    expect(body.cells.some((cell) => cell.price !== null)).toBe(true);

    // The return route sold out on one day: its row of the grid empties.
    const soldOut = addDays(TEST_TODAY, 90);
    await sellOutRouteDay(db, back.id, soldOut);
    await refreshRouteDayPrices(db, [back.id], [soldOut]);
    const after = await grid(out.id, back.id, addDays(soldOut, -7), soldOut);
    for (const cell of after.cells) {
      expect(cell.price === null, `${cell.out} → ${cell.back}`).toBe(cell.back === soldOut);
    }
    expect(priceCells(after)).toEqual(await expectedCells(after, 0));

    // A year ahead: return days past the last bookable day are empty, even with a price.
    const last = addYears(TEST_TODAY, 1);
    await db
      .insertInto('route_day_prices')
      .values(
        [1, 2, 3].map((day) => ({
          route_id: back.id,
          date: addDays(last, day),
          min_price_minor: 10_000,
          min_price_bags1_minor: 13_500,
          min_price_bags2_minor: 17_000,
          currency: 'USD',
          updated_at: new Date().toISOString(),
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const far = await grid(out.id, back.id, addDays(last, -10), last);
    expect(far.cells.filter((cell) => cell.back > last)).toHaveLength(21);
    for (const cell of far.cells) if (cell.back > last) expect(cell.price).toBeNull();
    expect(priceCells(far)).toEqual(await expectedCells(far, 0));
  });

  it('answers unknown routes with 404 and bad parameters with 400', async () => {
    const query = `out=${addDays(TEST_TODAY, 20)}&back=${addDays(TEST_TODAY, 27)}`;
    const notFound = expectApiError(
      await testApp.app.inject({ url: `/api/cheapest-price/grid/999999/${back.id}?${query}` }),
      404,
      'NOT_FOUND',
    );
    expect(Object.keys(notFound.errors)).toEqual(['params.outRouteId']);
    const noBack = expectApiError(
      await testApp.app.inject({ url: `/api/cheapest-price/grid/${out.id}/999999?${query}` }),
      404,
      'NOT_FOUND',
    );
    expect(Object.keys(noBack.errors)).toEqual(['params.backRouteId']);
    const base = `/api/cheapest-price/grid/${out.id}/${back.id}`;
    for (const [url, field] of [
      [`${base}?${query}&bags=3`, 'querystring.bags'],
      [`${base}?${query}&bags=one`, 'querystring.bags'],
      [`${base}?${query}&bags=-1`, 'querystring.bags'],
      [`${base}?out=2026-13-01&back=${addDays(TEST_TODAY, 27)}`, 'querystring.out'],
      [`${base}?out=${addDays(TEST_TODAY, 20)}&back=2027-02-30`, 'querystring.back'],
      [`${base}?out=${addDays(TEST_TODAY, 20)}`, 'querystring.back'],
      // Dates, but none a calendar prices (and no days around the last or first one).
      [`${base}?out=9999-12-30&back=9999-12-31`, 'querystring.out'],
      [`${base}?out=${addDays(TEST_TODAY, 20)}&back=0000-01-02`, 'querystring.back'],
      [
        `${base}?out=${addDays(TEST_TODAY, 20)}&back=${addDays(TEST_TODAY, 401)}`,
        'querystring.back',
      ],
      [`/api/cheapest-price/grid/abc/${back.id}?${query}`, 'params.outRouteId'],
      [`/api/cheapest-price/grid/${out.id}/4294967296?${query}`, 'params.backRouteId'],
      // Not a return trip: the outbound route twice.
      [`/api/cheapest-price/grid/${out.id}/${out.id}?${query}`, 'params.backRouteId'],
    ] as const) {
      const body = expectApiError(await testApp.app.inject({ url }), 400, 'VALIDATION_ERROR');
      expect(Object.keys(body.errors), url).toEqual([field]);
    }
  });

  it('is served with validators: 304 on a match, public caching', async () => {
    const url = `/api/cheapest-price/grid/${out.id}/${back.id}?out=${addDays(TEST_TODAY, 30)}&back=${addDays(TEST_TODAY, 33)}&bags=1`;
    const first = await testApp.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(String(first.headers['last-modified']))).toBeGreaterThan(0);
    const again = await testApp.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // Another bag count is another answer.
    const other = await testApp.app.inject({ url: url.replace('bags=1', 'bags=2') });
    expect(other.headers.etag).not.toBe(etag);
  });
});
