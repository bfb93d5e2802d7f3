import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEVICE_BOOKINGS_KEY } from '../../../lib/device-data.ts';
import { errorBody, json, signedInAs } from '../../../testing/mock-api.ts';
import { priceLine } from '../../../testing/price-lines.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { FLOW_STORAGE_KEY } from '../flow-state.ts';
import {
  mockFlowApi,
  OUTBOUND,
  rememberChosenTrip,
  RETURN,
  TRIP_HASH,
} from '../testing/flow-fixtures.ts';
import { fillAdult, fillContact, setUpFlowTests, TOKEN, valueOf } from '../testing/flow-form.ts';

// Whole-app renders with lazy routes: give the waits room on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

setUpFlowTests();

describe('the booking flow', { timeout: 20_000 }, () => {
  it('says there is nothing to book without a chosen trip', async () => {
    mockFlowApi([OUTBOUND]);
    renderApp('/choose');
    expect(
      await screen.findByText(/There is no trip to book yet/, {}, { timeout: 10_000 }),
    ).toBeDefined();
  });

  it('checks every field of a passenger before going on, in a summary that takes focus', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND]);
    mockFlowApi([OUTBOUND]);
    renderApp('/choose');
    expect(await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 })).toBeDefined();
    const current = screen.getByText('Passengers', { selector: 'li[aria-current="step"] span' });
    expect(current).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('There are 7 problems to fix')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Adult 1, First name: Required')).toBeDefined();
    const firstName = screen.getByLabelText(/^First name/);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-describedby')).toContain('error');

    // Age on the first travel day, and the document valid after the last one.
    await fillAdult(user, document.body);
    await user.clear(screen.getByLabelText(/^Date of birth/));
    await user.type(screen.getByLabelText(/^Date of birth/), '2015-06-01');
    await user.clear(screen.getByLabelText(/^Document expiry date/));
    await user.type(screen.getByLabelText(/^Document expiry date/), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('An adult must be 12 years or older on December 1, 2026', {
        selector: 'p span',
      }),
    ).toBeDefined();
    expect(
      screen.getByText('The document must be valid after December 1, 2026', { selector: 'p span' }),
    ).toBeDefined();
    expect(screen.getByText('Step 1 of 3')).toBeDefined();
  });

  it('goes from passengers to contact, extras and the summary, and books', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND, { ...RETURN, bag: { price: 3_500, maxPerPassenger: 2 } }]);
    let request: Record<string, unknown> | null = null;
    const api = mockFlowApi([OUTBOUND, { ...RETURN, bag: { price: 3_500, maxPerPassenger: 2 } }], {
      'POST /api/booking/create': ({ body }) => {
        request = body as Record<string, unknown>;
        return json({
          success: true,
          pnr: 'K7Q2ZP4',
          deviceToken: TOKEN,
          holdExpiresAt: '2026-11-22T10:15:00Z',
        });
      },
    });
    const { router } = renderApp('/choose');
    expect(await screen.findByText('Step 1 of 4', {}, { timeout: 10_000 })).toBeDefined();
    await fillAdult(user, document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/contact'));
    expect(await screen.findByText('Step 2 of 4', {}, { timeout: 10_000 })).toBeDefined();
    // The booker starts as the first passenger, phone code from their nationality.
    expect(valueOf(screen.getByLabelText(/^First name/))).toBe('Ada');
    expect(valueOf(screen.getByLabelText(/^Country calling code/))).toBe('359');
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/extras'));
    expect(await screen.findByText('This fare does not offer extra bags.')).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Checked bags for Ada Lovelace'), '2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/summary'));
    expect(await screen.findByText('Total to pay: $250.00')).toBeDefined();
    expect(priceLine('Fares')).toBe('$180.00');
    expect(priceLine('Extras')).toBe('$70.00');
    // USD shown and charged: no second line.
    expect(screen.queryByText(/You will be charged/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/K7Q2ZP4/pay'));
    expect(api.calls).toContain('POST /api/booking/create');
    expect(request).toEqual({
      searchHash: TRIP_HASH,
      selections: [
        { destinationIndex: 0, flightId: '101', fareClass: 'Y' },
        { destinationIndex: 1, flightId: '202', fareClass: 'M' },
      ],
      passengers: [
        {
          typeId: 1,
          titleId: 2,
          firstName: 'Ada',
          lastName: 'Lovelace',
          birthDate: '1990-05-17',
          nationality: 'BG',
          documentTypeId: 1,
          documentNumber: 'AB12345',
          documentExpiry: '2030-01-31',
        },
      ],
      booker: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneCode: '359',
        phone: '881234567',
      },
      extras: [{ destinationIndex: 1, passengerIndex: 0, code: 'checked_bag', quantity: 2 }],
      savePassengers: false,
    });
    expect(JSON.parse(window.localStorage.getItem(DEVICE_BOOKINGS_KEY) ?? '[]')).toEqual([
      { pnr: 'K7Q2ZP4', token: TOKEN },
    ]);
    expect(window.sessionStorage.getItem(FLOW_STORAGE_KEY)).toBeNull();
  });

  it('keeps what was entered and the view across a remount (reload)', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND]);
    mockFlowApi([OUTBOUND]);
    const first = renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body, 'Grace');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/choose/contact'));
    await user.type(await screen.findByLabelText(/^E-mail address/), 'grace@example.com');
    first.unmount();

    mockFlowApi([OUTBOUND]);
    renderApp('/choose/contact');
    expect(await screen.findByText('Step 2 of 3', {}, { timeout: 10_000 })).toBeDefined();
    expect(valueOf(screen.getByLabelText(/^E-mail address/))).toBe('grace@example.com');
    await user.click(screen.getByRole('link', { name: 'Passengers' }));
    expect(valueOf(await screen.findByLabelText(/^First name/))).toBe('Grace');
  });

  it('does not skip ahead of a view that is not complete', async () => {
    rememberChosenTrip([OUTBOUND]);
    mockFlowApi([OUTBOUND]);
    const { router } = renderApp('/choose/summary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/passengers'));
  });

  it('offers a signed-in traveller the saved passengers that fit, and fills the form', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND], 1, 1, 0);
    mockFlowApi(
      [OUTBOUND],
      {
        'GET /api/users/current': () =>
          json(
            signedInAs({
              firstName: 'Ada',
              lastName: 'Lovelace',
              email: 'ada@example.com',
              titleId: 2,
            }),
          ),
        'GET /api/booking/passengers': () =>
          json({
            success: true,
            passengers: [
              {
                id: 7,
                passengerTypeId: 1,
                titleId: 1,
                firstName: 'Charles',
                lastName: 'Babbage',
                birthDate: '1971-12-26',
                nationality: 'BG',
                documentTypeId: 2,
                documentNumber: 'ID99887',
                documentExpiry: '2031-03-01',
                lastUsedAt: '2026-10-01T10:00:00Z',
              },
              {
                id: 8,
                passengerTypeId: 2,
                titleId: 5,
                firstName: 'Byron',
                lastName: 'King',
                birthDate: '2018-02-10',
                nationality: 'BG',
                documentTypeId: 1,
                documentNumber: 'PC55555',
                documentExpiry: '2029-01-01',
                lastUsedAt: '2026-10-01T10:00:00Z',
              },
            ],
          }),
      },
      { adults: 1, children: 1 },
    );
    renderApp('/choose');
    const adult = (await screen.findByText('Adult 1', {}, { timeout: 10_000 })).closest(
      'fieldset',
    ) as HTMLElement;
    const child = screen.getByText('Child 1').closest('fieldset') as HTMLElement;
    const adultPicker = await within(adult).findByLabelText(/^Saved passengers/);
    expect(within(adultPicker).queryByText(/Byron/)).toBeNull();
    await user.selectOptions(adultPicker, '7');
    expect(valueOf(within(adult).getByLabelText(/^First name/))).toBe('Charles');
    expect(valueOf(within(adult).getByLabelText(/^Travel document/))).toBe('2');
    expect(valueOf(within(adult).getByLabelText(/^Document number/))).toBe('ID99887');
    const childPicker = within(child).getByLabelText(/^Saved passengers/);
    expect(within(childPicker).queryByText(/Charles/)).toBeNull();
    await user.selectOptions(childPicker, '8');
    expect(valueOf(within(child).getByLabelText(/^Last name/))).toBe('King');
    expect(screen.getByLabelText('Save these passengers to my account')).toBeDefined();
  });

  it('does not show saved passengers to an anonymous visitor', async () => {
    rememberChosenTrip([OUTBOUND]);
    const api = mockFlowApi([OUTBOUND]);
    renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    expect(screen.queryByLabelText(/^Saved passengers/)).toBeNull();
    expect(screen.queryByLabelText('Save these passengers to my account')).toBeNull();
    expect(api.calls).not.toContain('GET /api/booking/passengers');
  });
});

describe('the flow when the search is gone', () => {
  it('searches again after an expired result and says so', async () => {
    rememberChosenTrip([OUTBOUND]);
    let infos = 0;
    mockFlowApi([OUTBOUND], {
      [`GET /api/flight/info/${TRIP_HASH}`]: async () => {
        infos += 1;
        if (infos === 1) return errorBody(410, 'SEARCH_EXPIRED');
        const { flightInfo } = await import('../testing/flow-fixtures.ts');
        return json(flightInfo([OUTBOUND]));
      },
    });
    renderApp('/choose');
    expect(await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 })).toBeDefined();
    expect(infos).toBe(2);
  });
});
