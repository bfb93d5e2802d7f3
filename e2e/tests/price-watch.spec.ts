import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  decryptPush,
  startPushReceiver,
  type BrowserKeys,
  type E2ePushReceiver,
} from '../fixtures/push-receiver.ts';
import { addDays, expectNoAxeViolations, flyingDay, loadNetwork, today } from './search-helpers.ts';

/**
 * Price watch without an account (docs/price-watch.md): a visitor asks to be told when a leg's
 * day gets cheaper, an airline partner puts the route on sale through the airline API, and the
 * watching browser receives the push — encrypted by the server for the browser's keys, delivered
 * to the local push service that stands in for the browser's (headless Chromium reaches none),
 * and decrypted here.
 */
test.describe('price watch', () => {
  let receiver: E2ePushReceiver;

  test.beforeAll(async () => {
    receiver = await startPushReceiver();
  });

  test.afterAll(async () => {
    await receiver.close();
  });

  /**
   * Headless Chromium reaches no push service, so the browser's own service (the edge of the
   * outside world) is the test's local receiver: `subscribe` answers a subscription to it with
   * the test's keys, and the server's real Web Push encryption is decrypted there.
   */
  async function useLocalPushService(page: Page, keys: BrowserKeys) {
    await page.context().grantPermissions(['notifications']);
    await page.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const bytes = (text: string) => {
          const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
          const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
          return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
        };
        let current: PushSubscription | null = null;
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: (name: string) =>
            name === 'p256dh' ? bytes(p256dh) : name === 'auth' ? bytes(auth) : null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: () => {
            current = null;
            return Promise.resolve(true);
          },
        } as unknown as PushSubscription;
        PushManager.prototype.subscribe = function subscribe() {
          current = subscription;
          return Promise.resolve(subscription);
        };
        PushManager.prototype.getSubscription = function getSubscription() {
          return Promise.resolve(current);
        };
      },
      { endpoint: keys.endpoint, p256dh: keys.p256dh, auth: keys.auth },
    );
  }

  test('a sale through the airline API makes a watched day cheaper and the browser is told', async ({
    page,
    request,
  }) => {
    const keys = receiver.subscription();
    await useLocalPushService(page, keys);
    const network = await loadNetwork(request);
    const candidates = network.routes.filter((route) => route.dow === 127 && route.au === null);
    let watched: { route: number; date: string } | null = null;
    for (const route of candidates.slice(0, 8)) {
      const date = flyingDay(route, addDays(today(), 35));
      const [year, month] = date.split('-').map(Number);
      const calendar = (await (
        await request.get(`/api/cheapest-price/days/${route.id}/${year}/${month}`)
      ).json()) as { days?: { date: string; price: number }[] };
      if (!calendar.days?.some((day) => day.date === date)) continue;

      await page.goto(`/flights/2/0/0/${route.id}.${date}._`);
      await page.getByRole('button', { name: 'Tell me when it’s cheaper', exact: true }).click();
      const form = page.getByRole('group', { name: 'Price watch' });
      await expect(form.getByText(/No account needed/)).toBeVisible();
      await expectNoAxeViolations(page);
      await form.getByRole('button', { name: 'Watch the price' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Watching:/ })).toBeVisible();

      const sale = await request.post('/api/airline/fares/sale', {
        data: { routeId: route.id, from: date, until: date, percent: 30 },
      });
      if (sale.status() === 200) {
        watched = { route: route.id, date };
        break;
      }
      // A route without flights of its own cannot be put on sale: stop watching it, try another.
      await page.getByRole('button', { name: 'Stop watching' }).click();
      await expect(page.getByRole('status')).toContainText('You stopped watching this price.');
    }
    expect(watched, 'a route that could be put on sale').not.toBeNull();
    if (!watched) return;

    const path = new URL(keys.endpoint).pathname;
    await expect
      .poll(() => receiver.received.filter((push) => push.path === path).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const push = receiver.received.find((item) => item.path === path);
    if (!push) return;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=/);
    const message = JSON.parse(decryptPush(push, keys)) as {
      type: string;
      data: { url: string };
      notification: { title: string; options: { body: string; actions: { action: string }[] } };
    };
    expect(message.type).toBe('price.watch');
    expect(message.data.url).toBe(`/flights/2/0/0/${watched.route}.${watched.date}._`);
    expect(message.notification.title).toMatch(/^Cheaper: /);
    expect(message.notification.options.body).toMatch(/: now .+, .+ less$/);
    expect(message.notification.options.actions.map((action) => action.action)).toEqual([
      'view',
      'stop-watch',
    ]);
  });
});
