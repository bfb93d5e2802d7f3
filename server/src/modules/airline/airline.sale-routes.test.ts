import {
  FareSaleResponseSchema,
  FareSalesResponseSchema,
  type FareSaleRequest,
} from '@uniquair/contract/airline';
import { CheapestDaysResponseSchema, OffersResponseSchema } from '@uniquair/contract/pricing';
import { addDays, addYears, ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  bookingBody,
  createBooking,
  searchTrip,
  useBookingTestApp,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { expectPricedByRule, fareRows } from '../../../test/helpers/fares.ts';
import { scrape } from '../../../test/helpers/metrics.ts';
import { sampleValue } from '../../../test/helpers/prometheus-text.ts';
import { dailyRoundTrip, marketDays } from '../../../test/helpers/search.ts';
import type { Route } from '../../db/tables/inventory.ts';

const at = (days: number): Ymd => addDays(TEST_TODAY, days);
const KEYS = ['partner-key-aaaaaaaaaaaa', 'partner-key-bbbbbbbbbbbb'] as const;

/** Publishes a sale with a partner key (none when `key` is null). */
function publish(app: FastifyInstance, body: unknown, key: string | null = KEYS[0]) {
  return app.inject({
    method: 'POST',
    url: '/api/airline/fares/sale',
    remoteAddress: freshClient(),
    headers: key === null ? {} : { 'x-api-key': key },
    payload: body as object,
  });
}

function endSale(app: FastifyInstance, id: number | string, key: string = KEYS[0]) {
  return app.inject({
    method: 'DELETE',
    url: `/api/airline/fares/sale/${id}`,
    remoteAddress: freshClient(),
    headers: { 'x-api-key': key },
  });
}

async function salesSeenBy(app: FastifyInstance, key: string, query = '') {
  const response = await app.inject({
    url: `/api/airline/fares/sales${query}`,
    headers: { 'x-api-key': key },
  });
  expect(response.statusCode, response.body).toBe(200);
  return FareSalesResponseSchema.parse(response.json()).sales;
}

/** The price calendar of a route's month holding `date`, with its ETag. */
async function calendar(app: FastifyInstance, routeId: number, date: Ymd) {
  const { year, month } = ymdParts(date);
  const response = await app.inject({
    url: `/api/cheapest-price/days/${routeId}/${year}/${month}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const days = CheapestDaysResponseSchema.parse(response.json()).days;
  return {
    etag: String(response.headers.etag),
    price: new Map(days.map((day) => [day.date, day.price])),
  };
}

describe(`fare sales of the airline partner API (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const test = useBookingTestApp(clock, { AIRLINE_API_KEYS: KEYS.join(',') });
  let route: Route;

  beforeAll(async () => {
    ({ out: route } = await dailyRoundTrip(test.app.db));
  });

  it("lowers the route's prices on its days, the calendar and its ETag follow, and its end brings them back", async () => {
    const { app } = test;
    const saleDays = [at(60), at(61), at(62), at(63)];
    const before = await calendar(app, route.id, at(60));
    const pricesBefore = await fareRows(app.db, {
      routeId: route.id,
      dates: [at(59), ...saleDays],
    });
    const counted = sampleValue(await scrape(app), 'uniquair_fares_repriced_total', {
      trigger: 'sale',
    });

    const published = await publish(app, {
      routeId: route.id,
      from: at(60),
      until: at(63),
      percent: 40,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.headers['cache-control']).toBe('no-store');
    const { sale, repriced } = FareSaleResponseSchema.parse(published.json());
    expect(sale).toMatchObject({
      routeId: route.id,
      from: at(60),
      until: at(63),
      percent: 40,
      endedAt: null,
    });
    expect(repriced).toBeGreaterThan(0);
    expect(
      sampleValue(await scrape(app), 'uniquair_fares_repriced_total', { trigger: 'sale' }),
    ).toBe(counted + repriced);

    // Every class of the route's flights on those days is 40 % off; the day before is not.
    const onSale = await fareRows(app.db, { routeId: route.id, dates: saleDays });
    expectPricedByRule(onSale, TEST_TODAY, () => 40);
    const dayBefore = await fareRows(app.db, { routeId: route.id, dates: [at(59)] });
    expect(dayBefore).toEqual(pricesBefore.filter((row) => row.departure_date === at(59)));

    const during = await calendar(app, route.id, at(60));
    expect(during.etag).not.toBe(before.etag);
    for (const [date, price] of before.price) {
      if (saleDays.includes(date as Ymd)) expect(during.price.get(date)).toBeLessThan(price);
      else expect(during.price.get(date)).toBe(price);
    }
    const revalidated = await app.inject({
      url: `/api/cheapest-price/days/${route.id}/${ymdParts(at(60)).year}/${ymdParts(at(60)).month}`,
      headers: { 'if-none-match': before.etag },
    });
    expect(revalidated.statusCode).toBe(200);

    // Each partner sees its own sales, and ends only those.
    expect((await salesSeenBy(app, KEYS[0])).map((seen) => seen.id)).toContain(sale.id);
    expect(await salesSeenBy(app, KEYS[1])).toEqual([]);
    expectApiError(await endSale(app, sale.id, KEYS[1]), 404, 'NOT_FOUND');

    const ended = await endSale(app, sale.id);
    expect(ended.statusCode, ended.body).toBe(200);
    const end = FareSaleResponseSchema.parse(ended.json());
    expect(end.sale.endedAt).not.toBeNull();
    expect(end.repriced).toBe(repriced);
    expect(await fareRows(app.db, { routeId: route.id, dates: [at(59), ...saleDays] })).toEqual(
      pricesBefore,
    );
    const after = await calendar(app, route.id, at(60));
    expect(after.price).toEqual(before.price);
    expect(after.etag).toBe(before.etag);
    expectApiError(await endSale(app, sale.id), 404, 'NOT_FOUND');
    expect(await salesSeenBy(app, KEYS[0], `?route=${route.id}`)).toEqual([]);
  }, 60_000);

  it("lowers the offers from the route's airport when the sale is in the coming weeks", async () => {
    const { app } = test;
    const offersOf = async () => {
      const response = await app.inject({
        url: `/api/cheapest-price/${route.from_airport}/offers`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = OffersResponseSchema.parse(response.json());
      return {
        etag: String(response.headers.etag),
        offers: body.offers,
        price: body.offers.find((offer) => offer.route === route.id)?.price ?? NaN,
      };
    };
    const before = await offersOf();
    const { sale } = FareSaleResponseSchema.parse(
      (await publish(app, { routeId: route.id, from: at(10), until: at(12), percent: 60 })).json(),
    );
    const during = await offersOf();
    expect(during.etag).not.toBe(before.etag);
    expect(during.price).toBeLessThan(before.price);
    expect((await endSale(app, sale.id)).statusCode).toBe(200);
    const after = await offersOf();
    expect(after.offers).toEqual(before.offers);
    expect(after.etag).toBe(before.etag);
  });

  it('takes the largest of overlapping sales, and the other again once it ends', async () => {
    const { app } = test;
    const small = FareSaleResponseSchema.parse(
      (await publish(app, { routeId: route.id, from: at(80), until: at(84), percent: 10 })).json(),
    ).sale;
    const large = FareSaleResponseSchema.parse(
      (await publish(app, { routeId: route.id, from: at(83), until: at(86), percent: 30 })).json(),
    ).sale;
    const days = [at(80), at(83), at(84), at(86), at(87)];
    const percentOn = (date: Ymd) =>
      date >= at(83) && date <= at(86) ? 30 : date <= at(84) ? 10 : 0;
    expectPricedByRule(
      await fareRows(app.db, { routeId: route.id, dates: days }),
      TEST_TODAY,
      percentOn,
    );
    const listed = await salesSeenBy(app, KEYS[0], `?route=${route.id}`);
    expect(listed.map((sale) => sale.id)).toEqual([large.id, small.id]);

    expect((await endSale(app, large.id)).statusCode).toBe(200);
    expectPricedByRule(
      await fareRows(app.db, { routeId: route.id, dates: days }),
      TEST_TODAY,
      (date) => (date <= at(84) ? 10 : 0),
    );
    expect((await endSale(app, small.id)).statusCode).toBe(200);
    expectPricedByRule(await fareRows(app.db, { routeId: route.id, dates: days }), TEST_TODAY);
  });

  it('refuses a caller without a known key', async () => {
    const body = { routeId: route.id, from: at(10), until: at(11), percent: 10 };
    const missing = expectApiError(await publish(test.app, body, null), 401, 'ERROR_UNAUTHORIZED');
    expect(Object.keys(missing.errors)).toEqual(['headers.x-api-key']);
    expectApiError(
      await publish(test.app, body, 'partner-key-cccccccccccc'),
      401,
      'ERROR_UNAUTHORIZED',
    );
    const list = await test.app.inject({ url: '/api/airline/fares/sales' });
    expectApiError(list, 401, 'ERROR_UNAUTHORIZED');
    expect(await salesSeenBy(test.app, KEYS[0])).toEqual([]);
  });

  it('answers bad sales with the field at fault, and an unknown route with 404', async () => {
    const { app } = test;
    const valid: FareSaleRequest = { routeId: route.id, from: at(10), until: at(12), percent: 25 };
    const [market] = await marketDays(app.db, 1, 30).limit(1).execute();
    if (!market) throw new Error('no route without flights of its own');
    for (const [body, field] of [
      [{ ...valid, percent: 0 }, 'body.percent'],
      [{ ...valid, percent: 91 }, 'body.percent'],
      [{ ...valid, percent: 12.5 }, 'body.percent'],
      [{ ...valid, percent: '10' }, 'body.percent'],
      [{ ...valid, from: '2027-02-30' }, 'body.from'],
      [{ ...valid, until: '12/01/2027' }, 'body.until'],
      [{ routeId: route.id, from: at(10), percent: 25 }, 'body.until'],
      [{ ...valid, until: at(9) }, 'body.until'],
      [{ ...valid, from: at(-9), until: at(-1) }, 'body.until'],
      [{ ...valid, until: addDays(addYears(TEST_TODAY, 1), 1) }, 'body.until'],
      [{ ...valid, routeId: market.id }, 'body.routeId'],
    ] as const) {
      const error = expectApiError(await publish(app, body), 400, 'VALIDATION_ERROR');
      expect(Object.keys(error.errors), JSON.stringify(body)).toEqual([field]);
    }
    const unknown = expectApiError(
      await publish(app, { ...valid, routeId: 999_999 }),
      404,
      'NOT_FOUND',
    );
    expect(Object.keys(unknown.errors)).toEqual(['body.routeId']);
    expectApiError(await endSale(app, 'x'), 400, 'VALIDATION_ERROR');
    expectApiError(await endSale(app, 999_999), 404, 'NOT_FOUND');
    const list = await app.inject({
      url: '/api/airline/fares/sales?route=x',
      headers: { 'x-api-key': KEYS[0] },
    });
    expectApiError(list, 400, 'VALIDATION_ERROR');
    // A sale that began yesterday but runs on is fine: its days from today on are on sale.
    const running = await publish(app, { ...valid, from: at(-1), until: at(1) });
    expect(running.statusCode, running.body).toBe(200);
    expect(
      (await endSale(app, FareSaleResponseSchema.parse(running.json()).sale.id)).statusCode,
    ).toBe(200);
  });
});

describe(`a search across a sale (${dialectUnderTest()}), partner API without keys`, () => {
  const clock = testClock();
  const test = useBookingTestApp(clock);
  let route: Route;

  beforeAll(async () => {
    ({ out: route } = await dailyRoundTrip(test.app.db));
  });

  it('runs a search again once prices change, and a result shown before a rise books only when accepted', async () => {
    const { app } = test;
    const days = 30;
    const before = await searchTrip(app, { oneWay: true, days });
    const fullPrice = before.result.results[0]?.cheapestPrice ?? 0;

    const published = await publish(
      app,
      { routeId: route.id, from: at(days), until: at(days), percent: 50 },
      null,
    );
    expect(published.statusCode, published.body).toBe(200);
    const { sale } = FareSaleResponseSchema.parse(published.json());
    // Without keys every sale is everyone's.
    expect((await salesSeenBy(app, 'any')).map((seen) => seen.id)).toEqual([sale.id]);

    // The same search is a new one: the stored result with the old prices is not reused.
    const during = await searchTrip(app, { oneWay: true, days });
    expect(during.hash).not.toBe(before.hash);
    const salePrice = during.result.results[0]?.cheapestPrice ?? 0;
    expect(salePrice).toBeLessThan(fullPrice);

    expect((await endSale(app, sale.id, 'any')).statusCode).toBe(200);
    // Booked from the result shown during the sale: the price rose since, so it must be accepted.
    const flight = during.result.results[0]?.flights.find((found) => /^\d+$/.test(found.id));
    const fare = flight?.fareClasses[0];
    if (!flight || !fare) throw new Error('no flight of the route');
    const body = bookingBody(during, {
      selections: [{ destinationIndex: 0, flightId: flight.id, fareClass: fare.letter }],
    });
    const shown = fare.price;
    const now = await fareRows(app.db, { flightIds: [Number(flight.id)] });
    const current = now.find((row) => row.letter === fare.letter)?.price_minor ?? 0;
    expect(current).toBeGreaterThan(shown);
    const refused = expectApiError(await createBooking(app, body), 409, 'PRICE_INCREASED');
    expect(refused.errors).toMatchObject({
      previousTotal: [String(shown), 'USD'],
      newTotal: [String(current), 'USD'],
    });
    // That result is kept as it was shown; a new search shows the prices without the sale.
    const stored = await app.inject({ url: `/api/search/result/${during.hash}` });
    expect(stored.json()).toMatchObject({ result: { results: [{ cheapestPrice: salePrice }] } });
    const after = await searchTrip(app, { oneWay: true, days });
    expect(after.hash).not.toBe(during.hash);
    expect(after.result.results[0]?.cheapestPrice).toBe(fullPrice);

    const accepted = await createBooking(app, {
      ...body,
      acceptedTotal: { amount: current, currency: 'USD' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }, 60_000);
});
