import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/test.ts';
import { bookTrip, payByCard } from './booking-helpers.ts';
import { expectNoAxeViolations } from './search-helpers.ts';

/**
 * "Manage a booking": a refundable fare booked and paid with the sandbox's success card, then
 * cancelled from the booking page — the quote, the confirmation dialog, and the refund's
 * timeline followed until the payment provider has refunded it (docs/booking.md "Cancellation
 * and refunds"), and the credit note downloaded and read (poppler's pdftotext).
 */
test('cancels a paid refundable booking and follows the refund until it is refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { pnr } = await bookTrip(page, request, {
    oneWay: true,
    daysAhead: 27,
    fare: /^Choose .*fare [BY]$/,
  });
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });

  await page.goto(`/bookings/${pnr}`);
  const manage = page.getByRole('region', { name: 'Cancel booking' });
  await manage.getByRole('button', { name: 'See what cancelling gives back' }).click();
  // Booked minutes ago, flying in 27 days: the free window gives everything back.
  await expect(manage.getByText(/you get everything back/)).toBeVisible({ timeout: 30_000 });
  await expect(manage.getByText(/, flight 1 \(fare [BY]\): paid .*, refund /)).toBeVisible();
  const refund = (await manage.getByText(/^You get back: /).textContent())?.replace(
    'You get back: ',
    '',
  );
  expect(refund).toBeTruthy();
  await expectNoAxeViolations(page);

  await manage.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${pnr}?` });
  await expect(
    dialog.getByText(`${refund ?? ''} will be refunded`, { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes, cancel the booking' }).click();

  await expect(page.getByText('This booking has been cancelled.')).toBeVisible({
    timeout: 30_000,
  });
  const timeline = page.getByRole('region', { name: 'Refund' });
  await expect(timeline.getByText(`Refund of ${refund ?? ''}`)).toBeVisible();
  await expect(timeline.getByText('Requested')).toBeVisible();
  // The outbox sends the refund to the gateway; the page asks again until it is refunded.
  await expect(timeline.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(timeline.locator('time')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'See what cancelling gives back' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The refund of the invoice is documented by a credit note that refers to it.
  const documents = page.getByRole('region', { name: 'Invoice' });
  const invoice = /UQ-\d{4}-\d{6}/.exec(
    (await documents.getByText(/^Invoice number:/).textContent()) ?? '',
  )?.[0];
  const creditNote = /UQC-\d{4}-\d{6}/.exec(
    (await documents.getByText(/^Credit note number:/).textContent()) ?? '',
  )?.[0];
  expect(invoice).toBeDefined();
  expect(creditNote).toBeDefined();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: 'Download credit note (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`uniquair-credit-note-${creditNote}.pdf`);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ');
  expect(text).toContain(creditNote);
  expect(text).toContain(`corrects invoice ${invoice}`);
  expect(text).toContain(pnr);
  expect(text).toContain(`−${refund}`);
});
