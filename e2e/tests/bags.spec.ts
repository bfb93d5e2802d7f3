import { expect, test, type Page } from '@playwright/test';
import {
  continueFlow,
  fillContact,
  fillPassenger,
  passengerForm,
  samplePassengers,
  tripResultsPath,
} from './booking-helpers.ts';

/**
 * "With my bags" (docs/search-experience.md): with one checked bag per passenger, a Q fare (no
 * bag included) shows its fare plus the bag in the results, the booking starts with that bag
 * chosen, and the pay page charges the same total — in US dollars and in euros.
 */

/** The first amount of money in a text ('€123.45 per adult, …' → '€123.45'). */
function firstAmount(text: string): string {
  const match = /[$€]\s?[\d,]+\.\d\d/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return match[0];
}

/** The amount a money text stands for, in minor units ('€1,234.50' → 123450). */
function minorUnits(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

async function chooseCurrency(page: Page, code: 'USD' | 'EUR') {
  if (code === 'USD') return;
  await page.getByRole('button', { name: /^Language and currency: EN, USD$/ }).click();
  const picker = page.getByRole('dialog', { name: 'Language and currency' });
  await picker.getByRole('radio', { name: /\(EUR\)/ }).click();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('button', { name: /^Language and currency: EN, EUR$/ }),
  ).toBeVisible();
}

for (const currency of ['USD', 'EUR'] as const) {
  test(`a Q fare with one bag costs fare + bag in the results and on the pay page (${currency})`, async ({
    page,
    request,
  }) => {
    const { path, departure } = await tripResultsPath(request, { oneWay: true, daysAhead: 200 });
    await page.goto('/');
    await chooseCurrency(page, currency);
    await page.goto(`${path}?bags=1`);
    await expect(page.getByText(/Prices include 1 checked bag per passenger/)).toBeVisible();
    await expect(page.getByText(/^Search complete/).first()).toBeVisible({ timeout: 30_000 });

    // The first flight that still sells fare Q (the cheapest classes sell out first; far ahead
    // most flights still have them).
    const seeFares = page.getByRole('button', { name: /^See fares for the flight/ });
    const count = await seeFares.count();
    const qButton = page.getByRole('button', { name: 'Choose Economy class, fare Q' });
    let fare = null;
    for (let index = 0; index < count && fare === null; index += 1) {
      await seeFares.nth(index).click();
      await expect(page.getByRole('button', { name: /^Hide fares for/ })).toHaveCount(1);
      if ((await qButton.count()) > 0) {
        fare = page
          .getByRole('list', { name: 'Fares' })
          .getByRole('listitem')
          .filter({ has: qButton });
      } else {
        await page.getByRole('button', { name: /^Hide fares for/ }).click();
      }
    }
    if (fare === null) throw new Error('no flight sells fare Q');

    // The all-in price, and its breakdown on hover: the fare and one bag of the fare rules.
    const price = fare.getByRole('button', { name: /per adult/ });
    const allIn = firstAmount(await price.innerText());
    await price.hover();
    const tip = fare.getByRole('tooltip');
    await expect(tip).toBeVisible();
    const breakdown = await tip.innerText();
    expect(breakdown).toMatch(/^Fare [$€][\d,.]+ \+ 1 bag [$€][\d,.]+$/);
    const [fareText, bagText] = breakdown.match(/[$€][\d,]+\.\d\d/g) ?? [];
    if (currency === 'USD') expect(bagText).toBe('$35.00');
    // Each part is converted on its own: they add up to the all-in price within a cent each.
    expect(
      Math.abs(minorUnits(fareText ?? '') + minorUnits(bagText ?? '') - minorUnits(allIn)),
    ).toBeLessThanOrEqual(1);
    // The keyboard reaches it too, and a screen reader hears it as the price's description.
    await expect(price).toHaveAttribute('aria-describedby', /.+/);

    await fare.getByRole('button', { name: 'Choose Economy class, fare Q' }).click();
    await page
      .getByRole('region', { name: 'Your trip' })
      .getByRole('link', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL(/\/choose$/);

    await expect(page.getByText(/^Step 1 of \d$/)).toBeVisible({ timeout: 30_000 });
    const [passenger] = samplePassengers({ adults: 1, children: 0, infants: 0 }, departure);
    if (!passenger) throw new Error('no passenger');
    await fillPassenger(passengerForm(page, 0), passenger);
    await continueFlow(page);
    await expect(page).toHaveURL('/choose/contact');
    await fillContact(page, {
      email: `bags-${Date.now().toString(36)}@example.com`,
      phoneCode: '49',
      phone: '30 1234-5678',
    });
    await continueFlow(page);

    // The bag searched with is already chosen.
    await expect(page).toHaveURL('/choose/extras');
    await expect(page.getByLabel(/^Checked bags for/)).toHaveValue('1');
    await continueFlow(page);
    await expect(page).toHaveURL('/choose/summary');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/[A-Z0-9]{7}\/pay$/, { timeout: 30_000 });

    // What the results showed is what is charged.
    await expect(page.getByText(/^Total: /)).toHaveText(`Total: ${allIn}`);
  });
}
