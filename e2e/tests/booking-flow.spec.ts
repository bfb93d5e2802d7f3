import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  bookTrip,
  chooseFlightsAndContinue,
  continueFlow,
  fillContact,
  fillPassenger,
  passengerForm,
  samplePassengers,
  tripResultsPath,
} from './booking-helpers.ts';
import { expectNoAxeViolations } from './search-helpers.ts';

/**
 * The booking flow `/choose/{view}` against the real server: from chosen flights to a created
 * booking on the pay page, by mouse and by keyboard, across a reload, and a signed-in traveller
 * offered the passengers of an earlier booking (issue 5, "the booking flow offers them").
 */

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, limit = 120) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('books a return trip for an adult, a child and an infant, view by view', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const counts = { adults: 1, children: 1, infants: 1 };
  const { path, departure } = await tripResultsPath(request, counts);
  const passengers = samplePassengers(counts, departure);
  await page.goto(path);
  await chooseFlightsAndContinue(page);

  // Passengers: the step indicator, one form per passenger in type order, every field checked.
  await expect(page.getByText(/^Step 1 of [34]$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Passengers/);
  await expect(page.getByRole('group', { name: 'Adult 1' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Child 1' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Infant 1' })).toBeVisible();
  await expectNoAxeViolations(page);
  await continueFlow(page);
  const problems = page.getByRole('alert').filter({ hasText: /problems to fix/ });
  await expect(problems).toBeFocused();
  await expect(problems.getByRole('link', { name: 'Adult 1, First name: Required' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An adult's birth date on the infant's form is refused with the rule in words.
  const [adult, child, infant] = passengers;
  if (!adult || !child || !infant) throw new Error('three passengers expected');
  await fillPassenger(passengerForm(page, 0), adult);
  await fillPassenger(passengerForm(page, 1), child);
  await fillPassenger(passengerForm(page, 2), { ...infant, birthDate: adult.birthDate });
  await continueFlow(page);
  await expect(
    passengerForm(page, 2).getByText(/^An infant must be under 2 years old on /),
  ).toBeVisible();
  await passengerForm(page, 2)
    .getByLabel(/^Date of birth/)
    .fill(infant.birthDate);
  await continueFlow(page);

  // Contact: prefilled from the first passenger; the phone's spaces and dashes are dropped.
  await expect(page).toHaveURL('/choose/contact');
  await expect(page.getByText(/^Step 2 of [34]$/)).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue(adult.firstName);
  await expect(page.getByLabel(/^Country calling code/)).toHaveValue('49');
  await fillContact(page, { email: 'booker@example.com', phone: '30 1234-5678' });
  await expectNoAxeViolations(page);
  await continueFlow(page);

  // Extras, where a chosen fare sells them: a bag for the adult, none offered to the infant.
  await expect(page).toHaveURL(/\/choose\/(extras|summary)$/);
  if (page.url().endsWith('/extras')) {
    await expect(
      page.getByLabel(`Checked bags for ${infant.firstName} ${infant.lastName}`),
    ).toHaveCount(0);
    const bags = page.getByLabel(`Checked bags for ${adult.firstName} ${adult.lastName}`).first();
    if ((await bags.count()) > 0) await bags.selectOption('1');
    await expectNoAxeViolations(page);
    await continueFlow(page);
  }

  // Summary: flights with their fare conditions, passengers, contact, total; then Book.
  await expect(page).toHaveURL('/choose/summary');
  await expect(page.getByRole('heading', { name: 'Flights', exact: true })).toBeVisible();
  await expect(page.getByText(/^Total to pay: \$[\d,.]+$/)).toBeVisible();
  await expect(page.getByText('booker@example.com')).toBeVisible();
  await expect(
    page.getByText(`${adult.firstName} ${adult.lastName}`, { exact: false }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/[A-Z0-9]{7}\/pay$/, { timeout: 30_000 });

  // The booking is remembered on this device and the flow's data is gone.
  const stored = await page.evaluate(() => ({
    device: window.localStorage.getItem('uniquair.bookings.device'),
    flow: window.sessionStorage.getItem('uniquair.search.flow'),
  }));
  const pnr = /\/booking\/([A-Z0-9]{7})\/pay$/.exec(page.url())?.[1];
  expect(JSON.parse(stored.device ?? '[]')).toEqual([
    expect.objectContaining({ pnr, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  ]);
  expect(stored.flow).toBeNull();
});

test('fills the passenger form with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { path, departure } = await tripResultsPath(request, { oneWay: true, daysAhead: 29 });
  const [adult] = samplePassengers({ adults: 1, children: 0, infants: 0 }, departure);
  if (!adult) throw new Error('one passenger expected');
  await page.goto(path);
  await chooseFlightsAndContinue(page);
  await expect(page.getByText(/^Step 1 of [34]$/)).toBeVisible({ timeout: 30_000 });

  const form = passengerForm(page, 0);
  await tabTo(page, form.getByLabel(/^Title/));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/^First name/)).toBeFocused();
  await page.keyboard.type(adult.firstName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(adult.lastName);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/^Date of birth/)).toBeFocused();
  // Chromium's date field reads month, day, year in en-US.
  const [year, month, day] = adult.birthDate.split('-');
  await page.keyboard.type(`${month}${day}${year}`);
  await tabTo(page, form.getByLabel(/^Nationality/), 6);
  await page.keyboard.type('Germany');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/^Travel document/)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(adult.documentNumber);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/^Document expiry date/)).toBeFocused();
  const [ey, em, ed] = adult.documentExpiry.split('-');
  await page.keyboard.type(`${em}${ed}${ey}`);
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }), 6);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/choose/contact');
  await expect(page.getByLabel(/^First name/)).toHaveValue(adult.firstName);
});

test('keeps what was entered and where the traveller was across a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { path, departure } = await tripResultsPath(request, { oneWay: true, daysAhead: 31 });
  const [adult] = samplePassengers({ adults: 1, children: 0, infants: 0 }, departure);
  if (!adult) throw new Error('one passenger expected');
  await page.goto(path);
  await chooseFlightsAndContinue(page);
  await expect(page.getByText(/^Step 1 of [34]$/)).toBeVisible({ timeout: 30_000 });
  await fillPassenger(passengerForm(page, 0), adult);
  await continueFlow(page);
  await expect(page).toHaveURL('/choose/contact');
  await page.getByLabel(/^E-mail address/).fill('reload@example.com');

  await page.reload();
  await expect(page.getByText(/^Step 2 of [34]$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel(/^E-mail address/)).toHaveValue('reload@example.com');
  // Browser back returns to the passengers, as entered.
  await page.goBack();
  await expect(page).toHaveURL(/\/choose(\/passengers)?$/);
  await expect(passengerForm(page, 0).getByLabel(/^Document number/)).toHaveValue(
    adult.documentNumber,
  );
});

test('offers a signed-in traveller the passengers of an earlier booking', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `saved.${Date.now()}@example.com`;
  const password = 'a long enough phrase';

  // An account, confirmed through the e-mailed link (which signs in).
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First name' }).fill('Lin');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Ostrom');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(email);
  await page.goto('/dev/mailbox');
  const mail = page
    .locator(`article[data-to="${email}"]`, { hasText: 'Confirm your e-mail address' })
    .first();
  const href = await mail
    .locator('pre a')
    .evaluateAll((anchors) =>
      anchors
        .map((anchor) => anchor.getAttribute('href') ?? '')
        .find((link) => /\/confirm-email\/[0-9a-f]{40}$/.test(link)),
    );
  expect(href).toBeDefined();
  await page.goto(new URL(href ?? '').pathname);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The first booking, saving its passenger (the default for a signed-in traveller).
  const first = await bookTrip(page, request, { oneWay: true, daysAhead: 25 });
  const [saved] = first.passengers;
  if (!saved) throw new Error('one passenger expected');

  // A second trip: the passenger form offers the saved passenger and fills in every field.
  const { path } = await tripResultsPath(request, { oneWay: true, daysAhead: 32 });
  await page.goto(path);
  await chooseFlightsAndContinue(page);
  await expect(page.getByText(/^Step 1 of [34]$/)).toBeVisible({ timeout: 30_000 });
  const form = passengerForm(page, 0);
  const picker = form.getByLabel(/^Saved passengers/);
  await expect(
    picker.locator('option', { hasText: `${saved.firstName} ${saved.lastName}` }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);
  const option = picker.locator('option', { hasText: `${saved.firstName} ${saved.lastName}` });
  await picker.selectOption((await option.getAttribute('value')) ?? '');
  await expect(form.getByLabel(/^First name/)).toHaveValue(saved.firstName);
  await expect(form.getByLabel(/^Last name/)).toHaveValue(saved.lastName);
  await expect(form.getByLabel(/^Date of birth/)).toHaveValue(saved.birthDate);
  await expect(form.getByLabel(/^Nationality/)).toHaveValue(saved.nationality);
  await expect(form.getByLabel(/^Document number/)).toHaveValue(saved.documentNumber);
  await expect(form.getByLabel(/^Document expiry date/)).toHaveValue(saved.documentExpiry);
  await expect(page.getByLabel('Save these passengers to my account')).toBeChecked();
  await continueFlow(page);
  await expect(page).toHaveURL('/choose/contact');
  await expect(page.getByLabel(/^E-mail address/)).toHaveValue(email);
});
