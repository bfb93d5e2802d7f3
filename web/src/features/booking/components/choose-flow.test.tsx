import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_BOOKINGS_KEY } from '../../../lib/device-data.ts';
import { errorBody, json, type ApiHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { FLOW_STORAGE_KEY } from '../flow-state.ts';
import {
  mockFlowApi,
  OUTBOUND,
  rememberChosenTrip,
  RETURN,
  TRIP_HASH,
} from '../testing/flow-fixtures.ts';

// Whole-app renders with lazy routes: give the waits room on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const NOW = new Date('2026-11-22T10:00:00Z');
const TOKEN = 'T'.repeat(43);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

/** The value of a text field or a select. */
function valueOf(element: HTMLElement): string {
  return (element as HTMLInputElement | HTMLSelectElement).value;
}

async function fillAdult(user: UserEvent, form: HTMLElement, name = 'Ada') {
  await user.selectOptions(within(form).getByLabelText(/^Title/), 'Mrs.');
  await user.type(within(form).getByLabelText(/^First name/), name);
  await user.type(within(form).getByLabelText(/^Last name/), 'Lovelace');
  await user.type(within(form).getByLabelText(/^Date of birth/), '1990-05-17');
  await user.selectOptions(within(form).getByLabelText(/^Nationality/), 'BG');
  await user.type(within(form).getByLabelText(/^Document number/), 'AB12345');
  await user.type(within(form).getByLabelText(/^Document expiry date/), '2030-01-31');
}

async function fillContact(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^E-mail address/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Phone number/), '88 123-4567');
}

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
    expect(screen.getByText('Including extras: $70.00')).toBeDefined();
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

  it('says a flight is sold out since the search, with the way back to the results', async () => {
    rememberChosenTrip([OUTBOUND, RETURN]);
    mockFlowApi([OUTBOUND, { ...RETURN, fare: { ...RETURN.fare, seatsLeft: 0 } }]);
    renderApp('/choose');
    expect(await screen.findByText('A flight is no longer available')).toBeDefined();
    expect(screen.getByText(/Flight 2 on .*8.* can no longer be booked/)).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Back to the flight results' }).getAttribute('href'),
    ).toBe('/flights/1/0/0/12.2026-12-01.101.Y/13.2026-12-08.202.M');
  });

  it('offers to accept an increased price and books with the accepted total', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND]);
    const bodies: Record<string, unknown>[] = [];
    const create: ApiHandler = ({ body }) => {
      bodies.push(body as Record<string, unknown>);
      return bodies.length === 1
        ? json(
            {
              success: false,
              code: 'PRICE_INCREASED',
              errors: {
                _: ['Your booking price has increased'],
                newTotal: ['11000', 'USD'],
                previousTotal: ['10000', 'USD'],
              },
            },
            { status: 409 },
          )
        : json({ success: true, pnr: 'ABCDEF1', deviceToken: TOKEN, holdExpiresAt: 'x' });
    };
    mockFlowApi([OUTBOUND], { 'POST /api/booking/create': create });
    const { router } = renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillContact(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Book' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your booking price has increased')).toBeDefined();
    expect(within(alert).getByText(/The new total is \$110\.00/)).toBeDefined();
    await user.click(within(alert).getByRole('button', { name: 'Accept the new price and book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/ABCDEF1/pay'));
    expect(bodies[0]?.acceptedTotal).toBeUndefined();
    expect(bodies[1]?.acceptedTotal).toEqual({ amount: 11_000, currency: 'USD' });
  });

  it('shows the charge currency when the shown one is not charged', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('uniquair.currency', 'BGN');
    rememberChosenTrip([OUTBOUND]);
    const api = mockFlowApi([OUTBOUND]);
    api.use({
      'GET /api/data/init': async () => {
        const { testInitData } = await import('../../../testing/mock-api.ts');
        return json({
          ...testInitData,
          currencies: {
            currencies: [
              ...testInitData.currencies.currencies,
              { code: 'BGN', name: 'Bulgarian Lev', symbol: 'лв', ord: 3, rate: 1.8 },
            ],
            currency: testInitData.currencies.currency,
          },
        });
      },
    });
    renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillContact(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Total to pay: BGN\s?180\.00/)).toBeDefined();
    expect(screen.getByText('You will be charged $100.00 in USD.')).toBeDefined();
  });

  it('puts the server’s field errors back on the form', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND]);
    mockFlowApi([OUTBOUND], {
      'POST /api/booking/create': () =>
        json(
          {
            success: false,
            code: 'VALIDATION_ERROR',
            errors: { 'body.passengers.0.documentNumber': ['Document number refused'] },
          },
          { status: 400 },
        ),
    });
    const { router } = renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillContact(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose/passengers'));
    expect(
      await screen.findByText('Please check this value', { selector: 'p span' }),
    ).toBeDefined();
  });

  it('names the leg that sold out while booking, with the way back to the results', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND, RETURN]);
    mockFlowApi([OUTBOUND, RETURN], {
      'POST /api/booking/create': () =>
        json(
          {
            success: false,
            code: 'FLIGHT_UNAVAILABLE',
            errors: { 'body.selections.1': ['A flight is no longer available'] },
          },
          { status: 409 },
        ),
    });
    renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillContact(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A flight is no longer available')).toBeDefined();
    expect(within(alert).getByText(/^London to Sofia, /)).toBeDefined();
    expect(
      within(alert).getByRole('link', { name: 'Back to the flight results' }).getAttribute('href'),
    ).toBe('/flights/1/0/0/12.2026-12-01.101.Y/13.2026-12-08.202.M');
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('starts the phone code from the visitor’s country when the app knows their location', async () => {
    const user = userEvent.setup();
    document.cookie = 'lat=42.69; path=/';
    document.cookie = 'long=23.41; path=/';
    rememberChosenTrip([OUTBOUND]);
    const api = mockFlowApi([OUTBOUND]);
    const { testInitData } = await import('../../../testing/mock-api.ts');
    api.use({
      'GET /api/data/init': () =>
        json({
          ...testInitData,
          countries: [
            ...testInitData.countries,
            { code: 'DE', name: 'Germany', nameEn: 'Germany', phoneCode: '49' },
          ],
        }),
    });
    try {
      const { router } = renderApp('/choose');
      await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
      await fillAdult(user, document.body);
      await user.selectOptions(screen.getByLabelText(/^Nationality/), 'DE');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/choose/contact'));
      // Sofia is nearest: Bulgaria's code, not the passenger's German one.
      expect(valueOf(await screen.findByLabelText(/^Country calling code/))).toBe('359');
    } finally {
      document.cookie = 'lat=; max-age=0; path=/';
      document.cookie = 'long=; max-age=0; path=/';
    }
  });

  it('says so when the server cannot be reached', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND]);
    mockFlowApi([OUTBOUND], {
      'POST /api/booking/create': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/choose');
    await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
    await fillAdult(user, document.body);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillContact(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    expect(
      await screen.findByText('Unable to connect to server, please try again later'),
    ).toBeDefined();
  });

  it('offers a signed-in traveller the saved passengers that fit, and fills the form', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND], 1, 1, 0);
    mockFlowApi(
      [OUTBOUND],
      {
        'GET /api/users/current': () =>
          json({
            success: true,
            isLogged: true,
            user: {
              firstName: 'Ada',
              lastName: 'Lovelace',
              email: 'ada@example.com',
              avatar: null,
              notifications: true,
              titleId: 2,
              emailConfirmed: true,
            },
          }),
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
