import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { fixDateAt } from '../../../testing/fixed-date.ts';

/** The day the flow tests run on (travel dates and ages are counted from it). */
export const NOW = new Date('2026-11-22T10:00:00Z');

/** A device token of a created booking. */
export const TOKEN = 'T'.repeat(43);

/** Every flow test runs on {@link NOW} and starts with no flow state in the session. */
export function setUpFlowTests(): void {
  fixDateAt(NOW);
  afterEach(() => {
    window.sessionStorage.clear();
  });
}

/** The value of a text field or a select. */
export function valueOf(element: HTMLElement): string {
  return (element as HTMLInputElement | HTMLSelectElement).value;
}

/** Fills the passenger form of an adult with valid data. */
export async function fillAdult(user: UserEvent, form: HTMLElement, name = 'Ada') {
  await user.selectOptions(within(form).getByLabelText(/^Title/), 'Mrs.');
  await user.type(within(form).getByLabelText(/^First name/), name);
  await user.type(within(form).getByLabelText(/^Last name/), 'Lovelace');
  await user.type(within(form).getByLabelText(/^Date of birth/), '1990-05-17');
  await user.selectOptions(within(form).getByLabelText(/^Nationality/), 'BG');
  await user.type(within(form).getByLabelText(/^Document number/), 'AB12345');
  await user.type(within(form).getByLabelText(/^Document expiry date/), '2030-01-31');
}

/** Fills the contact view's e-mail address and phone number. */
export async function fillContact(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^E-mail address/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Phone number/), '88 123-4567');
}

/** From the first step to the summary: one adult passenger, then the contact. */
export async function fillUpToSummary(user: UserEvent) {
  await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
  await fillAdult(user, document.body);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await fillContact(user);
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
}

/** From the first step to the booking's answer: fills every step, then presses Book. */
export async function bookOneAdult(user: UserEvent) {
  await fillUpToSummary(user);
  await user.click(await screen.findByRole('button', { name: 'Book' }));
}
