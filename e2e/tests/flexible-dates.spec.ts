import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  addDays,
  dailyReturnRoute,
  expectNoAxeViolations,
  loadNetwork,
  longDate,
  today,
} from './search-helpers.ts';

/**
 * The flexible dates on the results page (issue 20): a return trip's 7 × 7 grid of outbound and
 * return days with their prices, a one-way trip's strip of seven days, the cheapest said in
 * words, the arrow keys moving between days, and a tap or Enter searching the chosen pair with
 * the rest of the search (passengers, filters, sort) kept.
 */

/** `Mon, Jan 12`: how the grid names a day in en-US. */
function shortDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** The pair's cell as a screen reader names it: 'Out Mon, Jan 12, back Sun, Jan 18, $246…'. */
function pairCell(page: Page, out: string, back: string) {
  return page
    .getByRole('grid', { name: 'Flexible dates' })
    .getByRole('link', { name: new RegExp(`^Out ${shortDay(out)}, back ${shortDay(back)}, \\$`) });
}

test.describe('flexible dates', () => {
  test('a return search shows 49 pairs; a tap or Enter searches that pair, the rest kept', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 21);
    const comeBack = addDays(departure, 7);
    const path = (from: string, to: string) =>
      `/flights/2/1/0/${out.id}.${from}._/${back.id}.${to}._?sort=cheapest`;

    await page.goto(path(departure, comeBack));
    const grid = page.getByRole('grid', { name: 'Flexible dates' });
    await expect(grid.getByRole('gridcell')).toHaveCount(49);
    // Outbound days across, return days down, three either side of the searched ones.
    await expect(
      grid.getByRole('columnheader', { name: shortDay(addDays(departure, -3)) }),
    ).toBeVisible();
    await expect(
      grid.getByRole('rowheader', { name: shortDay(addDays(comeBack, 3)) }),
    ).toBeVisible();
    // A daily route weeks ahead: every pair has a price; the searched one is marked.
    await expect(grid.getByRole('link')).toHaveCount(49);
    const current = pairCell(page, departure, comeBack);
    await expect(current).toHaveAccessibleName(/, your dates$/);
    // The cheapest pairs say so in words (and in the name a screen reader reads).
    await expect(grid.getByText('Cheapest').first()).toBeVisible();
    await expect(
      grid.getByRole('link', { name: /, Cheapest(, your dates)?$/ }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // A tap on another pair searches it.
    const later = addDays(departure, 2);
    const laterBack = addDays(comeBack, -1);
    await pairCell(page, later, laterBack).click();
    await expect(page).toHaveURL(path(later, laterBack));
    await expect(
      page.getByRole('region', { name: /^Outbound flight/ }).getByText(longDate(later)),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^Return flight/ }).getByText(longDate(laterBack)),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^Return flight/ }).getByText(/^\d+ flights? found$/),
    ).toBeVisible();
    // The grid centres on the new pair.
    await expect(pairCell(page, later, laterBack)).toHaveAccessibleName(/, your dates$/);

    // The keyboard: Tab reaches the searched pair, the arrows move, Enter searches.
    await pairCell(page, later, laterBack).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await expect(pairCell(page, addDays(later, -1), addDays(laterBack, 1))).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(path(addDays(later, -1), addDays(laterBack, 1)));
  });

  test('a one-way search shows the seven days around it; a tap searches that day', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const { out } = dailyReturnRoute(network);
    const departure = addDays(today(), 30);
    await page.goto(`/flights/1/0/0/${out.id}.${departure}._`);
    const strip = page.getByRole('grid', { name: 'Flexible dates' });
    await expect(strip.getByRole('gridcell')).toHaveCount(7);
    await expect(strip.getByRole('link', { name: /, your dates$/ })).toHaveAccessibleName(
      new RegExp(`^${longDate(departure)}, \\$`),
    );
    await expect(strip.getByText('Cheapest').first()).toBeVisible();
    const next = addDays(departure, 1);
    await strip.getByRole('link', { name: new RegExp(`^${longDate(next)}, `) }).click();
    await expect(page).toHaveURL(`/flights/1/0/0/${out.id}.${next}._`);
    await expect(
      page.getByRole('region', { name: /^Outbound flight|^Flight/ }).getByText(longDate(next)),
    ).toBeVisible();
  });

  test('on a phone the grid scrolls sideways inside itself, its return days held in view', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const network = await loadNetwork(request);
    const { out, back } = dailyReturnRoute(network);
    const departure = addDays(today(), 40);
    const comeBack = addDays(departure, 4);
    // With two checked bags per passenger, the grid is priced with them.
    const asked = page.waitForRequest(
      (request) =>
        request.url().includes(`/api/cheapest-price/grid/${out.id}/${back.id}?`) &&
        new URL(request.url()).searchParams.get('bags') === '2',
    );
    await page.goto(`/flights/1/0/0/${out.id}.${departure}._/${back.id}.${comeBack}._?bags=2`);
    await asked;
    const grid = page.getByRole('grid', { name: 'Flexible dates' });
    await expect(grid.getByRole('gridcell')).toHaveCount(49);
    // The page itself does not scroll sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    // Scrolled to its end, the return days stay at the start of the grid's box.
    const header = grid.getByRole('rowheader', { name: shortDay(comeBack) });
    const before = await header.boundingBox();
    await grid.evaluate((table) => {
      (table.parentElement as HTMLElement).scrollLeft = 10_000;
    });
    await expect(pairCell(page, addDays(departure, 3), comeBack)).toBeInViewport();
    const after = await header.boundingBox();
    // (Held at the box's edge: at most the cells' 2 px spacing from where it started.)
    expect(Math.abs((after?.x ?? 100) - (before?.x ?? 0))).toBeLessThanOrEqual(2);
  });
});
