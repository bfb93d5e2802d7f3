import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePriceWatchResponseSchema } from '@uniquair/contract/price-watch';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { refreshRouteDayPrices } from '../../db/route-day-prices.ts';
import { createAccount, signIn } from '../../../test/helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { lowerFares, pricedDay, watchPrice } from '../../../test/helpers/price-watch.ts';
import {
  startPushReceiver,
  type BrowserSubscription,
  type PushReceiver,
} from '../../../test/helpers/push-receiver.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

const DAY_MS = 24 * 3_600_000;

/**
 * Price drops reach the watching browser (docs/price-watch.md): after a change of fares and the
 * summary's refresh, the watch's push goes out through the outbox, encrypted for the browser's
 * keys, at most once a day and only for a new low; an ended subscription takes its watches with
 * it; two evaluations at once tell a watch once; a signed-in owner gets the e-mail too.
 */
describe('price watch notifications', () => {
  let receiver: PushReceiver;
  let test: TestApp;
  let app: FastifyInstance;
  let clock: TestClock;
  const used: number[] = [];

  beforeAll(async () => {
    receiver = await startPushReceiver();
    clock = testClock();
    test = await buildTestApp(
      {
        PUSH_EXTRA_ORIGINS: receiver.origin,
        OUTBOX_POLL_MS: '0',
        MAIL_FROM: 'Uniquair <watch@uniquair.test>',
        // The data-set versions are read again at every use, not once a second: an outbox
        // handler that reads them (the exchange rates) inside its transaction would wait for the
        // connection that transaction holds on SQLite, as it did whenever a second had passed.
        DATASET_VERSION_CHECK_MS: '0',
      },
      { push: { agent: receiver.agent }, clock: clock.now },
    );
    app = test.app;
    await app.ready();
  });

  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  /** A day of a route no other test of this file watches. */
  async function freshDay(days: number) {
    const day = await pricedDay(app, days, used);
    used.push(day.routeId);
    return day;
  }

  async function watch(
    browser: BrowserSubscription,
    body: Record<string, unknown>,
    cookie?: string,
  ) {
    const response = await watchPrice(app, browser, body, cookie ? { cookie } : {});
    expect(response.statusCode, response.body).toBe(200);
    return CreatePriceWatchResponseSchema.parse(response.json());
  }

  it('pushes one encrypted message saying how much cheaper, opening the search', async () => {
    const day = await freshDay(30);
    const browser = receiver.subscribe();
    const created = await watch(browser, {
      route: day.routeId,
      date: day.date,
      passengers: { adults: 2, children: 1, infants: 1 },
      currency: 'USD',
      locale: 'en',
    });
    // Adults and children pay the fare; the infant flies free.
    expect(created.watch.subscribedPrice).toEqual({ amount: day.price * 3, currency: 'USD' });

    await lowerFares(app, day.routeId, day.date, 1_000);
    const [push, ...more] = receiver.receivedBy(browser);
    expect(more).toEqual([]);
    expect(push).toBeDefined();
    if (!push) return;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.topic).toBe(`price-watch-${created.watch.number}`);
    const message = JSON.parse(receiver.decrypt(push, browser)) as {
      type: string;
      data: { watch: number; url: string };
      notification: { title: string; options: { body: string; actions: unknown[] } };
    };
    expect(message.type).toBe('price.watch');
    expect(message.data).toEqual({
      watch: created.watch.number,
      url: `/flights/2/1/1/${day.routeId}.${day.date}._`,
    });
    const now = ((day.price - 1_000) * 3) / 100;
    const money = (amount: number) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);
    expect(message.notification.options.body).toContain(`now ${money(now)}, ${money(30)} less`);
    expect(message.notification.options.actions).toEqual([
      { action: 'view', title: 'View' },
      { action: 'stop-watch', title: 'Stop watching' },
    ]);
  });

  it('tells a watch at most once a day, and only of a new low', async () => {
    const day = await freshDay(40);
    const browser = receiver.subscribe();
    await watch(browser, { route: day.routeId, date: day.date });

    await lowerFares(app, day.routeId, day.date, 500);
    expect(receiver.receivedBy(browser)).toHaveLength(1);
    // Cheaper again within the day: no second message.
    clock.advance(DAY_MS / 2);
    await lowerFares(app, day.routeId, day.date, 300);
    expect(receiver.receivedBy(browser)).toHaveLength(1);
    // A day after the first message, cheaper than when it was told: told again.
    clock.advance(DAY_MS / 2 + 1_000);
    await lowerFares(app, day.routeId, day.date, 0);
    expect(receiver.receivedBy(browser)).toHaveLength(2);
    // The next day, the same price is no news.
    clock.advance(DAY_MS + 1_000);
    await lowerFares(app, day.routeId, day.date, 0);
    expect(receiver.receivedBy(browser)).toHaveLength(2);
  });

  it('waits for the target price when one is set', async () => {
    const day = await freshDay(50);
    const browser = receiver.subscribe();
    await watch(browser, {
      route: day.routeId,
      date: day.date,
      targetPrice: day.price - 1_000,
      currency: 'USD',
    });
    await lowerFares(app, day.routeId, day.date, 500);
    expect(receiver.receivedBy(browser)).toHaveLength(0);
    await lowerFares(app, day.routeId, day.date, 600);
    expect(receiver.receivedBy(browser)).toHaveLength(1);
  });

  it('watches a month by its cheapest day', async () => {
    const day = await freshDay(60);
    const browser = receiver.subscribe();
    const created = await watch(browser, { route: day.routeId, month: day.date.slice(0, 7) });
    const start = created.watch.subscribedPrice?.amount ?? 0;
    expect(start).toBeGreaterThan(0);
    // This day becomes the month's cheapest, 5.00 below the cheapest at subscription.
    await lowerFares(app, day.routeId, day.date, day.price - start + 500);
    const cheapestNow = await app.db
      .selectFrom('route_day_prices')
      .select((eb) => eb.fn.min('min_price_minor').as('price'))
      .where('route_id', '=', day.routeId)
      .where('date', '>=', `${day.date.slice(0, 7)}-01` as Ymd)
      .where('date', '<=', `${day.date.slice(0, 7)}-31` as Ymd)
      .executeTakeFirstOrThrow();
    expect(Number(cheapestNow.price)).toBeLessThan(start);
    const [push] = receiver.receivedBy(browser);
    expect(push).toBeDefined();
    if (!push) return;
    const message = JSON.parse(receiver.decrypt(push, browser)) as { data: { url: string } };
    expect(message.data.url).toMatch(
      new RegExp(`/${day.routeId}\\.${day.date.slice(0, 7)}-\\d\\d\\._$`),
    );
  });

  it('deletes every watch of a subscription the push service says has ended', async () => {
    const day = await freshDay(70);
    const other = await freshDay(70);
    const browser = receiver.subscribe();
    await watch(browser, { route: day.routeId, date: day.date });
    await watch(browser, { route: other.routeId, date: other.date });
    receiver.answer(new URL(browser.endpoint).pathname, 410);
    await lowerFares(app, day.routeId, day.date, 500);
    expect(receiver.receivedBy(browser)).toHaveLength(1);
    const left = await app.db
      .selectFrom('price_watches')
      .select('id')
      .where('endpoint', '=', browser.endpoint)
      .execute();
    expect(left).toEqual([]);
  });

  it('tells a watch once when two evaluations of the same change run at once', async () => {
    const day = await freshDay(80);
    const browser = receiver.subscribe();
    await watch(browser, { route: day.routeId, date: day.date });
    await app.db
      .updateTable('fare_classes')
      .set((eb) => ({ price_minor: eb('price_minor', '-', 700) }))
      .where(
        'flight_id',
        'in',
        app.db
          .selectFrom('flights')
          .select('id')
          .where('route_id', '=', day.routeId)
          .where('departure_date', '=', day.date),
      )
      .execute();
    await refreshRouteDayPrices(app.db, [day.routeId], [day.date]);
    // The evaluation the refresh queued, and two more as other processes would run them.
    const scope = { routeIds: [day.routeId], dates: [day.date] };
    const results = await Promise.all([
      app.priceWatches.evaluate(scope),
      app.priceWatches.evaluate(scope),
    ]);
    await app.priceWatches.idle();
    await drainOutbox(app);
    expect(results.reduce((sum, result) => sum + result.notified, 0)).toBeLessThanOrEqual(1);
    expect(receiver.receivedBy(browser)).toHaveLength(1);
  });

  it('e-mails a signed-in owner too, in their language, with the link to the search', async () => {
    const day = await freshDay(90);
    const account = await createAccount(app);
    const cookie = await signIn(app, account);
    const browser = receiver.subscribe();
    await watch(
      browser,
      { route: day.routeId, date: day.date, locale: 'de', currency: 'EUR' },
      cookie,
    );
    await lowerFares(app, day.routeId, day.date, 800);
    expect(receiver.receivedBy(browser)).toHaveLength(1);
    const mail = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'priceWatch')
      .where('to_address', '=', account.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.locale).toBe('de');
    expect(mail[0]?.subject).toMatch(/^Günstiger: /);
    expect(mail[0]?.text_body).toContain(`/flights/1/0/0/${day.routeId}.${day.date}._`);
    expect(mail[0]?.text_body).toMatch(/€/);
  });

  it('sweeps watches whose day has passed everywhere', async () => {
    const day = await freshDay(100);
    const browser = receiver.subscribe();
    await watch(browser, { route: day.routeId, date: day.date });
    const count = () =>
      app.db
        .selectFrom('price_watches')
        .select('id')
        .where('endpoint', '=', browser.endpoint)
        .execute();
    await app.priceWatches.sweep();
    expect(await count()).toHaveLength(1);
    const saved = clock.now();
    clock.set(`${day.date}T23:00:00.000Z`);
    clock.advance(DAY_MS + 12 * 3_600_000);
    await app.priceWatches.sweep();
    clock.set(saved);
    expect(await count()).toEqual([]);
  });
});
