import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { bookTrip } from './booking-helpers.ts';
import { dailyReturnRoute, expectNoAxeViolations, loadNetwork } from './search-helpers.ts';

/**
 * A schedule change as a traveller meets it (docs/schedule-changes.md): a booking is made and
 * paid, the airline retimes its flight through the partner API, the booking page shows the booked
 * and the new times side by side, and the traveller moves to another flight with the keyboard:
 * the page then shows the new flight's tickets.
 */

const TICKET = /^E-ticket (\d{13}): /;

async function payByCard(page: Page) {
  await page.getByRole('radio', { name: /^Card (?!through)/ }).check();
  await page.getByLabel(/^Name on the card/).fill('Ada Lovelace');
  await page.getByLabel(/^Card number/).pressSequentially('4242424242424242');
  await page.getByLabel(/^Month/).selectOption('12');
  await page.getByLabel(/^Year/).selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function ticketNumber(page: Page): Promise<string> {
  const name = await page.getByRole('link', { name: TICKET }).first().textContent();
  const number = TICKET.exec(name ?? '')?.[1];
  if (!number) throw new Error(`no ticket number in "${name}"`);
  return number;
}

test('a retimed flight: old and new times, then another flight with new tickets', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { pnr } = await bookTrip(page, request, { oneWay: true, daysAhead: 26 });
  await payByCard(page);
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });
  await expect(
    page.getByText('Payment confirmed. Your tickets have been issued and sent by e-mail.'),
  ).toBeVisible({ timeout: 30_000 });

  // The booked flight, as the partner API lists it.
  const token = await page.evaluate((wanted) => {
    const kept = JSON.parse(localStorage.getItem('uniquair.bookings.device') ?? '[]') as {
      pnr: string;
      token: string;
    }[];
    return kept.find((entry) => entry.pnr === wanted)?.token ?? '';
  }, pnr);
  const read = await request.get(`/api/booking/${pnr}/get`, {
    headers: { 'x-booking-tokens': token },
  });
  const { booking } = (await read.json()) as {
    booking: { flights: { date: string; segments: { departureUtc: string }[] }[] };
  };
  const leg = booking.flights[0];
  if (!leg) throw new Error('no flight booked');
  const { out } = dailyReturnRoute(await loadNetwork(request));
  const listed = (await (
    await request.get(`/api/airline/flights?route=${out.id}&date=${leg.date}`)
  ).json()) as { flights: { id: number; departureUtc: string; arrivalUtc: string }[] };
  const flight = listed.flights.find((item) => item.departureUtc === leg.segments[0]?.departureUtc);
  if (!flight) throw new Error('the booked flight is not listed');

  const later = (instant: string) => new Date(Date.parse(instant) + 3 * 3_600_000).toISOString();
  const changed = await request.post(`/api/airline/flights/${flight.id}/schedule-change`, {
    data: { departureUtc: later(flight.departureUtc), arrivalUtc: later(flight.arrivalUtc) },
  });
  expect(changed.status()).toBe(200);

  await page.goto(`/bookings/${pnr}`);
  const section = page.getByRole('region', { name: 'Schedule change' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('heading', { name: /has new times$/ })).toBeVisible();
  await expect(section.getByText('Booked', { exact: true })).toBeVisible();
  await expect(section.getByText('New', { exact: true })).toBeVisible();
  await expect(section.getByText(/^Departs /)).toHaveCount(2);
  await expect(section.getByRole('button', { name: 'Accept new time' })).toBeVisible();
  await expectNoAxeViolations(page);
  const before = await ticketNumber(page);

  // Another flight, chosen with the keyboard.
  await section.getByRole('button', { name: 'Choose another flight' }).click();
  const choices = section.getByRole('group', { name: 'Other flights at no extra charge' });
  const first = choices.getByRole('radio').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Confirm this flight' }).press('Enter');

  await expect(section).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: TICKET }).first()).toBeVisible();
  expect(await ticketNumber(page)).not.toBe(before);
});
