import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures/test.ts';
import { addDays, dailyReturnRoute, loadNetwork, today } from './search-helpers.ts';

/**
 * From a search to a created booking through the booking flow (`/choose/…`), for every journey
 * that needs a booking to work on (paying it, reading it). The flow's screens are driven the way
 * a traveller does: results → fares → Continue → passengers → contact → (extras) → summary →
 * Book, which lands on `/booking/{pnr}/pay`.
 */

export interface PassengerDetails {
  readonly title?: string;
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD. */
  readonly birthDate: string;
  /** ISO country code of the nationality (the select's value). */
  readonly nationality: string;
  readonly documentType?: 'Passport' | 'National identity card';
  readonly documentNumber: string;
  /** YYYY-MM-DD. */
  readonly documentExpiry: string;
}

export interface ContactDetails {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly email: string;
  /** Calling code digits, e.g. '49' (the select's value). */
  readonly phoneCode?: string;
  readonly phone: string;
}

export interface BookTripOptions {
  /** Default 1 adult. Children (2–11) and infants (under 2) get ages to match. */
  readonly adults?: number;
  readonly children?: number;
  readonly infants?: number;
  /** A return trip (default) or one way. */
  readonly oneWay?: boolean;
  /**
   * Days from today to the departure (default 20); the return is a week later. Journeys run side
   * by side and their bookings take seats: a journey that books gives its own day, so that no
   * other one sells the class it chose between its results page and its booking.
   */
  readonly daysAhead?: number;
  /** Details per passenger in form order (adults, children, infants); defaults are made up. */
  readonly passengers?: readonly PassengerDetails[];
  readonly contact?: ContactDetails;
  /** The name of the fare button to choose on every leg (default: the first, cheapest one). */
  readonly fare?: RegExp;
  /** A results page of one's own (default: a daily route and its way back, `tripResultsPath`). */
  readonly results?: { readonly path: string; readonly departure: string };
}

export interface BookedTrip {
  readonly pnr: string;
  /** The results path the trip was chosen on. */
  readonly resultsPath: string;
  readonly passengers: readonly PassengerDetails[];
  readonly contact: ContactDetails;
}

const NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Niklaus',
  'Radia',
];

function yearsBefore(date: string, years: number): string {
  const [year, rest] = [Number(date.slice(0, 4)), date.slice(4)];
  return `${year - years}${rest === '-02-29' ? '-02-28' : rest}`;
}

/** Made-up passengers of the given counts, valid for a trip starting on `departure`. */
export function samplePassengers(
  counts: { adults: number; children: number; infants: number },
  departure: string,
): PassengerDetails[] {
  const make = (index: number, age: number, title: string): PassengerDetails => ({
    title,
    firstName: NAMES[index % NAMES.length] ?? 'Ada',
    lastName: 'Tester',
    birthDate: addDays(yearsBefore(departure, age), -30),
    nationality: 'DE',
    documentType: 'Passport',
    documentNumber: `C0${String(index).padStart(2, '0')}X4Y7Z`,
    documentExpiry: addDays(departure, 3 * 365),
  });
  let index = 0;
  return [
    ...Array.from({ length: counts.adults }, () => make(index++, 35, index % 2 ? 'Mrs.' : 'Mr.')),
    ...Array.from({ length: counts.children }, () => make(index++, 7, 'Child')),
    ...Array.from({ length: counts.infants }, () => make(index++, 1, 'Infant')),
  ];
}

/** The results page of a trip on a route flown daily with a route back. */
export async function tripResultsPath(
  request: APIRequestContext,
  options: Pick<BookTripOptions, 'adults' | 'children' | 'infants' | 'oneWay' | 'daysAhead'> = {},
): Promise<{ path: string; departure: string }> {
  const network = await loadNetwork(request);
  const { out, back } = dailyReturnRoute(network);
  const departure = addDays(today(), options.daysAhead ?? 20);
  const legs = [`${out.id}.${departure}._`];
  if (!options.oneWay) legs.push(`${back.id}.${addDays(departure, 7)}._`);
  const counts = `${options.adults ?? 1}/${options.children ?? 0}/${options.infants ?? 0}`;
  return { path: `/flights/${counts}/${legs.join('/')}`, departure };
}

/** On a results page: the first bookable fare of every leg, then Continue into the flow. */
export async function chooseFlightsAndContinue(page: Page, fare: RegExp = /^Choose /) {
  // Each leg is a region (a section named by its heading) with its flights' fare buttons; the
  // page's own region holds them all, and the trip bar too. Wait until every leg is searched.
  await expect(page.getByText(/^Search complete/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Searching for flights…')).toHaveCount(0);
  const headings = await page
    .locator('section[aria-labelledby]')
    .filter({ has: page.getByRole('button', { name: /^See fares for the flight/ }) })
    .filter({ hasNot: page.getByRole('region', { name: 'Your trip' }) })
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-labelledby')));
  expect(headings.length).toBeGreaterThan(0);
  for (const heading of headings) {
    const leg = page.locator(`section[aria-labelledby="${heading}"]`);
    await leg
      .getByRole('button', { name: /^See fares for the flight/ })
      .first()
      .click();
    await leg.getByRole('button', { name: fare }).first().click();
    await expect(leg.getByText(/^Chosen: /)).toBeVisible();
  }
  await page
    .getByRole('region', { name: 'Your trip' })
    .getByRole('link', { name: 'Continue' })
    .click();
  await expect(page).toHaveURL(/\/choose$/);
}

/** The form of the n-th passenger (0-based), by its legend ('Adult 1', 'Child 1', …). */
export function passengerForm(page: Page, index: number): Locator {
  return page.locator('form fieldset').nth(index);
}

export async function fillPassenger(form: Locator, details: PassengerDetails) {
  const title = form.getByLabel(/^Title/);
  if (details.title && (await title.isEnabled()))
    await title.selectOption({ label: details.title });
  await form.getByLabel(/^First name/).fill(details.firstName);
  await form.getByLabel(/^Last name/).fill(details.lastName);
  await form.getByLabel(/^Date of birth/).fill(details.birthDate);
  await form.getByLabel(/^Nationality/).selectOption(details.nationality);
  await form
    .getByLabel(/^Travel document/)
    .selectOption({ label: details.documentType ?? 'Passport' });
  await form.getByLabel(/^Document number/).fill(details.documentNumber);
  await form.getByLabel(/^Document expiry date/).fill(details.documentExpiry);
}

export async function fillContact(page: Page, contact: ContactDetails) {
  if (contact.firstName) await page.getByLabel(/^First name/).fill(contact.firstName);
  if (contact.lastName) await page.getByLabel(/^Last name/).fill(contact.lastName);
  await page.getByLabel(/^E-mail address/).fill(contact.email);
  if (contact.phoneCode)
    await page.getByLabel(/^Country calling code/).selectOption(contact.phoneCode);
  await page.getByLabel(/^Phone number/).fill(contact.phone);
}

/** The flow's Continue button (each view's submit). */
export async function continueFlow(page: Page) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/**
 * From the results page of a new trip to a created booking; returns its PNR. The page ends on
 * `/booking/{pnr}/pay`.
 */
export async function bookTrip(
  page: Page,
  request: APIRequestContext,
  options: BookTripOptions = {},
): Promise<BookedTrip> {
  const counts = {
    adults: options.adults ?? 1,
    children: options.children ?? 0,
    infants: options.infants ?? 0,
  };
  const { path, departure } = options.results ?? (await tripResultsPath(request, options));
  const passengers = options.passengers ?? samplePassengers(counts, departure);
  const contact = options.contact ?? {
    email: `booker-${Date.now().toString(36)}@example.com`,
    phoneCode: '49',
    phone: '30 1234-5678',
  };

  await page.goto(path);
  await chooseFlightsAndContinue(page, options.fare);

  await expect(page.getByText(/^Step 1 of \d$/)).toBeVisible({ timeout: 30_000 });
  for (const [index, details] of passengers.entries()) {
    await fillPassenger(passengerForm(page, index), details);
  }
  await continueFlow(page);

  await expect(page).toHaveURL('/choose/contact');
  await fillContact(page, contact);
  await continueFlow(page);

  await expect(page).toHaveURL(/\/choose\/(extras|summary)$/);
  if (page.url().endsWith('/extras')) {
    await continueFlow(page);
    await expect(page).toHaveURL('/choose/summary');
  }
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/[A-Z0-9]{7}\/pay$/, { timeout: 30_000 });
  const pnr = /\/booking\/([A-Z0-9]{7})\/pay$/.exec(page.url())?.[1];
  if (!pnr) throw new Error(`no PNR in ${page.url()}`);
  return { pnr, resultsPath: path, passengers, contact };
}

/** The pay page's card form, filled the way a traveller does (the sandbox's test cards). */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel(/^Name on the card/).fill('Ada Lovelace');
  const field = page.getByLabel(/^Card number/);
  await field.fill('');
  await field.pressSequentially(number.replace(/\s/g, ''));
  await page.getByLabel(/^Month/).selectOption('12');
  await page.getByLabel(/^Year/).selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel(/^Security code/).fill('123');
}

/** Pays on the pay page by card. */
export async function payByCard(page: Page, number: string) {
  await page.getByRole('radio', { name: /^Card (?!through)/ }).check();
  await fillCard(page, number);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * On the pay page: pays with a card of the sandbox gateway (docs/payments.md test cards) and
 * waits for the success page.
 */
export async function payWithCard(page: Page, pnr: string, number = '4242424242424242') {
  await payByCard(page, number);
  await expect(page).toHaveURL(`/payment/${pnr.toLowerCase()}/success`, { timeout: 30_000 });
}
