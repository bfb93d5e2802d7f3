import { expect, test } from '../fixtures/test.ts';

test.describe('smoke', () => {
  test('the home page loads from the server', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Unique routes, unique moments' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Uniquair - Find flights');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Unique routes, unique moments',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Uniquair home page' }),
    ).toBeVisible();
  });

  test('each start-up read is requested once, on a first visit and on a repeat one', async ({
    page,
  }) => {
    // index.html preloads the init data and the route list; the app's own reads must be answered
    // by those preloads (the same request, nothing added), not sent a second time.
    const startupReads = ['/api/data/init', '/api/data/routes'];
    let requested: string[] = [];
    const unusedPreloads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (startupReads.includes(path)) requested.push(path);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) unusedPreloads.push(message.text());
    });

    for (const visit of ['first', 'repeat']) {
      requested = [];
      await page.goto('/');
      // The start-up waits for both reads: by the time the page shows, both have been asked for.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(requested.sort(), `${visit} visit`).toEqual(startupReads);
    }
    expect(unusedPreloads).toEqual([]);
  });

  test('a deep link opens the app on the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    await expect(
      page.getByText('We could not find this page. Please check the address for typos.'),
    ).toBeVisible();
    await expect(page).toHaveTitle('Uniquair - Not Found');

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Uniquair - Find flights');
  });

  test('the skip link moves keyboard focus to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('in the browser language', () => {
  test.use({ locale: 'de-DE' });

  test('the home page is shown in German from its own catalogue chunk', async ({ page }) => {
    const catalogue = page.waitForResponse(
      (response) => /\/assets\/de-[\w-]+\.js$/.test(response.url()) && response.ok(),
    );
    await page.goto('/');
    await catalogue;
    await expect(
      page.getByRole('heading', { level: 1, name: 'Einzigartige Routen, einzigartige Momente' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Uniquair - Flüge finden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the airport field names and finds cities by their German names', async ({ page }) => {
    await page.goto('/');
    const from = page.getByRole('combobox', { name: 'Von' }).first();
    await from.fill('Wien');
    await expect(page.getByRole('option').first()).toContainText(/^Wien VIE/);
    await from.press('Enter');
    await expect(from).toHaveValue('Wien (VIE)');
    // The English name finds it too; a city CLDR does not name stays English.
    await from.fill('Vienna');
    await expect(page.getByRole('option').first()).toContainText(/^Wien VIE/);
    await from.fill('Munich');
    await expect(page.getByRole('option').first()).toContainText(/^Munich MUC/);
  });
});

test.describe('in Russian', () => {
  test.use({ locale: 'ru-RU' });

  test('the airport field names and finds cities by their Russian names', async ({ page }) => {
    await page.goto('/');
    const from = page.getByRole('combobox', { name: 'Откуда' }).first();
    await from.fill('Лон');
    await expect(page.getByRole('option').first()).toContainText(/^Лондон LHR/);
    await from.press('Enter');
    await expect(from).toHaveValue('Лондон (LHR)');
  });
});
