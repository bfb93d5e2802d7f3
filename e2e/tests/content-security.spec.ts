import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { signedInAccount } from './account-helpers.ts';
import { bookTrip } from './booking-helpers.ts';

/**
 * The Content-Security-Policy holds on the built app in Chromium (`style-src 'self'`, no
 * `'unsafe-inline'`): no page breaks a rule while it is used. React's `style` props go through
 * the CSSOM and are allowed; `style="…"` in HTML, `<style>` elements added at run time and
 * libraries that inject styles are not. Every violation is collected from the
 * `securitypolicyviolation` events (the console errors are checked for every test as well).
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  return () => page.evaluate(() => window.__cspViolations ?? []);
}

test('the home, results, booking, pay and account pages keep the Content-Security-Policy', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const violations = await collectViolations(page);
  const seen: string[] = [];
  const visit = async (label: string) => {
    for (const violation of await violations()) seen.push(`${label}: ${violation}`);
  };

  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("style-src 'self';");
  expect(policy).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await visit('home');

  // Results, the booking flow and the pay page.
  const { pnr } = await bookTrip(page, request, { daysAhead: 36 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await visit('booking flow and pay page');

  await page.goto(`/bookings/${pnr}`);
  await expect(page.getByText(pnr).first()).toBeVisible({ timeout: 15_000 });
  await visit('booking page');

  await signedInAccount(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await visit('account');

  expect(seen).toEqual([]);
});

test('the payment success page thanks nobody for a booking this browser cannot open', async ({
  page,
  allowFailedResource,
}) => {
  allowFailedResource('/api/booking/ZZZZZZ9/get');
  await page.goto('/payment/zzzzzz9/success');
  await expect(page.getByText(/This booking is not stored on this device/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking ZZZZZZ9');
  await expect(page.getByText('Thank you for your payment')).toHaveCount(0);
});
