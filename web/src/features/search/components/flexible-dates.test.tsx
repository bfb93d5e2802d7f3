import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { json, mockAppApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpSearchPageTests } from '../../../testing/search-page-setup.ts';
import { dayPricesAnswer, hashOf, legResult } from '../../../testing/search-fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const OUT = '2026-12-01' as Ymd;
const BACK = '2026-12-08' as Ymd;
const days = (center: Ymd) => Array.from({ length: 7 }, (_, index) => addDays(center, index - 3));

/** A grid where a pair is dearer the later its days, with one cheapest pair and one sold out. */
function gridAnswer(url: URL) {
  const outDays = days(url.searchParams.get('out') as Ymd);
  const backDays = days(url.searchParams.get('back') as Ymd);
  const cells = outDays.flatMap((out, column) =>
    backDays.map((back, row) => {
      if (column === 0 && row === 6) return { out, back, price: null, rating: null };
      const price = column === 5 && row === 1 ? 19_900 : 30_000 + column * 1_000 + row * 100;
      return { out, back, price, rating: price === 19_900 ? 0 : 1 };
    }),
  );
  return json({ ...gridFields, outDays, backDays, cells });
}

const gridFields = { success: true, outRoute: 12, backRoute: 13, bags: 0, currency: 'USD' };

setUpSearchPageTests(NOW);

/** Every search answers done with no flights (the grid is what is tested). */
function searchesFindNothing() {
  const resultOf = (route: number) => legResult(route, route === 12 ? OUT : BACK, []);
  return {
    'POST /api/search/init': ({ body }: { body: unknown }) => {
      const route = (body as { destinations: { route: number }[] }).destinations[0]?.route ?? 12;
      const result = resultOf(route);
      return json({
        success: true,
        hash: hashOf(String(route)),
        status: 'done',
        progress: 100,
        result,
      });
    },
    'GET /api/search/result/:hash': ({ url }: { url: URL }) => {
      const route = url.pathname.endsWith(hashOf('12')) ? 12 : 13;
      return json(
        { success: true, hash: hashOf(String(route)), result: resultOf(route) },
        { headers: { 'cache-control': 'private, max-age=900' } },
      );
    },
  };
}

describe('flexible dates', () => {
  it('shows the return grid with the cheapest pair in words and searches a pair by key', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockAppApi({
      ...searchesFindNothing(),
      'GET /api/cheapest-price/grid/:out/:back': async ({ url }) => {
        asked.push(`${url.pathname}${url.search}`);
        await answered;
        return gridAnswer(url);
      },
    });
    const { router } = renderApp(`/flights/2/0/0/12.${OUT}._/13.${BACK}._?sort=cheapest`);
    const grid = await screen.findByRole('grid', { name: 'Flexible dates' });
    // While the prices load, the 49 pairs hold their places (nothing under them moves later).
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(within(grid).getAllByLabelText('Loading prices for nearby days…')).toHaveLength(49);
    await waitFor(() =>
      expect(asked).toEqual([`/api/cheapest-price/grid/12/13?out=${OUT}&back=${BACK}&bags=0`]),
    );
    answer();
    await waitFor(() => expect(grid.getAttribute('aria-busy')).toBeNull());
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(49);
    // No bags chosen: the hint does not speak of them.
    expect(
      screen.getByText(
        'Price per adult for both flights. Choose another pair of days to search it.',
      ),
    ).toBeDefined();
    // Outbound across, return down, named without their decorative arrows.
    expect(within(grid).getByRole('columnheader', { name: 'Outbound' })).toBeDefined();
    expect(within(grid).getByRole('columnheader', { name: 'Return' })).toBeDefined();
    for (const arrow of within(grid).getAllByText(/^[↓→]$/)) {
      expect(arrow.getAttribute('aria-hidden')).toBe('true');
    }
    // The searched pair in the middle, its price and words read.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toContain('Sat, Nov 28');
    const current = within(grid).getByRole('link', { name: /your dates$/ });
    expect(current.getAttribute('aria-label')).toBe(
      'Out Tue, Dec 1, back Tue, Dec 8, $333, your dates',
    );
    const cheapest = within(grid).getByRole('link', { name: /Cheapest/ });
    expect(cheapest.getAttribute('aria-label')).toBe(
      'Out Thu, Dec 3, back Sun, Dec 6, $199, Cheapest',
    );
    expect(within(cheapest).getByText(/Cheapest/)).toBeDefined();
    // A pair without a price has no link.
    const empty = within(grid).getByLabelText('Out Sat, Nov 28, back Fri, Dec 11, no price');
    expect(empty.tagName).toBe('SPAN');
    expect(within(grid).getAllByRole('link')).toHaveLength(48);
    // One tab stop, on the searched pair; the arrows move; Enter searches, the query kept.
    expect(current.tabIndex).toBe(0);
    current.focus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    const moved = within(grid).getByRole('link', { name: /^Out Wed, Dec 2, back Mon, Dec 7,/ });
    expect(document.activeElement).toBe(moved);
    expect(moved.tabIndex).toBe(0);
    expect(current.tabIndex).toBe(-1);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/flights/2/0/0/12.2026-12-02._/13.2026-12-07._?sort=cheapest',
      ),
    );
  });

  it('says why a pair has no price: a day in the past, a return before its outbound day', async () => {
    // Out the day after today: the first two outbound days have passed (at the origin).
    const soon = addDays('2026-11-22' as Ymd, 1);
    const back = addDays(soon, 2);
    mockAppApi({
      ...searchesFindNothing(),
      'GET /api/cheapest-price/grid/:out/:back': ({ url }) => {
        const outDays = days(url.searchParams.get('out') as Ymd);
        const backDays = days(url.searchParams.get('back') as Ymd);
        const cells = outDays.flatMap((out) =>
          backDays.map((day) => {
            const priced = out >= '2026-11-22' && day >= out;
            return { out, back: day, price: priced ? 30_000 : null, rating: priced ? 1 : null };
          }),
        );
        return json({ ...gridFields, outDays, backDays, cells });
      },
    });
    renderApp(`/flights/1/0/0/12.${soon}._/13.${back}._`);
    const grid = await screen.findByRole('grid', { name: 'Flexible dates' });
    await waitFor(() => expect(grid.getAttribute('aria-busy')).toBeNull());
    expect(
      within(grid).getByLabelText('Out Fri, Nov 20, back Mon, Nov 23, in the past').tagName,
    ).toBe('SPAN');
    expect(
      within(grid).getByLabelText('Out Thu, Nov 26, back Tue, Nov 24, return before outbound')
        .tagName,
    ).toBe('SPAN');
    expect(
      within(grid).getByRole('link', { name: 'Out Sun, Nov 22, back Sun, Nov 22, $300' }),
    ).toBeDefined();
  });

  it('says the prices include the bags when bags are chosen', async () => {
    const asked: string[] = [];
    mockAppApi({
      ...searchesFindNothing(),
      'GET /api/cheapest-price/grid/:out/:back': ({ url }) => {
        asked.push(url.search);
        return gridAnswer(url);
      },
    });
    renderApp(`/flights/2/0/0/12.${OUT}._/13.${BACK}._?bags=1`);
    expect(
      await screen.findByText(
        'Price per adult for both flights, with your bags. Choose another pair of days to search it.',
      ),
    ).toBeDefined();
    await waitFor(() => expect(asked).toEqual([`?out=${OUT}&back=${BACK}&bags=1`]));
  });

  it('shows a one-way trip the seven days around it from the day calendar', async () => {
    mockAppApi({
      ...searchesFindNothing(),
      'GET /api/cheapest-price/days/12/2026/11': () =>
        dayPricesAnswer(12, 2026, 11, [{ date: '2026-11-29', price: 9_900, rating: 0 }]),
      'GET /api/cheapest-price/days/12/2026/12': () =>
        dayPricesAnswer(12, 2026, 12, [
          { date: '2026-12-01', price: 12_000, rating: 1 },
          { date: '2026-12-02', price: 15_000, rating: 2 },
        ]),
    });
    renderApp(`/flights/1/0/0/12.${OUT}._`);
    const strip = await screen.findByRole('grid', { name: 'Flexible dates' });
    expect(screen.getByText('Price per adult. Choose another day to search it.')).toBeDefined();
    await waitFor(() => expect(within(strip).getAllByRole('link')).toHaveLength(3));
    expect(within(strip).getAllByRole('gridcell')).toHaveLength(7);
    const links = within(strip).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Sunday, November 29, 2026, $99, Cheapest',
      'Tuesday, December 1, 2026, $120, your dates',
      'Wednesday, December 2, 2026, $150',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/flights/1/0/0/12.2026-11-29._',
      '/flights/1/0/0/12.2026-12-01._',
      '/flights/1/0/0/12.2026-12-02._',
    ]);
    expect(within(strip).getByLabelText('Monday, November 30, 2026, no price')).toBeDefined();
  });

  it('says which days of a one-way strip have passed', async () => {
    mockAppApi({
      ...searchesFindNothing(),
      'GET /api/cheapest-price/days/12/2026/11': () =>
        dayPricesAnswer(12, 2026, 11, [{ date: '2026-11-23', price: 9_900, rating: 1 }]),
    });
    renderApp('/flights/1/0/0/12.2026-11-23._');
    const strip = await screen.findByRole('grid', { name: 'Flexible dates' });
    await waitFor(() => expect(within(strip).getAllByRole('link')).toHaveLength(1));
    expect(within(strip).getByLabelText('Friday, November 20, 2026, in the past')).toBeDefined();
    expect(within(strip).getByLabelText('Saturday, November 21, 2026, in the past')).toBeDefined();
    expect(within(strip).getByLabelText('Sunday, November 22, 2026, no price')).toBeDefined();
  });
});
