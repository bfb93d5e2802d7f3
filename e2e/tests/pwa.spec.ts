import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { WEB_DIST } from '../fixtures/run-paths.ts';
import { expect, test } from '../fixtures/test.ts';
import { addDays, dailyReturnRoute, loadNetwork, searchOneWay, today } from './search-helpers.ts';
import { signedInAccount } from './account-helpers.ts';

/**
 * The installable, offline app (issue 9) in Chromium with its service worker: install criteria,
 * starting and reading offline after one visit, sign-out hygiene online and offline, and a new
 * deployment taken by the visitor.
 */

/** The web build this run's server serves (see playwright.config.ts). */
const webDist = WEB_DIST;

/** Waits until the page is controlled by the active service worker at /service-worker.js. */
async function controlledByWorker(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        }),
      );
    }
    return registration.active?.scriptURL ?? '';
  });
  return new URL(scriptUrl).pathname;
}

/** Waits until the worker has stored the precache (the app can start offline). */
async function precached(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const name = names.find((cache) => cache.startsWith('workbox-precache'));
        if (!name) return 0;
        return (await (await caches.open(name)).keys()).length;
      }),
    )
    .toBeGreaterThan(10);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

interface Booked {
  readonly pnr: string;
  readonly deviceToken: string;
  readonly ticketNumber: string;
}

/**
 * A one-way booking made through the API (as the booking flow would), confirmed with the
 * pay-at-airline method so its tickets are issued, waited for until they are.
 */
async function bookAndConfirm(request: APIRequestContext, daysAhead: number): Promise<Booked> {
  const network = await loadNetwork(request);
  const { out } = dailyReturnRoute(network);
  const date = addDays(today(), daysAhead);
  const { hash, results } = await searchOneWay(request, out.id, date);
  const flight = results[0]?.flights[0];
  if (!flight) throw new Error('no flight found');
  const birth = `${Number(date.slice(0, 4)) - 35}-03-14`;
  const expiry = `${Number(date.slice(0, 4)) + 5}-03-14`;
  const created = await request.post('/api/booking/create', {
    data: {
      searchHash: hash,
      selections: [
        {
          destinationIndex: 0,
          flightId: flight.id,
          fareClass: flight.fareClasses[0]?.letter ?? 'Q',
        },
      ],
      passengers: [
        {
          typeId: 1,
          titleId: 2,
          firstName: 'Offline',
          lastName: 'Reader',
          birthDate: birth,
          nationality: 'RO',
          documentTypeId: 1,
          documentNumber: 'PW123456',
          documentExpiry: expiry,
        },
      ],
      booker: {
        firstName: 'Offline',
        lastName: 'Reader',
        email: `offline.reader.${Date.now()}@example.com`,
        phoneCode: '40',
        phone: '721234567',
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { pnr, deviceToken } = (await created.json()) as { pnr: string; deviceToken: string };
  const paid = await request.post(`/api/booking/${pnr}/pay`, {
    headers: { 'x-booking-tokens': deviceToken, 'idempotency-key': randomUUID() },
    data: { method: 'DIRECT_TO_AIRLINE' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  let ticketNumber = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/booking/${pnr}/get`, {
          headers: { 'x-booking-tokens': deviceToken },
        });
        const body = (await answer.json()) as { booking?: { tickets: { number: string }[] } };
        ticketNumber = body.booking?.tickets[0]?.number ?? '';
        return ticketNumber;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return { pnr, deviceToken, ticketNumber };
}

test('meets the install criteria: a valid manifest and an active service worker', async ({
  page,
  request,
}) => {
  await page.goto('/');
  expect(await controlledByWorker(page)).toBe('/service-worker.js');

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
    screenshots: { src: string; sizes: string; form_factor: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Uniquair',
    short_name: 'Uniquair',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // Every icon and screenshot is there, a PNG of the size it claims.
  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    const response = await request.get(image.src);
    expect(response.status(), image.src).toBe(200);
    const png = await response.body();
    const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
    expect(size, image.src).toBe(image.sizes);
  }
  expect(manifest.icons.some((icon) => icon.sizes === '192x192' && icon.purpose === 'any')).toBe(
    true,
  );
  expect(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any')).toBe(
    true,
  );
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

  const worker = await request.get('/service-worker.js');
  expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // Chromium's own verdict. Test browsers run in incognito-like contexts, where Chromium never
  // offers installing; that one reason is the browser's, not the app's.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(
    installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
  ).toEqual([]);
});

test('after one online visit, the app, a content page, the routes and a booking with its e-ticket open offline', async ({
  page,
  context,
  request,
  allowFailedResource,
}) => {
  test.setTimeout(120_000);
  const booked = await bookAndConfirm(request, 33);
  // Offline, the booking's read fails and its copy on the device answers.
  allowFailedResource(`/api/booking/${booked.pnr}/get`);

  // One online visit: the app, a content page, the booking and its e-ticket.
  await page.goto('/');
  await page.evaluate(
    ({ pnr, token }) =>
      window.localStorage.setItem('uniquair.bookings.device', JSON.stringify([{ pnr, token }])),
    { pnr: booked.pnr, token: booked.deviceToken },
  );
  await controlledByWorker(page);
  await precached(page);
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const termsHeading = await page.getByRole('heading', { level: 1 }).innerText();
  await page.goto(`/bookings/${booked.pnr}`);
  await expect(page.getByText(booked.pnr).first()).toBeVisible({ timeout: 15_000 });
  await page.goto(`/bookings/${booked.pnr}/flight/0/ticket/0`);
  await expect(page.getByText(booked.ticketNumber).first()).toBeVisible({ timeout: 15_000 });

  await goOffline(context, page);

  // The app starts from the cache, and says it is offline.
  await page.goto('/');
  await expect(page.getByText('You appear to be offline')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The route list is read from the cache: the airports are there to choose from.
  const routes = await page.evaluate(async () => {
    const response = await fetch('/api/data/routes');
    const body = (await response.json()) as { routes: unknown[]; airports: unknown[] };
    return { routes: body.routes.length, airports: body.airports.length };
  });
  expect(routes.routes).toBeGreaterThan(0);
  expect(routes.airports).toBeGreaterThan(0);

  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(termsHeading);

  await page.goto(`/bookings/${booked.pnr}`);
  await expect(page.getByText(booked.pnr).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Last synced/)).toBeVisible();
  await page.goto(`/bookings/${booked.pnr}/flight/0/ticket/0`);
  await expect(page.getByText(booked.ticketNumber).first()).toBeVisible({ timeout: 15_000 });

  // Pages that need the network say so.
  for (const path of ['/signin', '/register', `/booking/${booked.pnr}/pay`]) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', {
        name: 'An active network connection is required to access this page',
      }),
    ).toBeVisible();
  }

  await context.setOffline(false);
  await page.goto('/signin');
  await expect(page.getByText('You appear to be offline')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test("a signed-in traveller's bookings are not readable after sign-out, online or offline", async ({
  page,
  context,
  allowFailedResource,
}) => {
  test.setTimeout(120_000);
  const account = await signedInAccount(page);
  const booked = await bookAndConfirm(page.request, 35);

  await page.goto('/');
  await controlledByWorker(page);
  await precached(page);
  await page.goto(`/bookings/${booked.pnr}`);
  await expect(page.getByText(booked.pnr).first()).toBeVisible({ timeout: 15_000 });
  await page.goto('/account');
  await expect(page.getByText(account.email).first()).toBeVisible();

  // Sign out from the drawer.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page).toHaveURL(/\/$/);

  // Nothing of theirs is left in the browser's storage or caches.
  const left = await page.evaluate(async (email) => {
    const keys = Object.keys(window.localStorage).filter(
      (key) =>
        key.startsWith('uniquair.bookings.offline.') ||
        key === 'uniquair.bookings.device' ||
        (window.localStorage.getItem(key) ?? '').includes(email),
    );
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const path = new URL(request.url).pathname;
        if (/^\/api\/(users|booking|support|subscriptions)/.test(path)) cached.push(path);
      }
    }
    return { keys, cached };
  }, account.email);
  expect(left.keys).toEqual([]);
  expect(left.cached).toEqual([]);

  // Online: the booking no longer opens on this browser.
  allowFailedResource(`/api/booking/${booked.pnr}/get`);
  await page.goto(`/bookings/${booked.pnr}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Offline Reader')).toHaveCount(0);
  await expect(page.getByText(booked.ticketNumber)).toHaveCount(0);

  // Offline: nothing of it either, from any cache.
  await goOffline(context, page);
  await page.goto(`/bookings/${booked.pnr}`);
  await expect(page.getByText('You appear to be offline')).toBeVisible();
  await expect(page.getByText('Offline Reader')).toHaveCount(0);
  await page.goto(`/bookings/${booked.pnr}/flight/0/ticket/0`);
  await expect(page.getByText(booked.ticketNumber)).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByText(account.email)).toHaveCount(0);
  await context.setOffline(false);
});

test(
  'detects a new deployment and reloads into it when the visitor accepts',
  {
    tag: '@deployment',
  },
  async ({ page }) => {
    test.setTimeout(90_000);
    const indexPath = `${webDist}index.html`;
    const workerPath = `${webDist}service-worker.js`;
    const originalIndex = readFileSync(indexPath, 'utf8');
    const originalWorker = readFileSync(workerPath, 'utf8');

    await page.goto('/');
    await controlledByWorker(page);
    await precached(page);
    const before = await page.locator('meta[name="uniquair-build"]').getAttribute('content');
    expect(before).toBeTruthy();

    // A new deployment: a new shell, and a worker whose precache lists it (as a build writes it).
    const nextBuild = `e2e-next-${Date.now()}`;
    const nextIndex = originalIndex.replace(
      /(<meta name="uniquair-build" content=")[^"]*(")/,
      `$1${nextBuild}$2`,
    );
    const oldRevision = createHash('md5').update(originalIndex).digest('hex');
    const newRevision = createHash('md5').update(nextIndex).digest('hex');
    expect(originalWorker).toContain(oldRevision);
    try {
      writeFileSync(indexPath, nextIndex);
      writeFileSync(workerPath, originalWorker.replaceAll(oldRevision, newRevision));

      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Check for updates' }).click();
      const prompt = page.getByText('A new version of the app is available.');
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      const reloaded = page.waitForEvent('load');
      await page
        .locator('div', { has: prompt })
        .getByRole('button', { name: 'Update the app' })
        .last()
        .click();
      await reloaded;
      await expect(page.locator('meta[name="uniquair-build"]')).toHaveAttribute(
        'content',
        nextBuild,
      );
    } finally {
      writeFileSync(indexPath, originalIndex);
      writeFileSync(workerPath, originalWorker);
    }
  },
);

test(
  'a worker file that is missing gives a warning and the worker is unregistered',
  {
    tag: '@deployment',
  },
  async ({ page, allowFailedResource }) => {
    const workerPath = `${webDist}service-worker.js`;
    const original = readFileSync(workerPath);
    await page.goto('/');
    await controlledByWorker(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    allowFailedResource('/service-worker.js');
    await page.getByRole('button', { name: 'Menu' }).click();
    const check = page.getByRole('button', { name: 'Check for updates' });
    await expect(check).toBeVisible();

    // A deployment without the worker file: the server answers 404 for it.
    try {
      rmSync(workerPath);
      await check.click();
      await expect(page.getByText('The latest version loads with every visit.')).toBeVisible();
    } finally {
      writeFileSync(workerPath, original);
    }
    expect(warnings.some((text) => text.includes('/service-worker.js'))).toBe(true);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
    ).toBe(0);
  },
);
