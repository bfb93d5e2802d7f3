import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { bookTrip, payByCard } from './booking-helpers.ts';
import { expectNoAxeViolations } from './search-helpers.ts';

/**
 * Paying a booking and reading it afterwards, against the real server and its sandbox gateway
 * (docs/payments.md test cards): the success card through to the e-ticket, the 3-D Secure
 * challenge, every decline text with the booking still payable, PayPal approve / cancel /
 * funding failure, access from the same and from another browser, and the card number never
 * reaching our API.
 */

const SUCCESS_CARD = '4242 4242 4242 4242';

/** The card form with the keyboard alone, from the method list to submitting with Enter. */
async function payByCardWithKeyboard(page: Page, number: string) {
  await page.getByRole('radio', { name: /^Card (?!through)/ }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Name on the card/)).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await page.keyboard.type(number.replace(/\s/g, ''));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Month/)).toBeFocused();
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type(String(new Date().getFullYear() + 2));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Security code/)).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
}

/** Fails the test if any request to our API carries `digits` (a card number) anywhere. */
function watchApiForCard(page: Page, digits: string): string[] {
  const leaks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const text = `${request.url()} ${request.postData() ?? ''} ${JSON.stringify(request.headers())}`;
    if (text.replace(/[\s-]/g, '').includes(digits))
      leaks.push(`${request.method()} ${url.pathname}`);
  });
  return leaks;
}

test('pays with the success card, then reads the booking and its e-ticket', async ({
  page,
  request,
  browser,
  allowFailedResource,
}) => {
  test.setTimeout(180_000);
  const leaks = watchApiForCard(page, SUCCESS_CARD.replace(/\s/g, ''));
  const { pnr, passengers } = await bookTrip(page, request, { oneWay: true, daysAhead: 21 });
  await expect(
    page.getByRole('heading', { level: 1, name: `Pay for booking ${pnr}` }),
  ).toBeVisible();
  await expect(page.getByText('Your seats are held for')).toBeVisible();
  await expect(page.getByRole('group', { name: 'How would you like to pay?' })).toBeVisible();
  await expectNoAxeViolations(page);

  await payByCard(page, SUCCESS_CARD);
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your payment' }),
  ).toBeVisible();
  await expect(
    page.getByText('Payment confirmed. Your tickets have been issued and sent by e-mail.'),
  ).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: `View booking ${pnr}` }).click();
  await expect(page).toHaveURL(`/bookings/${pnr}`);
  await expect(
    page.getByText('Your booking is paid and your tickets have been issued.'),
  ).toBeVisible();
  await expect(page.getByText(/^Card, VISA ending in 4242: /)).toBeVisible();
  await expectNoAxeViolations(page);

  const [passenger] = passengers;
  if (!passenger) throw new Error('one passenger expected');
  const ticketLink = page.getByRole('link', { name: /^E-ticket \d{13}: / }).first();
  await ticketLink.click();
  await expect(page).toHaveURL(`/bookings/${pnr}/flight/0/ticket/0`);
  const ticket = page.getByRole('article', { name: 'Electronic ticket' });
  await expect(ticket.getByText(pnr, { exact: true })).toBeVisible();
  await expect(
    ticket.getByText(`${passenger.lastName.toUpperCase()} ${passenger.firstName} (Adult)`),
  ).toBeVisible();
  await expect(ticket.getByText(/^\d{13}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Printed, only the ticket remains: no shell around it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(ticket).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The same browser finds it again after a reload, and on /bookings.
  await page.goto(`/bookings/${pnr}`);
  await page.reload();
  await expect(
    page.getByText('Your booking is paid and your tickets have been issued.'),
  ).toBeVisible();
  await page.goto('/bookings');
  await expect(page.getByText('Displaying bookings stored on your device')).toBeVisible();
  await page.getByRole('link', { name: `Booking ${pnr}` }).click();
  await expect(page).toHaveURL(`/bookings/${pnr}`);

  // Another browser that knows only the PNR sees nothing of it.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  allowFailedResource(`/api/booking/${pnr}/get`);
  await stranger.goto(`/bookings/${pnr}`);
  await expect(stranger.getByText(/This booking is not stored on this device/)).toBeVisible();
  await expect(stranger.getByText(passenger.lastName)).toHaveCount(0);
  await stranger.goto(`/booking/${pnr}/pay`);
  await expect(stranger.getByText(/This booking is not stored on this device/)).toBeVisible();
  await other.close();

  expect(leaks, 'requests to /api carrying the card number').toEqual([]);
});

test('passes the 3-D Secure challenge of its card, paying with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const leaks = watchApiForCard(page, '4000002760003184');
  const { pnr } = await bookTrip(page, request, { oneWay: true, daysAhead: 22 });
  await payByCardWithKeyboard(page, '4000 0027 6000 3184');
  await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });
  await expect(page.getByText(/^Payment confirmed\./)).toBeVisible({ timeout: 30_000 });
  expect(leaks).toEqual([]);
});

const DECLINES = [
  ['4000 0000 0000 0002', 'Your transaction was declined'],
  ['4000 0000 0000 0069', 'Your card has expired'],
  ['4000 0000 0000 9995', 'Your card has insufficient funds'],
  ['4000 0000 0000 9987', 'You have exceeded the limit of your card'],
  ['4000 0000 0000 9979', 'Your transaction was not authorized by your bank'],
  ['4000 0000 0000 0127', 'Your transaction was denied, please double check your card details'],
] as const;

test('says each decline in the spec’s words and keeps the booking payable', async ({
  page,
  request,
  allowFailedResource,
}) => {
  test.setTimeout(180_000);
  const { pnr } = await bookTrip(page, request, { oneWay: true, daysAhead: 23 });
  allowFailedResource(`/api/booking/${pnr}/pay`);
  for (const [card, text] of DECLINES) {
    await payByCard(page, card);
    const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
    await expect(alert.getByText(text, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`/booking/${pnr}/pay`);
  }
  await expectNoAxeViolations(page);
  await page.goto(`/bookings/${pnr}`);
  await expect(page.getByText('Your booking is not paid')).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await payByCard(page, SUCCESS_CARD);
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });
  await expect(page.getByText(/^Payment confirmed\./)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/booking/${pnr}/pay`);
  await expect(page.getByText('This booking is already paid')).toBeVisible();
});

test('PayPal: cancel, funding failure and approval land on their pages', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { pnr } = await bookTrip(page, request, { oneWay: true, daysAhead: 24 });
  const lower = pnr.toLowerCase();
  const payWithPayPal = async (choice: string) => {
    await page.getByRole('radio', { name: /^PayPal / }).check();
    await page.getByRole('button', { name: 'Continue to PayPal' }).click();
    await expect(page.getByRole('button', { name: choice })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: choice }).click();
  };

  await payWithPayPal('Cancel');
  // SPEC §2 fixes lower case for the success page only.
  await expect(page).toHaveURL(new RegExp(`/payment/${pnr}/paypal/denied$`, 'i'), {
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Denied' })).toBeVisible();
  await expect(
    page.getByText('You have aborted your PayPal payment. You can choose another payment method.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Choose another payment method' }).click();
  await expect(page).toHaveURL(`/booking/${pnr}/pay`);

  await payWithPayPal('Funding failure');
  await expect(page).toHaveURL(new RegExp(`/payment/${pnr}/paypal/funding-denied$`, 'i'), {
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Funding denied' })).toBeVisible();
  await expect(
    page.getByText(
      'PayPal denied your payment. We did not charge your account. Please review your PayPal account settings or choose another payment method.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Choose another payment method' }).click();

  await payWithPayPal('Approve payment');
  await expect(page).toHaveURL(`/payment/${lower}/success`, { timeout: 30_000 });
  await expect(page.getByText(/^Payment confirmed\./)).toBeVisible({ timeout: 30_000 });
});
