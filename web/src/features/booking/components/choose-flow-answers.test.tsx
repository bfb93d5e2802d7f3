import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, json, type ApiHandler } from '../../../testing/mock-api.ts';
import { priceLine } from '../../../testing/price-lines.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  GERMANY,
  initWithCountries,
  mockFlowApi,
  OUTBOUND,
  rememberChosenTrip,
  RETURN,
} from '../testing/flow-fixtures.ts';
import {
  bookOneAdult,
  fillAdult,
  fillUpToSummary,
  setUpFlowTests,
  TOKEN,
  valueOf,
} from '../testing/flow-form.ts';

// Whole-app renders with lazy routes: give the waits room on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

setUpFlowTests();

describe('the booking flow, when the trip or the booking goes wrong', { timeout: 20_000 }, () => {
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
        ? errorBody(409, 'PRICE_INCREASED', {
            _: ['Your booking price has increased'],
            newTotal: ['11000', 'USD'],
            previousTotal: ['10000', 'USD'],
          })
        : json({ success: true, pnr: 'ABCDEF1', deviceToken: TOKEN, holdExpiresAt: 'x' });
    };
    mockFlowApi([OUTBOUND], { 'POST /api/booking/create': create });
    const { router } = renderApp('/choose');
    await bookOneAdult(user);

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
    await fillUpToSummary(user);
    expect(await screen.findByText(/Total to pay: BGN\s?180\.00/)).toBeDefined();
    expect(screen.getByText('You will be charged $100.00 in USD.')).toBeDefined();
    expect(priceLine('Fares')).toMatch(/^BGN\s?180\.00$/);
    expect(
      screen.getByText(/so this one is charged in USD\. Amounts in BGN are a guide/),
    ).toBeDefined();
  });

  it('puts the server’s field errors back on the form', async () => {
    const user = userEvent.setup();
    rememberChosenTrip([OUTBOUND]);
    mockFlowApi([OUTBOUND], {
      'POST /api/booking/create': () =>
        errorBody(400, 'VALIDATION_ERROR', {
          'body.passengers.0.documentNumber': ['Document number refused'],
        }),
    });
    const { router } = renderApp('/choose');
    await bookOneAdult(user);
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
        errorBody(409, 'FLIGHT_UNAVAILABLE', {
          'body.selections.1': ['A flight is no longer available'],
        }),
    });
    renderApp('/choose');
    await bookOneAdult(user);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A flight is no longer available')).toBeDefined();
    expect(within(alert).getByText(/^London to Sofia, /)).toBeDefined();
    expect(
      within(alert).getByRole('link', { name: 'Back to the flight results' }).getAttribute('href'),
    ).toBe('/flights/1/0/0/12.2026-12-01.101.Y/13.2026-12-08.202.M');
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('starts the phone code from the first passenger’s nationality, not the visitor’s country', async () => {
    const user = userEvent.setup();
    document.cookie = 'lat=42.69; path=/';
    document.cookie = 'long=23.41; path=/';
    rememberChosenTrip([OUTBOUND]);
    const api = mockFlowApi([OUTBOUND]);
    api.use({ 'GET /api/data/init': initWithCountries(GERMANY) });
    try {
      const { router } = renderApp('/choose');
      await screen.findByText('Step 1 of 3', {}, { timeout: 10_000 });
      await fillAdult(user, document.body);
      await user.selectOptions(screen.getByLabelText(/^Nationality/), 'DE');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/choose/contact'));
      // Sofia is nearest, but the passenger's German code comes first.
      expect(valueOf(await screen.findByLabelText(/^Country calling code/))).toBe('49');
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
    await bookOneAdult(user);
    expect(
      await screen.findByText('Unable to connect to server, please try again later'),
    ).toBeDefined();
  });
});
