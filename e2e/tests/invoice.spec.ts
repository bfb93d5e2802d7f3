import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test.ts';
import { bookTrip, payWithCard } from './booking-helpers.ts';

/**
 * The invoice of a paid booking (docs/invoices.md): booked and paid in the browser, then
 * downloaded from the booking page; the PDF's text (poppler's pdftotext) names the booking, its
 * total and the invoice number the page shows.
 */
test('downloads the invoice of a paid booking from the booking page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { pnr } = await bookTrip(page, request, { oneWay: true, daysAhead: 23 });
  await payWithCard(page, pnr);

  await page.goto(`/bookings/${pnr}`);
  const invoice = page.getByRole('region', { name: 'Invoice' });
  await expect(invoice.getByText(/^Invoice number: UQ-\d{4}-\d{6}$/)).toBeVisible({
    timeout: 30_000,
  });
  const number = /UQ-\d{4}-\d{6}/.exec(
    (await invoice.getByText(/^Invoice number:/).textContent()) ?? '',
  )?.[0];
  expect(number).toBeDefined();
  const total = /^Total: (.+)$/.exec(
    (await page
      .getByText(/^Total: /)
      .first()
      .textContent()) ?? '',
  )?.[1];
  expect(total).toBeDefined();

  const button = invoice.getByRole('button', { name: 'Download invoice (PDF)' });
  await button.focus();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toBe(`uniquair-invoice-${number}.pdf`);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ');
  expect(text).toContain(pnr);
  expect(text).toContain(number);
  expect(text).toContain(total);
  await expect(invoice.getByRole('alert')).toHaveCount(0);
});
