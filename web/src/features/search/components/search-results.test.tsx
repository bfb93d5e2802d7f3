import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@uniquair/contract/search';
import { describe, expect, it, vi } from 'vitest';
import {
  errorBody,
  json,
  mockAppApi,
  noAnswer,
  testRoutes,
  type ApiHandler,
} from '../../../testing/mock-api.ts';
import { findPageHeading, renderApp } from '../../../testing/render-app.tsx';
import { setUpSearchPageTests } from '../../../testing/search-page-setup.ts';
import { FakeEventSource } from '../../../testing/fake-transports.ts';
import {
  dayPricesAnswer,
  hashOf,
  legResult,
  makeFlight,
} from '../../../testing/search-fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const OUT = hashOf('12');
const BACK = hashOf('13');
const RETURN_TRIP = '/flights/2/0/0/12.2026-12-01._/13.2026-12-08._';

const outbound = legResult(12, '2026-12-01', [
  makeFlight({ id: '10', departs: '07:05', minutes: 185, prices: [12_300, 15_900] }),
  makeFlight({ id: '11', departs: '21:40', minutes: 300, stops: 1, prices: [9_900] }),
  makeFlight({ id: '12', departs: '13:15', minutes: 170, prices: [20_000] }),
]);
const inbound = legResult(13, '2026-12-08', [
  makeFlight({ id: '20', date: '2026-12-08', from: 'LHR', to: 'SOF', prices: [8_000] }),
]);

function hashFor(body: unknown): string {
  const route = (body as { destinations: { route: number }[] }).destinations[0]?.route;
  return route === 12 ? OUT : BACK;
}

/** init answers done with the result at once. */
function doneAtOnce(results: Record<string, SearchResult>): ApiHandler {
  return ({ body }) => {
    const hash = hashFor(body);
    return json(
      { success: true, hash, status: 'done', progress: 100, result: results[hash] },
      { headers: { etag: `"${hash}"` } },
    );
  };
}

/** The result endpoint: 304 for the copy held, the result otherwise; 15 minutes to expiry. */
function resultOf(result: SearchResult, hash: string, maxAge = 900): ApiHandler {
  return ({ headers }) =>
    headers.get('if-none-match') === `"${hash}"`
      ? new Response(null, {
          status: 304,
          headers: { 'cache-control': `private, max-age=${maxAge}` },
        })
      : json(
          { success: true, hash, result },
          { headers: { etag: `"${hash}"`, 'cache-control': `private, max-age=${maxAge}` } },
        );
}

const noPrices = () => dayPricesAnswer(12, 2026, 12);

function searchApi(extra: Record<string, ApiHandler> = {}) {
  return mockAppApi({
    'POST /api/search/init': doneAtOnce({ [OUT]: outbound, [BACK]: inbound }),
    [`GET /api/search/result/${OUT}`]: resultOf(outbound, OUT),
    [`GET /api/search/result/${BACK}`]: resultOf(inbound, BACK),
    ...extra,
  });
}

function leg(name: RegExp) {
  return screen.getByRole('region', { name });
}

/** The outbound leg's region once its three flights are listed. */
function outboundLegWithFlights() {
  return waitFor(() => {
    const region = leg(/^Outbound flight/);
    expect(within(region).getByText('3 flights found')).toBeDefined();
    return region;
  });
}

setUpSearchPageTests(NOW);

describe('search results', () => {
  it('shows each leg as soon as it is found, under a progress bar for the whole trip', async () => {
    searchApi({
      'POST /api/search/init': ({ body }) =>
        json({ success: true, hash: hashFor(body), status: 'progress', progress: 0 }),
    });
    renderApp(RETURN_TRIP);
    await findPageHeading('Flights from Sofia to London');
    const bar = await screen.findByRole('progressbar', { name: 'Search progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    const streamOf = (hash: string) =>
      FakeEventSource.instances.find((source) => source.url.endsWith(hash));

    streamOf(OUT)?.emit({ status: 'progress', progress: 50 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    streamOf(OUT)?.emit({ status: 'done', progress: 100 });
    expect(await within(leg(/^Outbound flight/)).findByText('3 flights found')).toBeDefined();
    expect(within(leg(/^Return flight/)).getAllByText('Searching for flights…')).not.toHaveLength(
      0,
    );

    streamOf(BACK)?.emit({ status: 'done', progress: 100 });
    expect(await within(leg(/^Return flight/)).findByText('1 flight found')).toBeDefined();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Search complete: 4 flights found.')).toBeDefined();
    // Every price per adult, in dollars.
    expect(within(leg(/^Outbound flight/)).getAllByText(/^\$\d+\.\d\d$/)).toHaveLength(3);
  });

  it('keeps filters and the sort order in the query, and the list follows them', async () => {
    const user = userEvent.setup();
    searchApi();
    const { router } = renderApp(RETURN_TRIP);
    const outboundLeg = await outboundLegWithFlights();
    const times = () =>
      within(outboundLeg)
        .getAllByRole('heading', { level: 3 })
        .map((node) => node.querySelector('[aria-hidden]')?.textContent?.split(' → ')[0]);

    await user.click(screen.getByRole('radio', { name: 'Cheapest' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=cheapest'));
    expect(times()).toEqual(['9:40 PM', '7:05 AM', '1:15 PM']);

    await user.click(screen.getByRole('radio', { name: 'Direct flights only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?s=0&sort=cheapest'));
    expect(times()).toEqual(['7:05 AM', '1:15 PM']);
    expect(within(outboundLeg).getByText('Showing 2 of 3 flights')).toBeDefined();

    const outboundTimes = screen.getByRole('group', { name: 'Outbound flight: Sofia to London' });
    await user.selectOptions(
      within(outboundTimes).getByRole('combobox', { name: 'Departing from' }),
      '14',
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?s=0&td0=1400-2400&sort=cheapest'),
    );
    expect(within(outboundLeg).getByText('No flights found')).toBeDefined();
    expect(
      within(outboundLeg).getByText('All 3 flights found are hidden by your filters.'),
    ).toBeDefined();

    await user.click(within(outboundLeg).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=cheapest'));
    expect(times()).toHaveLength(3);
    // The route guard did not run again for a change of the query.
    expect(router.state.location.pathname).toBe(RETURN_TRIP);
  });

  it('writes the chosen flight and fare class into the leg’s segment and totals the trip', async () => {
    const user = userEvent.setup();
    searchApi({
      [`GET /api/flight/info/${OUT}`]: ({ url }) => {
        expect(url.searchParams.get('ids')).toBe('10');
        const flight = outbound.results[0]?.flights[0];
        return json({
          success: true,
          hash: OUT,
          currency: 'USD',
          airports: [],
          flights: [
            {
              ...flight,
              route: 12,
              date: '2026-12-01',
              fareClasses: flight?.fareClasses.map((fare) => ({
                ...fare,
                conditions: {
                  refundable: false,
                  refundFee: null,
                  changeable: true,
                  changeFee: 7500,
                },
                baggage: { cabin: { pieces: 1, weightKg: 8 }, checked: { pieces: 0, weightKg: 0 } },
              })),
            },
          ],
        });
      },
      // The return flight's fares are not opened here.
      [`GET /api/flight/info/${BACK}`]: noAnswer,
    });
    const { router } = renderApp(RETURN_TRIP);
    const outboundLeg = await waitFor(() => leg(/^Outbound flight/));
    const toggle = await within(outboundLeg).findByRole('button', {
      name: 'See fares for the flight departing at 7:05 AM',
    });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const fares = screen.getByRole('list', { name: 'Fares' });
    expect(await within(fares).findAllByText('Not refundable')).toHaveLength(2);
    expect(within(fares).getAllByText('Changes for $75.00')).toHaveLength(2);
    expect(within(fares).getByText('$159.00 per adult, $318.00 for 2 seats')).toBeDefined();
    await user.click(within(fares).getByRole('button', { name: 'Choose Economy class, fare M' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/flights/2/0/0/12.2026-12-01.10.M/13.2026-12-08._',
      ),
    );
    // The path changes first; the leg re-renders with the choice right after.
    expect(await screen.findByText('Chosen: Economy class, fare M')).toBeDefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Change fare for the flight departing at 7:05 AM',
    );
    const summary = screen.getByRole('region', { name: 'Your trip' });
    expect(within(summary).getByText('1 of 2 flights chosen')).toBeDefined();
    expect(within(summary).getByText('So far $318.00 for 2 seats')).toBeDefined();
    expect(
      within(summary).getByText('Choose a flight for every part of the trip to continue.'),
    ).toBeDefined();

    await user.click(
      within(leg(/^Return flight/)).getByRole('button', { name: /^See fares for the flight/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Choose Economy class, fare Q' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/flights/2/0/0/12.2026-12-01.10.M/13.2026-12-08.20.Q',
      ),
    );
    expect(await within(summary).findByText('Total $478.00 for 2 seats')).toBeDefined();
    expect(within(summary).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/choose',
    );
  });

  it('shows prices in the visitor’s currency', async () => {
    window.localStorage.setItem('uniquair.currency', 'EUR');
    searchApi();
    renderApp(RETURN_TRIP);
    const outboundLeg = await outboundLegWithFlights();
    // 123.00 USD at 0.9 EUR per USD.
    expect(within(outboundLeg).getByText('€110.70')).toBeDefined();
  });

  it('offers a price watch on each leg, checks the target and says when notifications cannot work', async () => {
    const user = userEvent.setup();
    searchApi();
    renderApp(RETURN_TRIP);
    const outboundLeg = await outboundLegWithFlights();
    const opener = within(outboundLeg).getByRole('button', {
      name: 'Tell me when this month is cheaper',
    });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await user.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const form = within(outboundLeg).getByRole('group', { name: 'Price watch' });
    expect(within(form).getByText(/No account needed/)).toBeDefined();
    const target = within(form).getByLabelText('Notify me below (optional)');
    await user.type(target, 'cheap');
    await user.click(within(form).getByRole('button', { name: 'Watch the price' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Enter a number.');
    await user.clear(target);
    await user.type(target, '99.50');
    await user.click(within(form).getByRole('button', { name: 'Watch the price' }));
    // This test browser has no Push API.
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'This browser cannot receive notifications.',
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(outboundLeg).queryByRole('group', { name: 'Price watch' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('offers the nearest days the route flies when a leg has no flights', async () => {
    searchApi({
      'POST /api/search/init': doneAtOnce({
        [OUT]: legResult(12, '2026-12-01', []),
        [BACK]: inbound,
      }),
      'GET /api/cheapest-price/days/12/2026/11': () =>
        dayPricesAnswer(12, 2026, 11, [{ date: '2026-11-30', price: 9_900, rating: 0 }]),
      'GET /api/cheapest-price/days/12/2026/12': noPrices,
    });
    renderApp(RETURN_TRIP);
    const outboundLeg = await waitFor(() => {
      const region = leg(/^Outbound flight/);
      expect(
        within(region).getByText('No flights found for this destination for the chosen date'),
      ).toBeDefined();
      return region;
    });
    const days = within(outboundLeg).getByRole('navigation', {
      name: 'Other days Sofia to London flies',
    });
    const links = within(days).getAllByRole('link');
    // Three days before, three after, none after the return on 8 December.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/flights/2/0/0/12.2026-11-28._/13.2026-12-08._',
      '/flights/2/0/0/12.2026-11-29._/13.2026-12-08._',
      '/flights/2/0/0/12.2026-11-30._/13.2026-12-08._',
      '/flights/2/0/0/12.2026-12-02._/13.2026-12-08._',
      '/flights/2/0/0/12.2026-12-03._/13.2026-12-08._',
      '/flights/2/0/0/12.2026-12-04._/13.2026-12-08._',
    ]);
    expect(await within(days).findByText('from $99')).toBeDefined();
  });

  it('says why a day the route does not fly is not searched (SPEC §5)', async () => {
    const api = searchApi({
      'GET /api/data/routes': () =>
        json({
          ...testRoutes,
          routes: testRoutes.routes.map((route) =>
            route.id === 12 ? { ...route, dow: 1 } : route,
          ),
        }),
      'GET /api/cheapest-price/days/12/2026/11': noPrices,
      'GET /api/cheapest-price/days/12/2026/12': noPrices,
    });
    renderApp('/flights/1/0/0/12.2026-12-01._');
    expect(await screen.findByText('Sofia to London: route does not fly on Tuesday')).toBeDefined();
    expect(
      screen.getByText('No flights found for this destination for the chosen date'),
    ).toBeDefined();
    expect(api.calls).not.toContain('POST /api/search/init');
  });

  it('says when a search failed and searches again on request', async () => {
    const user = userEvent.setup();
    let tries = 0;
    searchApi({
      'POST /api/search/init': (request) => {
        tries += 1;
        if (tries === 1) return errorBody(502, 'SEARCH_FAILED');
        return doneAtOnce({ [OUT]: outbound, [BACK]: inbound })(request);
      },
    });
    renderApp('/flights/1/0/0/12.2026-12-01._');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('The search could not be completed. Please try again.'),
    ).toBeDefined();
    await user.click(within(alert).getByRole('button', { name: 'Search again' }));
    expect(await screen.findByText('3 flights found')).toBeDefined();
  });

  it('says when the search is offline, in the words of the spec', async () => {
    searchApi({
      'POST /api/search/init': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/flights/1/0/0/12.2026-12-01._');
    expect(
      await screen.findByText('Unable to connect to server, please try again later'),
    ).toBeDefined();
  });

  it('searches again when a result expires, and says so', async () => {
    let inits = 0;
    searchApi({
      'POST /api/search/init': (request) => {
        inits += 1;
        return doneAtOnce({ [OUT]: outbound, [BACK]: inbound })(request);
      },
      [`GET /api/search/result/${OUT}`]: resultOf(outbound, OUT, 1),
    });
    renderApp('/flights/1/0/0/12.2026-12-01._');
    expect(await screen.findByText('3 flights found')).toBeDefined();
    expect(inits).toBe(1);
    // The clock passes the moment the result expires (1 s after it was checked).
    vi.setSystemTime(new Date(NOW.getTime() + 60_000));
    const notice = await screen.findByText('Search result expired', {}, { timeout: 10_000 });
    expect(notice).toBeDefined();
    expect(
      await screen.findByText(
        /^The flights below were searched again at /,
        {},
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    expect(inits).toBe(2);
    expect(screen.getByText('3 flights found')).toBeDefined();
  });

  it('forgets held results when their queries are removed (sign-out)', async () => {
    const conditions: (string | null)[] = [];
    searchApi({
      'POST /api/search/init': (request) => {
        conditions.push(request.headers.get('if-none-match'));
        return doneAtOnce({ [OUT]: outbound, [BACK]: inbound })(request);
      },
    });
    // What each page's inits offered (a busy machine may see a page's first init aborted and
    // sent again as the page settles: the same offer twice).
    const offeredBy = () => [...new Set(conditions.splice(0))];
    const first = renderApp('/flights/1/0/0/12.2026-12-01._');
    expect(await screen.findByText('3 flights found')).toBeDefined();
    expect(offeredBy()).toEqual([null]);
    first.unmount();
    const again = renderApp('/flights/1/0/0/12.2026-12-01._');
    // A new page's cache: init is asked again, offering the result held in memory.
    expect(await screen.findByText('3 flights found')).toBeDefined();
    expect(offeredBy()).toEqual([`"${OUT}"`]);
    again.queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'data' });
    again.unmount();
    renderApp('/flights/1/0/0/12.2026-12-01._');
    expect(await screen.findByText('3 flights found')).toBeDefined();
    expect(offeredBy()).toEqual([null]);
  });
});
