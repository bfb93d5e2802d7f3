import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  addDays,
  cityOf,
  dailyReturnRoute,
  expectNoAxeViolations,
  loadNetwork,
  today,
  usDate,
} from './search-helpers.ts';

/**
 * The whole search journey with the keyboard alone (WCAG 2.1.1), the nearest airport from the
 * browser's location, and the airline-partner page.
 */

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('with the keyboard alone', () => {
  test('searches a return trip, chooses both flights, reviews the basket and continues', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 18);
    const from = cityOf(network, out.from);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The best match of what is typed is highlighted: Enter picks it.
    await tabTo(page, page.getByRole('combobox', { name: 'From' }));
    await page.keyboard.type(out.from);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(`${from} (${out.from})`);

    // Focusing "To" lists the destinations flown from there, cheapest first.
    await tabTo(page, page.getByRole('combobox', { name: 'To' }));
    await expect(page.getByText(`Flights from ${from}, cheapest first`).first()).toBeVisible();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.type(out.to);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(
      `${cityOf(network, out.to)} (${out.to})`,
    );

    // The departure calendar opens by itself; Escape leaves it to type the date instead.
    const departureCalendar = page.getByRole('dialog', { name: 'Departure' });
    await expect(departureCalendar.getByRole('grid').locator(':focus').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(departureCalendar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open the calendar: Departure' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('textbox', { name: 'Departure' })).toBeFocused();
    await page.keyboard.type(usDate(departure));
    // The return day from the price calendar: open it, move a week on, pick.
    await tabTo(page, page.getByRole('button', { name: 'Open the calendar: Return' }));
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Return' });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('grid').locator(':focus')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open the calendar: Return' })).toBeFocused();
    const comeBack = addDays(departure, 7);
    await expect(page.getByRole('textbox', { name: 'Return' })).toHaveValue(usDate(comeBack));

    await tabTo(page, page.getByRole('button', { name: 'Search flights' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      `/flights/1/0/0/${out.id}.${departure}._/${back.id}.${comeBack}._`,
    );

    for (const name of ['Outbound flight', 'Return flight']) {
      const leg = page.getByRole('region', { name: new RegExp(`^${name}: `) });
      const toggle = leg.getByRole('button', { name: /^See fares for the flight/ }).first();
      await expect(toggle).toBeVisible();
      await tabTo(page, toggle);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(leg.getByRole('button', { name: /^Choose / }).first()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(leg.getByText(/^Chosen: /)).toBeVisible();
      await expect(leg.getByRole('button', { name: /^Change fare for the flight/ })).toBeFocused();
    }

    await tabTo(page, page.getByRole('link', { name: 'Review your trip' }));
    await page.keyboard.press('Enter');
    const basket = page.getByRole('dialog', { name: 'Basket' });
    await expect(basket.getByText(/^Total \$[\d,.]+ for 1 seat$/)).toBeVisible();
    await tabTo(page, basket.getByRole('link', { name: 'Continue to booking' }), 20);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/choose');
  });

  test('edits the search in place from the results page', async ({ page, request }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 22);
    await page.goto(
      `/flights/1/0/0/${out.id}.${departure}._/${back.id}.${addDays(departure, 3)}._`,
    );
    await tabTo(page, page.getByRole('link', { name: 'Edit search' }));
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Edit search' });
    await expect(editor.getByRole('radio', { name: 'Return' })).toBeChecked();
    await expect(editor.getByRole('textbox', { name: 'Departure' })).toHaveValue(usDate(departure));
    await expectNoAxeViolations(page);
    // One more adult, then search: the same legs for two.
    await tabTo(page, editor.getByRole('button', { name: 'One more adult' }), 40);
    await page.keyboard.press('Enter');
    await tabTo(page, editor.getByRole('button', { name: 'Search flights' }), 20);
    await page.keyboard.press('Enter');
    await expect(editor).toBeHidden();
    await expect(page).toHaveURL(
      `/flights/2/0/0/${out.id}.${departure}._/${back.id}.${addDays(departure, 3)}._`,
    );
  });
});

test.describe('nearest airport', () => {
  test.use({ permissions: ['geolocation'] });

  test('starts from the airport nearest to the traveller and shows its offers', async ({
    page,
    context,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out } = dailyReturnRoute(network);
    const airport = network.airports.find((entry) => entry.id === out.from);
    if (!airport) throw new Error('no airport');
    await context.setGeolocation({ latitude: airport.lat + 0.05, longitude: airport.lon + 0.05 });
    await page.goto('/');
    const city = cityOf(network, airport.id);
    await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(
      `${city} (${airport.id})`,
    );
    await expect(
      page.getByText(new RegExp(`^Nearest airport: .*\\(${airport.id}\\), \\d+ km away\\.$`)),
    ).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lat')?.value).toBe(
      (airport.lat + 0.05).toFixed(2),
    );
    expect(cookies.find((cookie) => cookie.name === 'long')?.value).toBe(
      (airport.lon + 0.05).toFixed(2),
    );

    const offers = page.getByRole('region', { name: `Cheapest flights from ${city}` });
    const first = offers.getByRole('link').first();
    await expect(first).toBeVisible();
    await expect(first).toContainText(/from \$\d+/);
    await expectNoAxeViolations(page);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`^.*/flights/1/0/0/\\d+\\.\\d{4}-\\d{2}-\\d{2}\\._$`));
    await expect(page.getByText(/^\d+ flights? found$/)).toBeVisible();
  });
});

test.describe('airline partners', () => {
  test('the page titled not for passengers lists a route’s flights and their load', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out } = dailyReturnRoute(network);
    await page.goto('/airlines/flights/search');
    await expect(page).toHaveTitle('Uniquair - not for passengers');
    for (const [label, code] of [
      ['From', out.from],
      ['To', out.to],
    ] as const) {
      await page.getByRole('combobox', { name: label }).fill(code);
      await page
        .getByRole('option', { name: new RegExp(`\\b${code}\\b`) })
        .first()
        .click();
    }
    await page.getByRole('button', { name: /^Day of departure/ }).click();
    // The day the calendar starts on (today), with Enter.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Show flights' }).click();
    const results = page.getByRole('region', {
      name: new RegExp(
        `^Flights from ${cityOf(network, out.from)} to ${cityOf(network, out.to)} on `,
      ),
    });
    await expect(results.getByRole('table').first()).toBeVisible();
    await expect(results.getByRole('table').first()).toHaveAccessibleName(/load factor \d+%/);
    await expect(results.getByRole('columnheader', { name: 'Fare class' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
