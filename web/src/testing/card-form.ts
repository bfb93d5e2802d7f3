import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { PAGE_LOAD_MS } from './page-load.ts';

/** What the sandbox gateway answers for a tokenised test card. */
export const TEST_CARD_TOKEN = {
  token: 'tok_abcdefghijklmnop1234',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
} as const;

/** Fills the card form the way a traveller does (inside `container` when given). */
export async function fillCardForm(
  user: ReturnType<typeof userEvent.setup>,
  number = '4242 4242 4242 4242',
  container?: HTMLElement,
): Promise<void> {
  const scope = container ? within(container) : screen;
  await user.type(
    await scope.findByLabelText(/Name on the card/, {}, { timeout: PAGE_LOAD_MS }),
    'Ana Petrova',
  );
  await user.type(scope.getByLabelText(/Card number/), number);
  await user.selectOptions(scope.getByLabelText(/^Month/), '12');
  await user.selectOptions(scope.getByLabelText(/^Year/), '2030');
  await user.type(scope.getByLabelText(/Security code/), '123');
}
