import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { bookTrip, payByCard } from './booking-helpers.ts';
import {
  addDays,
  dailyReturnRoute,
  expectNoAxeViolations,
  loadNetwork,
  searchOneWay,
  today,
} from './search-helpers.ts';

/**
 * A voluntary flight change as a traveller makes it (docs/flight-changes.md): a changeable fare is
 * booked and paid, the booking page offers the route's other flights of the week with what each
 * costs, the traveller picks one that costs something and pays the difference by card on the
 * booking page itself: the flight, its tickets and the list of changes follow.
 */

const TICKET = /^E-ticket (\d{13}): /;

async function ticketNumbers(page: Page): Promise<string[]> {
  const names = await page.getByRole('link', { name: TICKET }).allTextContents();
  return names.map((name) => TICKET.exec(name)?.[1] ?? '');
}

/** The first day from `from` days ahead whose first flight of the journeys' route sells `letter`. */
async function dayWithFare(request: APIRequestContext, letter: string, from: number) {
  const { out } = dailyReturnRoute(await loadNetwork(request));
  for (let days = from; days < from + 60; days += 1) {
    const result = await searchOneWay(request, out.id, addDays(today(), days));
    const fares = result.results[0]?.flights[0]?.fareClasses ?? [];
    if (fares.some((fare) => fare.letter === letter)) return days;
  }
  throw new Error(`no day sells fare ${letter}`);
}

test('a voluntary change paying the difference by card', async ({ page, request }) => {
  test.setTimeout(240_000);
  // Fare M carries a change fee, so every change of it costs something to pay by card.
  const { pnr } = await bookTrip(page, request, {
    oneWay: true,
    daysAhead: await dayWithFare(request, 'M', 33),
    fare: /^Choose .*fare M$/,
  });
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });

  await page.goto(`/bookings/${pnr}`);
  await expect(page.getByRole('link', { name: TICKET }).first()).toBeVisible({ timeout: 60_000 });
  const before = await ticketNumbers(page);
  const change = page.getByRole('region', { name: 'Change a flight' });
  await change.getByRole('button', { name: /^Change flight / }).click();
  const options = change.getByRole('group', { name: 'Flights you can change to' });
  await expect(options.getByRole('radio').first()).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);

  // The first flight that costs something: its fee and fare difference are said in words.
  const costing = options.getByRole('radio', { name: /To pay: / }).first();
  await expect(costing).toBeVisible();
  const label = (await costing.evaluate((input) => input.closest('label')?.textContent)) ?? '';
  const flightNumber = /^(\S+):/.exec(label)?.[1];
  // "To pay: $125.00 (change fee …)" or, a cheaper day on this fare, "To pay: $75.00, the change fee."
  const amount = /To pay: (.+?)(?: \(change fee|, the change fee)/.exec(label)?.[1];
  expect(flightNumber).toBeTruthy();
  expect(amount).toBeTruthy();
  // The keyboard chooses as a mouse does.
  await costing.focus();
  await page.keyboard.press('Space');
  await expect(costing).toBeChecked();
  await change.getByRole('button', { name: 'Choose this flight' }).click();

  const payment = change.getByRole('group', { name: 'Pay for your flight change' });
  await expect(
    payment.getByText(`Pay ${amount ?? ''} to confirm the change to flight ${flightNumber ?? ''}`),
  ).toBeVisible({ timeout: 30_000 });
  await expect(payment.getByText('Your seats are held for')).toBeVisible();
  await expectNoAxeViolations(page);
  await payByCard(page, '4242 4242 4242 4242');

  await expect(
    change.getByText(new RegExp(`^Changed to flight ${flightNumber ?? ''}, class `)),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('group', { name: 'Pay for your flight change' })).toHaveCount(0);
  // The leg's tickets were re-issued; the trip shows the new flight.
  await expect
    .poll(async () => (await ticketNumbers(page)).join(), { timeout: 30_000 })
    .not.toBe(before.join());
  await expect(
    page
      .getByRole('region', { name: 'Flights', exact: true })
      .getByText(flightNumber ?? '', { exact: false }),
  ).toBeVisible();
  // Two card payments now: the booking and its change.
  await expectNoAxeViolations(page);
});
