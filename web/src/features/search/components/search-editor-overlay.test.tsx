import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockAppApi, type ApiHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpSearchPageTests } from '../../../testing/search-page-setup.ts';
import { hashOf, legResult, offersAnswer } from '../../../testing/search-fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const TRIP = '/flights/1/0/0/12.2026-12-01._';

setUpSearchPageTests(NOW);

/** The one-way search finds nothing; the offers and calendars say which bags they were asked for. */
function editorApi(asked: string[]) {
  const priced =
    (name: string): ApiHandler =>
    ({ url }) => {
      asked.push(`${name}${url.search}`);
      return name === 'offers'
        ? offersAnswer('SOF')
        : json({ success: true, route: 12, currency: 'USD', days: [], months: [] });
    };
  return mockAppApi({
    'POST /api/search/init': () =>
      json({
        success: true,
        hash: hashOf('12'),
        status: 'done',
        progress: 100,
        result: legResult(12, '2026-12-01', []),
      }),
    'GET /api/search/result/:hash': () =>
      json(
        { success: true, hash: hashOf('12'), result: legResult(12, '2026-12-01', []) },
        { headers: { 'cache-control': 'private, max-age=900' } },
      ),
    'GET /api/cheapest-price/:airport/offers': priced('offers'),
    'GET /api/cheapest-price/months/:routeId': priced('months'),
    'GET /api/cheapest-price/days/:routeId/:year/:month': priced('days'),
  });
}

describe('search editor', () => {
  it('keeps the filters and sort of the same trip and writes the bags as the results page does', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    editorApi(asked);
    const { router } = renderApp(`${TRIP}?bags=1&sort=cheapest&s=0#edit`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit search' });
    const bags = await within(dialog).findByRole('group', { name: 'Checked bags per passenger' });
    expect(within(bags).getByRole('radio', { name: '1 bag' })).toHaveProperty('checked', true);
    await user.click(within(bags).getByRole('radio', { name: '2 bags' }));
    await user.click(within(dialog).getByRole('button', { name: 'Search flights' }));
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe(TRIP);
    expect(router.state.location.search).toBe('?s=0&sort=cheapest&bags=2');
    // The "To" list and the calendars of the form are asked with `?bags=N`.
    expect(asked).toContain('offers?bags=1');
    expect(asked).toContain('offers?bags=2');
    expect(asked.every((entry) => /^(offers|months|days)\?bags=[12]$/.test(entry))).toBe(true);
  });

  it('drops the filters of another trip, keeping the bags now chosen', async () => {
    const user = userEvent.setup();
    editorApi([]);
    const { router } = renderApp(`${TRIP}?bags=1&s=0#edit`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit search' });
    await user.click(await within(dialog).findByRole('button', { name: 'One more adult' }));
    await user.click(within(dialog).getByRole('button', { name: 'Search flights' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/flights/2/0/0/12.2026-12-01._'),
    );
    expect(router.state.location.search).toBe('?bags=1');
  });
});
