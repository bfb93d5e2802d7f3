import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

const TOKEN = 'c'.repeat(40);

/** Runs axe-core on the page as it is now; WCAG 2.x A and AA rules, zero violations. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Every screen of SPEC §2 an anonymous visitor can open, with its page title; content pages
 * (null) are titled with their heading, which the server's content decides.
 */
const SCREENS: readonly (readonly [string, string | null])[] = [
  ['/', 'Find flights'],
  ['/choose', 'Choose your flights'],
  ['/booking/AB12CD3/pay', 'Pay for booking AB12CD3'],
  // Nobody is thanked for a booking that does not exist: its not-found state.
  ['/payment/ab12cd3/success', 'Booking AB12CD3'],
  ['/payment/ab12cd3/paypal/funding-denied', 'Funding denied'],
  ['/payment/ab12cd3/paypal/denied', 'Payment Denied'],
  ['/payment/ab12cd3/failure', 'Payment Failure'],
  ['/bookings', 'My bookings'],
  ['/bookings/AB12CD3', 'Booking AB12CD3'],
  ['/bookings/AB12CD3/flight/0/ticket/0', 'Ticket 1 of flight 1, booking AB12CD3'],
  ['/register', 'Register'],
  ['/signin', 'Sign in'],
  ['/recover', 'Recover your password'],
  [`/reset/${TOKEN}`, 'Choose a new password'],
  ['/contact-us', null],
  ['/airlines/flights/search', 'not for passengers'],
  ['/terms-and-conditions', null],
  ['/travel-protect', null],
  ['/crd-compliance', null],
  ['/cookie-policy', null],
  ['/ecd-compliance', null],
  ['/privacy-policy', null],
  ['/en/search', 'Find flights'],
  ['/no-such-page-here', 'Not Found'],
  ['/no/such/page', 'Not Found'],
];

test.describe('every screen', () => {
  for (const [path, title] of SCREENS) {
    test(`${path} is "Uniquair - ${title ?? '<its heading>'}" and passes axe`, async ({
      page,
      allowFailedResource,
    }) => {
      // An unknown slug is asked from the server first, which answers 404.
      allowFailedResource('/api/data/page/no-such-page-here');
      // So is a booking this browser has no access to (here: one that does not exist).
      allowFailedResource('/api/booking/AB12CD3/get');
      allowFailedResource('/api/booking/ab12cd3/get');
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(page).toHaveTitle(`Uniquair - ${title ?? (await heading.innerText())}`);
      await expectNoAxeViolations(page);
    });
  }

  test('the search result routes follow the route guard and pass axe', async ({
    page,
    request,
  }) => {
    const network = (await (await request.get('/api/data/routes')).json()) as {
      routes: { id: number; af: string }[];
      airports: { id: string; city: string }[];
    };
    const route = network.routes[0];
    expect(route).toBeDefined();
    if (!route) return;
    await page.goto(`/flights/1/0/0/${route.id}.${route.af}._/999999999.${route.af}._`);
    await expect(page).toHaveURL(`/flights/1/0/0/${route.id}.${route.af}._`);
    await expect(page.getByRole('heading', { level: 1, name: /^Flights from / })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/multi/1/0/0/999999999.2030-01-01._');
    await expect(page).toHaveURL('/');
  });

  test('the drawer, the picker and the overlays pass axe and close with Escape', async ({
    page,
  }) => {
    await page.goto('/bookings#basket');
    const basket = page.getByRole('dialog', { name: 'Basket' });
    await expect(basket).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(basket).toBeHidden();
    await expect(page).toHaveURL('/bookings');

    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByText('Version 0.7.0')).toBeVisible();
    await expectNoAxeViolations(page);
    await drawer.getByRole('link', { name: 'Contact us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeFocused();
  });
});

test.describe('legacy and e-mail-link routes', () => {
  for (const [from, to] of [
    ['/de/users/register', '/register'],
    ['/en/users/sign-in', '/signin'],
    ['/en/support/tickets/list', '/signin?redirectTo=%2Fsupport%2Ftickets%2F'],
    ['/en/support/ticket/open', '/signin?redirectTo=%2Fsupport%2Ftickets%2Fopen'],
    ['/en/support/ticket/42/view', '/signin?redirectTo=%2Fsupport%2Fticket%2F42'],
  ] as const) {
    test(`${from} lands on ${to}`, async ({ page, allowFailedResource }) => {
      // A ticket is asked for first (a visitor may hold its e-mailed link's cookie): 401 here.
      allowFailedResource('/api/support/tickets/42');
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }

  for (const [from, to] of [
    [`/en/booking/AB12CD3/finish/${TOKEN}`, `/api/booking/AB12CD3/finish/${TOKEN}`],
    [`/en/support/email/${TOKEN}/verify`, `/api/support/email/${TOKEN}/verify`],
    [`/en/clients/login-quick/AB12CD3/${TOKEN}`, `/api/booking/login-quick/AB12CD3/${TOKEN}`],
  ] as const) {
    test(`${from} hands off to the server at ${to}`, async ({ page, allowFailedResource }) => {
      // What the server answers on its own path is not the web app's concern here.
      allowFailedResource(to);
      allowFailedResource('/favicon.ico');
      const handOff = page.waitForRequest((request) => new URL(request.url()).pathname === to);
      await page.goto(from);
      const request = await handOff;
      expect(request.isNavigationRequest()).toBe(true);
      await expect(page).toHaveURL(to);
    });
  }

  test('an e-mailed sign-in link goes through the server to the page that uses it', async ({
    page,
  }) => {
    const handOff = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/api/users/${TOKEN}/login`,
    );
    await page.goto(`/de/users/${TOKEN}/login`);
    expect((await handOff).isNavigationRequest()).toBe(true);
    await expect(page).toHaveURL(`/signin/link/${TOKEN}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('auth gate', () => {
  test('a guarded route sends an anonymous visitor to sign-in, remembering the page', async ({
    page,
  }) => {
    await page.goto('/bookings/all/2');
    await expect(page).toHaveURL('/signin?redirectTo=%2Fbookings%2Fall%2F2');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('language and currency', () => {
  test('switching changes texts and prices at once and survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unique routes, unique moments' }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Language and currency: EN, USD$/ }).click();
    const picker = page.getByRole('dialog', { name: 'Language and currency' });
    const eurRate = picker.getByText(/^\$1 = €\d+\.\d\d$/);
    await expect(eurRate).toBeVisible();

    await picker.getByRole('radio', { name: /\(EUR\)/ }).click();
    await expect(picker.getByText(/^€1 = \$\d+\.\d\d$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await picker.getByRole('radio', { name: 'Deutsch' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Einzigartige Routen, einzigartige Momente' }),
    ).toBeVisible();
    // The dialog is now named in German: 'Sprache und Währung'.
    await expect(
      page.getByRole('dialog', { name: 'Sprache und Währung' }).getByText(/^1\s€ = \d+,\d\d\s\$$/),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Einzigartige Routen, einzigartige Momente' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Uniquair - Flüge finden');
    await expect(page.getByRole('button', { name: 'Sprache und Währung: DE, EUR' })).toBeVisible();
  });
});
