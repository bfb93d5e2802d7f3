import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fixDateAt } from '../../../testing/fixed-date.ts';
import { json, mockAppApi, type ApiHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { networkWithRome, offersAnswer } from '../../../testing/search-fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00Z');

/** The test network plus Rome, flown from London on Mondays only, with no route back. */
const network = networkWithRome();

const HASH = 'a'.repeat(32);
/** A search that starts and stays in progress. */
const SEARCH_IN_PROGRESS = {
  'POST /api/search/init': () =>
    json({ success: true, hash: HASH, status: 'progress', progress: 0 }),
  [`GET /api/search/status/${HASH}`]: () =>
    json({ success: true, hash: HASH, status: 'progress', progress: 0 }),
};

/**
 * Every route's price calendar, empty (picking a destination opens its calendar), and every
 * airport's offers, none (the "To" field lists its destinations cheapest first).
 */
const EMPTY_PRICES = Object.fromEntries<ApiHandler>([
  ...network.airports.map((airport): [string, ApiHandler] => [
    `GET /api/cheapest-price/${airport.id}/offers`,
    () => offersAnswer(airport.id),
  ]),
  ...network.routes.flatMap((route): [string, ApiHandler][] => [
    [`GET /api/cheapest-price/months/${route.id}`, () => json({ success: true, months: [] })],
    ...[11, 12].map((month): [string, ApiHandler] => [
      `GET /api/cheapest-price/days/${route.id}/2026/${month}`,
      () => json({ success: true, days: [] }),
    ]),
  ]),
]);

function formApi(extra = {}) {
  return mockAppApi({
    ...EMPTY_PRICES,
    'GET /api/data/routes': () =>
      json(network, { headers: { 'last-modified': 'Sat, 21 Nov 2026 10:00:00 GMT' } }),
    ...extra,
  });
}

async function chooseAirport(user: UserEvent, label: 'From' | 'To', text: string, index = 0) {
  const field = screen.getAllByRole('combobox', { name: label })[index];
  if (!field) throw new Error(`no ${label} field`);
  await user.clear(field);
  await user.type(field, text);
  const option = await screen.findByRole('option', { name: new RegExp(text) }, { timeout: 10_000 });
  await user.click(option);
  if (label === 'To') await closeOpenedCalendar(user);
}

/** A destination picked opens the flight's calendar; Escape closes it to type the date instead. */
async function closeOpenedCalendar(user: UserEvent) {
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  await within(dialog).findByRole('grid', {}, { timeout: 10_000 });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function form() {
  return screen.findByRole('button', { name: 'Search flights' }, { timeout: 10_000 });
}

fixDateAt(NOW);

describe('search form', () => {
  it('offers airports with routes, destinations of the chosen departure only', async () => {
    const user = userEvent.setup();
    formApi();
    renderApp('/');
    await form();
    const to = screen.getByRole('combobox', { name: 'To' });
    expect(to.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose where you fly from first.')).toBeDefined();
    await chooseAirport(user, 'From', 'SOF');
    expect(to.hasAttribute('disabled')).toBe(false);
    await user.type(to, 'Rom');
    expect(
      await screen.findAllByText('No Matching Results', {}, { timeout: 10_000 }),
    ).not.toHaveLength(0);
    await user.clear(to);
    await user.type(to, 'L');
    expect(await screen.findAllByRole('option', {}, { timeout: 10_000 })).toHaveLength(1);
  });

  it('lists the destinations on focus, cheapest first, and opens the calendar of the one picked', async () => {
    const user = userEvent.setup();
    formApi({
      'GET /api/cheapest-price/LHR/offers': () =>
        offersAnswer('LHR', [
          {
            route: 14,
            destination: { id: 'FCO', name: 'Fiumicino', city: 'Rome', country: 'IT' },
            date: '2026-11-30',
            price: 4_500,
          },
        ]),
    });
    renderApp('/');
    await form();
    await user.click(screen.getByRole('radio', { name: 'One-way' }));
    await chooseAirport(user, 'From', 'LHR');
    const to = screen.getByRole('combobox', { name: 'To' });
    await user.click(to);
    expect(to.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText('Flights from London, cheapest first').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getAllByRole('option')[0]?.textContent).toMatch(/Rome.*from \$45/),
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Rome'),
      expect.stringContaining('Sofia'),
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(to).toHaveProperty('value', 'Rome (FCO)');
    const dialog = await screen.findByRole('dialog', { name: 'Departure' });
    const grid = await within(dialog).findByRole('grid');
    await waitFor(() => expect(grid.contains(document.activeElement)).toBe(true));
  });

  it('picks a destination typed with Enter', async () => {
    const user = userEvent.setup();
    formApi();
    renderApp('/');
    await form();
    await chooseAirport(user, 'From', 'LHR');
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'rom{Enter}');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveProperty('value', 'Rome (FCO)');
    await closeOpenedCalendar(user);
  });

  it('searches a return trip, by keyboard, on the path the domain codec builds', async () => {
    const user = userEvent.setup();
    formApi(SEARCH_IN_PROGRESS);
    const { router } = renderApp('/');
    await form();
    await chooseAirport(user, 'From', 'SOF');
    await chooseAirport(user, 'To', 'LHR');
    await user.type(screen.getByRole('textbox', { name: 'Departure' }), '12/01/2026{Enter}');
    expect(screen.getByText('Tuesday, December 1, 2026')).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: 'Return' }), '2026-12-08');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Return' })).toHaveProperty('value', '12/08/2026');
    await user.click(screen.getByRole('button', { name: 'One more adult' }));
    await user.click(screen.getByRole('button', { name: 'One more infant' }));
    await user.click(screen.getByRole('button', { name: 'Search flights' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/flights/2/0/1/12.2026-12-01._/13.2026-12-08._'),
    );
  });

  it('searches with checked bags: all-in calendars, ?bags= in the results URL', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const days =
      (route: number, month: number): ApiHandler =>
      ({ url }) => {
        asked.push(`${route}/${month}${url.search}`);
        return json({ success: true, days: [] });
      };
    const offers: ApiHandler = ({ url }) => {
      asked.push(`offers${url.search}`);
      return offersAnswer('SOF');
    };
    formApi({
      ...SEARCH_IN_PROGRESS,
      'GET /api/cheapest-price/days/12/2026/11': days(12, 11),
      'GET /api/cheapest-price/days/12/2026/12': days(12, 12),
      'GET /api/cheapest-price/SOF/offers': offers,
    });
    const { router } = renderApp('/');
    await form();
    await user.click(screen.getByRole('radio', { name: 'One-way' }));
    const bags = screen.getByRole('group', { name: 'Checked bags per passenger' });
    expect(within(bags).getByRole('radio', { name: 'None' })).toHaveProperty('checked', true);
    await user.click(within(bags).getByRole('radio', { name: '1 bag' }));
    await chooseAirport(user, 'From', 'SOF');
    await chooseAirport(user, 'To', 'LHR');
    // The "To" list and the calendar that opened with the destination priced with the bag.
    expect(asked).toContain('offers?bags=1');
    const calendars = asked.filter((entry) => !entry.startsWith('offers'));
    expect(calendars.length).toBeGreaterThan(0);
    expect(calendars.every((entry) => entry.endsWith('?bags=1'))).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Departure' }), '12/01/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search flights' }));
    await waitFor(() => expect(router.state.location.search).toBe('?bags=1'));
    expect(router.state.location.pathname).toBe('/flights/1/0/0/12.2026-12-01._');
  });

  it('says at once when a typed day is one the route does not fly (SPEC §5)', async () => {
    const user = userEvent.setup();
    formApi();
    const { router } = renderApp('/');
    await form();
    await user.click(screen.getByRole('radio', { name: 'One-way' }));
    await chooseAirport(user, 'From', 'LHR');
    await chooseAirport(user, 'To', 'FCO');
    const date = screen.getByRole('textbox', { name: 'Departure' });
    await user.type(date, '12/01/2026');
    await user.tab();
    expect(screen.getByText('London to Rome: route does not fly on Tuesday')).toBeDefined();
    expect(date.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Search flights' }));
    expect(screen.getByRole('alert').textContent).toBe('Please check the fields marked below.');
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(router.state.location.pathname).toBe('/');

    await user.clear(date);
    await user.type(date, 'soon');
    await user.tab();
    expect(
      screen.getByText(
        'This is not a date. Please type it as shown below the field, or use the calendar.',
      ),
    ).toBeDefined();
  });

  it('asks for every missing field when searching, and says there is no route back', async () => {
    const user = userEvent.setup();
    formApi();
    renderApp('/');
    await user.click(await form());
    expect(screen.getByText('Choose where you fly from.')).toBeDefined();
    expect(screen.getByText('Choose where you fly to.')).toBeDefined();
    expect(screen.getAllByText('Choose a date.')).toHaveLength(2);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'From' })),
    );

    await chooseAirport(user, 'From', 'LHR');
    await chooseAirport(user, 'To', 'FCO');
    expect(
      screen.getByText(
        'There are no flights back from Rome to London. Choose a one-way or multi-city trip.',
      ),
    ).toBeDefined();
  });

  it('builds multi-city trips of two to six flights, each starting where the last one lands', async () => {
    const user = userEvent.setup();
    formApi(SEARCH_IN_PROGRESS);
    const { router } = renderApp('/');
    await form();
    await user.click(screen.getByRole('radio', { name: 'Multi-city' }));
    const first = screen.getByRole('group', { name: 'Flight 1' });
    const second = screen.getByRole('group', { name: 'Flight 2' });
    await chooseAirport(user, 'From', 'SOF', 0);
    await chooseAirport(user, 'To', 'LHR', 0);
    expect(within(second).getByRole('combobox', { name: 'From' })).toHaveProperty(
      'value',
      'London (LHR)',
    );
    await chooseAirport(user, 'To', 'FCO', 1);
    await user.type(within(first).getByRole('textbox', { name: 'Flight date' }), '11/30/2026');
    await user.type(within(second).getByRole('textbox', { name: 'Flight date' }), '11/30/2026');
    await user.tab();
    // London–Rome flies on Mondays: 30 November is one, and it is not before the first flight.
    for (let count = 3; count <= 6; count += 1) {
      await user.click(screen.getByRole('button', { name: 'Add a flight' }));
      expect(screen.getAllByRole('group', { name: /^Flight \d$/ })).toHaveLength(count);
    }
    expect(screen.queryByRole('button', { name: 'Add a flight' })).toBeNull();
    for (const number of [6, 5, 4, 3]) {
      await user.click(screen.getByRole('button', { name: `Remove flight ${number}` }));
    }
    expect(screen.queryByRole('button', { name: /^Remove flight/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search flights' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/multi/1/0/0/12.2026-11-30._/14.2026-11-30._'),
    );
  });

  it('keeps passenger counts within the rules', async () => {
    const user = userEvent.setup();
    formApi();
    renderApp('/');
    await form();
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('One adult fewer').hasAttribute('disabled')).toBe(true);
    await user.click(button('One more infant'));
    expect(button('One more infant').hasAttribute('disabled')).toBe(true);
    await user.click(button('One more adult'));
    await user.click(button('One more infant'));
    expect(screen.getByText('2 infants')).toBeDefined();
    await user.click(button('One adult fewer'));
    expect(screen.getByText('1 infant')).toBeDefined();
    for (let count = 0; count < 8; count += 1) await user.click(button('One more child'));
    expect(screen.getByText('8 children')).toBeDefined();
    expect(button('One more child').hasAttribute('disabled')).toBe(true);
    expect(button('One more adult').hasAttribute('disabled')).toBe(true);
  });

  it('offers a price watch of the chosen day and of the month from the calendar, inside the form', async () => {
    const user = userEvent.setup();
    formApi(SEARCH_IN_PROGRESS);
    const { router } = renderApp('/');
    await form();
    await user.click(screen.getByRole('radio', { name: 'One-way' }));
    await chooseAirport(user, 'From', 'LHR');
    await chooseAirport(user, 'To', 'FCO');
    await user.type(screen.getByRole('textbox', { name: 'Departure' }), '11/30/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Open the calendar: Departure' }));
    const dialog = screen.getByRole('dialog', { name: 'Departure' });
    const dayWatch = await within(dialog).findByRole('button', {
      name: 'Tell me when it’s cheaper',
    });
    await user.click(
      within(dialog).getByRole('button', { name: 'Tell me when this month is cheaper' }),
    );
    const group = within(dialog).getByRole('group', { name: 'Price watch' });
    expect(within(group).getByText(/^London → Rome, November 2026\./)).toBeDefined();
    // Enter in the target starts the watch, and never submits the search form around it.
    await user.type(within(group).getByLabelText('Notify me below (optional)'), '50{Enter}');
    await waitFor(() =>
      expect(within(group).getByRole('alert').textContent).toBe(
        'This browser cannot receive notifications.',
      ),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(dayWatch.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows each day’s lowest price and rating in the calendar, only on days the route flies', async () => {
    const user = userEvent.setup();
    formApi({
      'GET /api/cheapest-price/days/14/2026/11': () =>
        json(
          {
            success: true,
            route: 14,
            year: 2026,
            month: 11,
            currency: 'USD',
            days: [
              { date: '2026-11-23', price: 9_900, rating: 1 },
              { date: '2026-11-30', price: 7_900, rating: 0 },
            ],
          },
          { headers: { 'last-modified': 'Sun, 22 Nov 2026 08:00:00 GMT' } },
        ),
      'GET /api/cheapest-price/months/14': () =>
        json({
          success: true,
          route: 14,
          currency: 'USD',
          months: [
            { year: 2026, month: 11, price: 7_900, date: '2026-11-30' },
            { year: 2026, month: 12, price: 6_500, date: '2026-12-14' },
          ],
        }),
    });
    renderApp('/');
    await form();
    await user.click(screen.getByRole('radio', { name: 'One-way' }));
    await chooseAirport(user, 'From', 'LHR');
    await chooseAirport(user, 'To', 'FCO');
    await user.click(screen.getByRole('button', { name: 'Open the calendar: Departure' }));
    const dialog = screen.getByRole('dialog', { name: 'Departure' });
    // The calendar's module loads when it is first opened.
    const grid = await within(dialog).findByRole('grid');
    expect(
      await within(grid).findByRole('button', {
        name: 'Monday, November 30, 2026 $79 lowest price of the month',
      }),
    ).toBeDefined();
    expect(
      within(grid)
        .getByRole('button', { name: /^Tuesday, November 24, 2026/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(dialog).getByText('Each day shows its lowest fare for one adult, in USD.'),
    ).toBeDefined();
    expect(within(dialog).getByText(/^Prices as of Nov 22, /)).toBeDefined();

    await user.click(within(dialog).getByRole('button', { name: 'November, choose a month' }));
    expect(
      await within(dialog).findByRole('button', { name: 'December 2026 from $65' }),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'November 2026 from $79' }));
    await user.click(within(dialog).getByRole('button', { name: /^Monday, November 30, 2026/ }));
    expect(screen.queryByRole('dialog', { name: 'Departure' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Departure' })).toHaveProperty(
      'value',
      '11/30/2026',
    );
  });
});
