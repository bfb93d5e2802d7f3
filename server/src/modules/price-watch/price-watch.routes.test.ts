import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CreatePriceWatchResponseSchema,
  MAX_WATCHES,
  PriceWatchListResponseSchema,
} from '@uniquair/contract/price-watch';
import { addDays } from '@uniquair/domain/dates/ymd';
import { createAccount, freshClient, signIn } from '../../../test/helpers/accounts.ts';
import { useTestApp } from '../../../test/helpers/build.ts';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { pricedDay, watchPrice } from '../../../test/helpers/price-watch.ts';
import { secretHash } from '../../lib/secret-hash.ts';

/** A browser's subscription at a known push service (nothing is sent in these tests). */
function fcmBrowser() {
  const key = Buffer.alloc(65, 7);
  key[0] = 4;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/watch-${randomBytes(8).toString('hex')}`,
    publicKey: key.toString('base64url'),
    authToken: randomBytes(16).toString('base64url'),
  };
}

describe('the price watch API', () => {
  const test = useTestApp({});

  async function watchable() {
    return pricedDay(test.app, 25);
  }

  it('keeps a watch, answering its secret id and the price now, and keeps the id only hashed', async () => {
    const day = await watchable();
    const browser = fcmBrowser();
    const response = await watchPrice(test.app, browser, {
      route: day.routeId,
      date: day.date,
      bags: 1,
      currency: 'USD',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = CreatePriceWatchResponseSchema.parse(response.json());
    const bagPrice = await test.app.db
      .selectFrom('route_day_prices')
      .select('min_price_bags1_minor')
      .where('route_id', '=', day.routeId)
      .where('date', '=', day.date)
      .executeTakeFirstOrThrow();
    expect(body.watch).toMatchObject({
      route: day.routeId,
      date: day.date,
      month: null,
      bags: 1,
      endsOn: day.date,
      subscribedPrice: { amount: bagPrice.min_price_bags1_minor, currency: 'USD' },
      currentPrice: { amount: bagPrice.min_price_bags1_minor, currency: 'USD' },
      targetPrice: null,
    });
    const row = await test.app.db
      .selectFrom('price_watches')
      .selectAll()
      .where('id', '=', body.watch.number)
      .executeTakeFirstOrThrow();
    expect(row.id_hash).toBe(secretHash(body.id));
    expect(JSON.stringify(row)).not.toContain(body.id);
    expect(row.user_id).toBeNull();
  });

  it.each([
    ['neither a day nor a month', {}, 'body.date'],
    ['a day that has passed', { date: addDays(TEST_TODAY, -3) }, 'body.date'],
    ['a day more than a year ahead', { date: addDays(TEST_TODAY, 400) }, 'body.date'],
    ['a month more than a year ahead', { month: '2028-01' }, 'body.month'],
    ['no adult', { passengers: { adults: 0, children: 1, infants: 0 } }, 'body.passengers.adults'],
    [
      'more infants than adults',
      { passengers: { adults: 1, children: 0, infants: 2 } },
      'body.passengers.infants',
    ],
    ['three bags', { bags: 3 }, 'body.bags'],
    ['an unknown currency', { currency: 'XYZ' }, 'body.currency'],
  ])('refuses %s with 400 and the field', async (_label, change, field) => {
    const day = await watchable();
    const response = await watchPrice(test.app, fcmBrowser(), {
      route: day.routeId,
      ...('month' in change || Object.keys(change).length === 0 ? {} : { date: day.date }),
      ...change,
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(body.errors[field], JSON.stringify(body.errors)).toBeDefined();
  });

  it('refuses a push endpoint that is not a known push service, and a target above the price', async () => {
    const day = await watchable();
    const foreign = await watchPrice(
      test.app,
      { ...fcmBrowser(), endpoint: 'https://push.example.com/x' },
      { route: day.routeId, date: day.date },
    );
    expect(
      expectApiError(foreign, 400, 'VALIDATION_ERROR').errors['body.subscription.endpoint'],
    ).toBeDefined();
    const above = await watchPrice(test.app, fcmBrowser(), {
      route: day.routeId,
      date: day.date,
      currency: 'USD',
      targetPrice: day.price + 100,
    });
    expect(expectApiError(above, 400, 'VALIDATION_ERROR').errors['body.targetPrice']).toBeDefined();
  });

  it('answers 404 for an unknown route', async () => {
    const response = await watchPrice(test.app, fcmBrowser(), {
      route: 999_999,
      date: addDays(TEST_TODAY, 20),
    });
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it(`holds at most ${MAX_WATCHES} watches per subscription (409)`, async () => {
    const day = await watchable();
    const browser = fcmBrowser();
    for (let i = 0; i < MAX_WATCHES; i += 1) {
      const response = await watchPrice(test.app, browser, { route: day.routeId, date: day.date });
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await watchPrice(test.app, browser, { route: day.routeId, date: day.date });
    expectApiError(over, 409, 'CONFLICT');
  });

  it('ends a watch by its id, and 404 once it is gone or for a made-up id', async () => {
    const day = await watchable();
    const created = CreatePriceWatchResponseSchema.parse(
      (await watchPrice(test.app, fcmBrowser(), { route: day.routeId, date: day.date })).json(),
    );
    const remove = (id: string) =>
      test.app.inject({
        method: 'DELETE',
        url: `/api/price-watch/${id}`,
        remoteAddress: freshClient(),
      });
    expectApiError(await remove(`pw_${'A'.repeat(43)}`), 404, 'NOT_FOUND');
    const removed = await remove(created.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expectApiError(await remove(created.id), 404, 'NOT_FOUND');
    expectApiError(await remove('not-an-id'), 400, 'VALIDATION_ERROR');
  });

  it('ends a watch by its number only with the push endpoint it notifies', async () => {
    const day = await watchable();
    const browser = fcmBrowser();
    const created = CreatePriceWatchResponseSchema.parse(
      (await watchPrice(test.app, browser, { route: day.routeId, date: day.date })).json(),
    );
    const url = `/api/price-watch/${created.watch.number}`;
    const bare = await test.app.inject({ method: 'DELETE', url, remoteAddress: freshClient() });
    expectApiError(bare, 404, 'NOT_FOUND');
    const other = await test.app.inject({
      method: 'DELETE',
      url,
      remoteAddress: freshClient(),
      headers: { 'x-push-endpoint': fcmBrowser().endpoint },
    });
    expectApiError(other, 404, 'NOT_FOUND');
    const own = await test.app.inject({
      method: 'DELETE',
      url,
      remoteAddress: freshClient(),
      headers: { 'x-push-endpoint': browser.endpoint },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('lists only the signed-in user’s watches, who may end them by number', async () => {
    const day = await watchable();
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/price-watch' });
    expectApiError(anonymous, 401, 'ERROR_UNAUTHORIZED');
    const owner = await createAccount(test.app);
    const cookie = await signIn(test.app, owner);
    const stranger = await signIn(test.app, await createAccount(test.app));
    const month = day.date.slice(0, 7);
    const created = CreatePriceWatchResponseSchema.parse(
      (await watchPrice(test.app, fcmBrowser(), { route: day.routeId, month }, { cookie })).json(),
    );
    await watchPrice(test.app, fcmBrowser(), { route: day.routeId, date: day.date });
    const list = (who: string) =>
      test.app.inject({ method: 'GET', url: '/api/price-watch', headers: { cookie: who } });
    const mine = PriceWatchListResponseSchema.parse((await list(cookie)).json());
    expect(mine.watches.map((watch) => [watch.number, watch.month])).toEqual([
      [created.watch.number, month],
    ]);
    expect(PriceWatchListResponseSchema.parse((await list(stranger)).json()).watches).toEqual([]);
    const url = `/api/price-watch/${created.watch.number}`;
    expectApiError(
      await test.app.inject({ method: 'DELETE', url, headers: { cookie: stranger } }),
      404,
      'NOT_FOUND',
    );
    const ended = await test.app.inject({ method: 'DELETE', url, headers: { cookie } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(PriceWatchListResponseSchema.parse((await list(cookie)).json()).watches).toEqual([]);
  });
});
