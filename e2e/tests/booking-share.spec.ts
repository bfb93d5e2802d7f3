import { expect, test } from '../fixtures/test.ts';
import { bookTrip } from './booking-helpers.ts';

/**
 * Sharing a booking (docs/booking-pages.md): the traveller confirms a booking, creates a share
 * link on the booking page, and someone else opens it in a browser of their own (a fresh
 * context: no device token, no session). They see the flights and the names, never a document
 * number or the contact's e-mail; once sharing stops the link no longer works.
 */
test('shares a confirmed booking with a fresh browser, names and flights only', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const trip = await bookTrip(page, request, { oneWay: true, daysAhead: 26 });
  await page.getByRole('radio', { name: /Pay the airline directly/ }).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(/The payment is due to the airline/).first()).toBeVisible({
    timeout: 30_000,
  });

  await page.goto(`/bookings/${trip.pnr}`);
  const share = page.getByRole('region', { name: 'Share the trip' });
  await share.getByRole('button', { name: 'Create a share link' }).click();
  const field = share.getByRole('textbox', { name: 'Share link' });
  await expect(field).toHaveValue(/\/shared-booking\/[0-9a-f]{40}$/);
  const link = await field.inputValue();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: 'Shared trip' })).toBeVisible({
      timeout: 30_000,
    });
    const passenger = trip.passengers[0];
    if (!passenger) throw new Error('no passenger');
    await expect(
      other
        .getByRole('listitem')
        .filter({ hasText: `${passenger.firstName} ${passenger.lastName}` }),
    ).toBeVisible();
    await expect(other.getByRole('heading', { name: /^Flight 1: / })).toBeVisible();
    const text = await other.locator('body').innerText();
    expect(text).not.toContain(passenger.documentNumber);
    expect(text).not.toContain(trip.contact.email);
    expect(text).not.toContain(trip.pnr);
    // Readable on a phone: nothing wider than the screen.
    const overflow = await other.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await share.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(share.getByText('Sharing stopped: the link no longer works.')).toBeVisible();
    await other.reload();
    await expect(other.getByRole('alert')).toHaveText(
      'This shared booking link does not work: it may have been stopped by the traveller.',
      { timeout: 30_000 },
    );
  } finally {
    await context.close();
  }
});
