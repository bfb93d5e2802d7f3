import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  BRITAIN,
  GERMANY,
  initWithCountries,
  mockFlowApi,
  OUTBOUND,
  rememberChosenTrip,
} from '../testing/flow-fixtures.ts';
import { fillAdult, setUpFlowTests, TOKEN, valueOf } from '../testing/flow-form.ts';

// Whole-app renders with lazy routes: give the waits room on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

setUpFlowTests();

/** The flow for one adult, with German and British calling codes on offer besides Bulgaria's. */
function mockFlowWithCountries(onCreate?: (body: Record<string, unknown>) => void) {
  rememberChosenTrip([OUTBOUND]);
  const api = mockFlowApi([OUTBOUND], {
    'POST /api/booking/create': ({ body }) => {
      onCreate?.(body as Record<string, unknown>);
      return json({ success: true, pnr: 'K7Q2ZP4', deviceToken: TOKEN, holdExpiresAt: 'x' });
    },
  });
  api.use({ 'GET /api/data/init': initWithCountries(GERMANY, BRITAIN) });
}

const callingCode = () => valueOf(screen.getByLabelText(/^Country calling code/));
const phoneField = () => screen.getByLabelText(/^Phone number/);

/** From the first step to the contact view: one adult passenger, then the e-mail address. */
async function toContactWithEmail(user: UserEvent) {
  const { router } = renderApp('/choose');
  await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
  await fillAdult(user, document.body);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/choose/contact'));
  await user.type(await screen.findByLabelText(/^E-mail address/), 'ada@example.com');
  return router;
}

describe('the contact’s phone', { timeout: 20_000 }, () => {
  it('takes a number as people write it, lays it out, and books its digits', async () => {
    const user = userEvent.setup();
    let booker: unknown = null;
    mockFlowWithCountries((body) => {
      booker = body.booker;
    });
    const router = await toContactWithEmail(user);
    expect(phoneField().getAttribute('type')).toBe('tel');
    expect(callingCode()).toBe('359');

    // Letters are refused, in words from the catalogue.
    await user.type(phoneField(), '030 CALL ME');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findAllByText(
        /Use digits, spaces, dashes, dots and brackets; \+ and the country code may go first/,
      ),
    ).not.toHaveLength(0);

    // A calling code typed in the number wins: the code field follows, the number is laid out.
    await user.clear(phoneField());
    await user.type(phoneField(), '+49 (30) 123-45.67');
    await user.tab();
    expect(callingCode()).toBe('49');
    expect(valueOf(phoneField())).toBe('030 1234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/summary'));
    expect(await screen.findByText(/\+49 30 1234567/)).toBeDefined();
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/K7Q2ZP4/pay'));
    expect(booker).toMatchObject({ phoneCode: '49', phone: '301234567' });
  });

  it('says when a number is too short for its calling code', async () => {
    const user = userEvent.setup();
    mockFlowWithCountries();
    const router = await toContactWithEmail(user);
    await user.type(phoneField(), '88');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText(/This phone number is too short/)).not.toHaveLength(0);
    expect(router.state.location.pathname).toBe('/choose/contact');
  });

  it('follows the first passenger’s nationality until the traveller picks a code', async () => {
    const user = userEvent.setup();
    mockFlowWithCountries();
    const { router } = renderApp('/choose');
    /** Back to the passengers, another nationality, and on to the contact again. */
    const nationalityOfFirstPassenger = async (code: string) => {
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/choose/passengers'));
      await user.selectOptions(await screen.findByLabelText(/^Nationality/), code);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/choose/contact'));
      await screen.findByLabelText(/^Country calling code/);
    };
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body);
    await user.selectOptions(screen.getByLabelText(/^Nationality/), 'DE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/contact'));
    await screen.findByLabelText(/^Country calling code/);
    expect(callingCode()).toBe('49');
    // Typing elsewhere does not make the pre-filled code a choice.
    await user.type(screen.getByLabelText(/^E-mail address/), 'ada@example.com');

    // Back to the passengers: another nationality, another pre-filled code.
    await nationalityOfFirstPassenger('GB');
    expect(callingCode()).toBe('44');

    // A code the traveller picks stays when the nationality changes again.
    await user.selectOptions(screen.getByLabelText(/^Country calling code/), '359');
    await nationalityOfFirstPassenger('DE');
    expect(callingCode()).toBe('359');
  });
});
