import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResultsQuery } from '../results-query.ts';
import { useResultsQuery } from './use-results-query.ts';

const PATH = '/flights/1/0/0/12.2026-12-01._';

/** The hook on a results path, with what it shows and the URL the router has. */
function renderResultsQuery() {
  const calls: { change?: (next: ResultsQuery) => void; query?: ResultsQuery; search?: string } =
    {};
  function Probe() {
    const [query, change, search] = useResultsQuery();
    const location = useLocation();
    calls.change = change;
    calls.query = query;
    calls.search = search;
    return <p data-testid="shown">{`${query.sort} ${location.pathname}${location.search}`}</p>;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    initialEntries: [PATH],
  });
  render(<RouterProvider router={router} />);
  const change = (patch: Partial<ResultsQuery>) => {
    const { change: set, query } = calls;
    if (!set || !query) throw new Error('not rendered');
    act(() => set({ ...query, ...patch }));
  };
  /** The change function of the render so far, to be called after later renders. */
  const keep = () => {
    const { change: set, query } = calls;
    if (!set || !query) throw new Error('not rendered');
    return (patch: Partial<ResultsQuery>) => act(() => set({ ...query, ...patch }));
  };
  return {
    router,
    change,
    keep,
    shown: () => screen.getByTestId('shown').textContent,
    /** The query string the hook says links should carry. */
    search: () => calls.search,
  };
}

describe('useResultsQuery', () => {
  it('shows a change at once and writes the URL after it, the last of quick changes only', async () => {
    const { router, change, shown, search } = renderResultsQuery();
    const written: string[] = [];
    router.subscribe((state) => written.push(`${state.historyAction} ${state.location.search}`));
    change({ sort: 'cheapest' });
    // Shown at once, and links carry it at once; the URL follows once the change is painted.
    expect(shown()).toBe(`cheapest ${PATH}`);
    expect(search()).toBe('?sort=cheapest');
    change({ sort: 'fastest' });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=fastest'));
    expect(shown()).toBe(`fastest ${PATH}?sort=fastest`);
    expect(written).toEqual(['REPLACE ?sort=fastest']);
  });

  it('writes a change made from a render older than the URL, as a tap before the router renders', async () => {
    const { router, keep, shown } = renderResultsQuery();
    // The handler of a render from before the first change reached the URL: the router renders a
    // new location in a transition, so a tap can come from a render that has not seen it.
    const tapBefore = keep();
    tapBefore({ sort: 'cheapest' });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=cheapest'));
    tapBefore({ sort: 'fastest' });
    expect(shown()).toBe(`fastest ${PATH}?sort=cheapest`);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=fastest'));
    expect(shown()).toBe(`fastest ${PATH}?sort=fastest`);
  });

  it('keeps an overlay opened before the change was written (the hash)', async () => {
    const { router, change } = renderResultsQuery();
    change({ sort: 'cheapest' });
    await act(() => router.navigate({ pathname: PATH, hash: '#edit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=cheapest'));
    expect(router.state.location.hash).toBe('#edit');
  });

  it('leaves the URL alone when the page moved before the change was written', async () => {
    const { router, change } = renderResultsQuery();
    change({ sort: 'cheapest' });
    await act(() => router.navigate('/booking'));
    // Two frames and the timer after them: a change still waiting would have run by now.
    await act(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 20))),
        ),
    );
    expect(router.state.location.pathname).toBe('/booking');
    expect(router.state.location.search).toBe('');
  });
});
