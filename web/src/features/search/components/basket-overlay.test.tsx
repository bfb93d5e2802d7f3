import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@uniquair/contract/search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberTrip } from '../../../lib/chosen-trip.ts';
import { json, mockAppApi, type ApiHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { clearSearchState } from '../../../lib/search/search-run.ts';
import { hashOf, legResult, makeFlight } from '../../../testing/search-fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const OUT = hashOf('12');
const BACK = hashOf('13');
const results: Record<string, SearchResult> = {
  [OUT]: legResult(12, '2026-12-01', [makeFlight({ id: '10', prices: [12_300, 15_900] })]),
  [BACK]: legResult(13, '2026-12-08', [
    makeFlight({
      id: '20',
      date: '2026-12-08',
      from: 'LHR',
      to: 'SOF',
      departs: '18:30',
      prices: [8_000],
    }),
  ]),
};

const init: ApiHandler = ({ body }) => {
  const route = (body as { destinations: { route: number }[] }).destinations[0]?.route;
  const hash = route === 12 ? OUT : BACK;
  return json({ success: true, hash, status: 'done', progress: 100, result: results[hash] });
};
const notModified: ApiHandler = () =>
  new Response(null, { status: 304, headers: { 'cache-control': 'private, max-age=900' } });

function basketApi() {
  return mockAppApi({
    'POST /api/search/init': init,
    [`GET /api/search/result/${OUT}`]: notModified,
    [`GET /api/search/result/${BACK}`]: notModified,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  clearSearchState();
});

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('basket', () => {
  it('lists the chosen flights, the passengers and the total, and removes a flight', async () => {
    const user = userEvent.setup();
    basketApi();
    const { router } = renderApp('/flights/2/0/1/12.2026-12-01.10.M/13.2026-12-08.20.Q#basket');
    const basket = await screen.findByRole('dialog', { name: 'Basket' });
    expect(await within(basket).findByText('Total $478.00 for 2 seats')).toBeDefined();
    expect(within(basket).getByText('2 adults, 0 children, 1 infant')).toBeDefined();
    expect(
      within(basket).getByText('Economy class, fare M: $159.00 × 2 seats = $318.00'),
    ).toBeDefined();
    expect(
      within(basket).getByText('7:05 AM to 10:10 AM, 3 hr, 5 min, flight UQ10010'),
    ).toBeDefined();
    expect(
      within(basket).getByText(
        'Infants travel on an adult’s lap; any infant fee is shown when you book.',
      ),
    ).toBeDefined();
    expect(
      within(basket).getByRole('link', { name: 'Continue to booking' }).getAttribute('href'),
    ).toBe('/choose');

    await user.click(
      within(basket).getByRole('button', {
        name: 'Remove the flight (Return flight: London to Sofia)',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/flights/2/0/1/12.2026-12-01.10.M/13.2026-12-08._',
      ),
    );
    expect(router.state.location.hash).toBe('#basket');
    expect(await within(basket).findByText('So far $318.00 for 2 seats')).toBeDefined();
    expect(within(basket).getByText('No flight chosen yet.')).toBeDefined();
    expect(within(basket).queryByRole('link', { name: 'Continue to booking' })).toBeNull();
  });

  it('shows the trip of this visit on other pages, with the way back to it', async () => {
    basketApi();
    rememberTrip('/flights/1/0/0/12.2026-12-01.10.Q');
    renderApp('/bookings#basket');
    const basket = await screen.findByRole('dialog', { name: 'Basket' });
    expect(await within(basket).findByText('Total $123.00 for 1 seat')).toBeDefined();
    expect(
      within(basket).getByRole('link', { name: 'Back to your flights' }).getAttribute('href'),
    ).toBe('/flights/1/0/0/12.2026-12-01.10.Q');
    expect(within(basket).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('says the basket is empty before any flight is chosen, without searching', async () => {
    const api = basketApi();
    renderApp('/flights/1/0/0/12.2026-12-01._#basket');
    const basket = await screen.findByRole('dialog', { name: 'Basket' });
    expect(await within(basket).findByText('You have not chosen any flights yet.')).toBeDefined();
    // The results page behind it searches; the basket adds nothing of its own.
    await waitFor(() =>
      expect(api.calls.filter((call) => call === 'POST /api/search/init')).toHaveLength(1),
    );
  });
});
