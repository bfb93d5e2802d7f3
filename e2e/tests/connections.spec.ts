import { expect, test } from '../fixtures/test.ts';
import { bookTrip, payWithCard } from './booking-helpers.ts';
import {
  addDays,
  flies,
  loadNetwork,
  searchOneWay,
  today,
  type NetworkRoute,
  type OneWayResult,
} from './search-helpers.ts';

/** Airlines of the seeded network. */
const AIRLINES = /Uniquair|Eurovela|Orchid Pacific|Quetzal Airways/;

type Flights = OneWayResult['results'][number]['flights'];

/**
 * The first route flying on `day` whose results pass `wanted`, searched through the API. The seeded
 * network changes with the day it is seeded for, so up to 20 routes are tried.
 */
async function routeWhose(
  request: Parameters<typeof loadNetwork>[0],
  routes: readonly NetworkRoute[],
  day: string,
  wanted: (flights: Flights) => boolean,
): Promise<NetworkRoute> {
  for (const route of routes.filter((candidate) => flies(candidate, day)).slice(0, 20)) {
    const result = await searchOneWay(request, route.id, day);
    if (wanted(result.results[0]?.flights ?? [])) return route;
  }
  throw new Error(`no route with the wanted flights on ${day}`);
}

const isConnection = (flight: Flights[number]) => flight.id.includes('-');

/** A route flown only through hubs on `day` (they are numbered after the network's own). */
async function marketRoute(
  request: Parameters<typeof loadNetwork>[0],
  day: string,
): Promise<NetworkRoute> {
  const network = await loadNetwork(request);
  return routeWhose(
    request,
    [...network.routes].reverse(),
    day,
    (flights) => flights.length > 0 && flights.every(isConnection),
  );
}

test.describe('connections through hubs', () => {
  test('a route without a flight of its own shows connections with layovers and airlines', async ({
    page,
    request,
  }) => {
    const day = addDays(today(), 20);
    const route = await marketRoute(request, day);
    await page.goto(`/flights/1/0/0/${route.id}.${day}._`);
    await expect(page.getByText(/^\d+ flights? found$/).first()).toBeVisible();

    const card = page
      .getByRole('listitem')
      .filter({ hasText: /\d+ stops?/ })
      .first();
    await expect(card).toContainText(AIRLINES);
    await expect(card).not.toContainText('Direct');
    const details = card.getByRole('button', { name: /Flight details/ });
    await details.press('Enter');
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByText(/^Layover .+ in [A-Z]{3}/).first()).toBeVisible();
  });

  test('on a route with direct flights and connections, non-stop and fastest change the list and the URL', async ({
    page,
    request,
  }) => {
    const network = await loadNetwork(request);
    const day = addDays(today(), 24);
    const route = await routeWhose(
      request,
      network.routes,
      day,
      (flights) => flights.some(isConnection) && flights.some((flight) => !isConnection(flight)),
    );
    await page.goto(`/flights/1/0/0/${route.id}.${day}._`);
    const count = page.getByText(/^\d+ flights? found$/).first();
    await expect(count).toBeVisible();
    const all = Number((await count.textContent())?.match(/\d+/)?.[0]);

    await page.getByRole('radio', { name: 'Fastest' }).check();
    await expect(page).toHaveURL(/[?&]sort=fastest/);

    await page.getByRole('radio', { name: 'Direct flights only' }).check();
    await expect(page).toHaveURL(/[?&]s=0/);
    await expect(page.getByText(new RegExp(`^Showing \\d+ of ${all} flights$`))).toBeVisible();
    const cards = page.getByRole('listitem').filter({ hasText: /Direct|\d+ stops?/ });
    await expect(cards.filter({ hasText: /\d+ stops?/ })).toHaveCount(0);
    await expect(cards.first()).toContainText('Direct');
  });

  test('books and pays a connection; the booking shows its flights from start to end', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const day = addDays(today(), 27);
    const route = await marketRoute(request, day);
    const results = { path: `/flights/1/0/0/${route.id}.${day}._`, departure: day };
    const { pnr } = await bookTrip(page, request, { oneWay: true, results });
    await payWithCard(page, pnr);
    await page.getByRole('link', { name: `View booking ${pnr}` }).click();
    await expect(page).toHaveURL(`/bookings/${pnr}`);
    await expect(
      page.getByText('Your booking is paid and your tickets have been issued.'),
    ).toBeVisible({ timeout: 30_000 });
    // The trip reads as one journey from the route's start to its end, flight by flight.
    const trip = page.getByRole('region', { name: 'Flights' });
    const flights = trip.getByText(/^Flight .+ operated by /);
    await expect(flights.nth(1)).toBeVisible();
    await expect(trip.getByText(/^Departs /).first()).toContainText(`(${route.from})`);
    await expect(trip.getByText(/^Arrives /).last()).toContainText(`(${route.to})`);
    await expect(trip.getByText(/^Layover .+ in /).first()).toBeVisible();
    // A ticket per flight: the one traveller's two e-tickets, each naming its flight's route.
    const stops = await trip.getByText(/^Flight .+ operated by /).count();
    const tickets = page.getByRole('region', { name: 'Tickets' }).getByRole('link');
    await expect(tickets).toHaveCount(stops);
    await expect(tickets.first()).toHaveText(
      new RegExp(`^E-ticket \\d{13}: .+, flight 1, ${route.from}–`),
    );
    await expect(tickets.last()).toHaveText(new RegExp(`–${route.to}$`));
    await tickets.last().click();
    const eTicket = page.getByRole('article', { name: 'Electronic ticket' });
    await expect(eTicket.getByText(/^Arrives /)).toContainText(`(${route.to})`);
    await expect(eTicket.getByText(/^Departs /)).not.toContainText(`(${route.from})`);
  });

  test('Tokyo, all airports: picked by typing, searched from Narita and Haneda at once', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const from = page.getByRole('combobox', { name: 'From' }).first();
    await from.fill('Tok');
    await expect(page.getByRole('option').first()).toContainText('All airports: HND, NRT');
    await from.press('Enter');
    await expect(from).toHaveValue('Tokyo (TYO)');

    // A day on which a route from Tokyo has flights from both of its airports.
    const network = await loadNetwork(request, { cities: true });
    const day = addDays(today(), 24);
    const fromTokyo = network.routes.filter((route) => route.from === 'TYO');
    const fromBoth = (flights: Flights) =>
      ['NRT', 'HND'].every((code) => flights.some((flight) => flight.segments[0]?.from === code));
    let route: NetworkRoute | undefined;
    for (const candidate of fromTokyo.filter((entry) => flies(entry, day))) {
      const result = await searchOneWay(request, candidate.id, day);
      if (fromBoth(result.results[0]?.flights ?? [])) {
        route = candidate;
        break;
      }
    }
    if (!route) throw new Error(`no route from Tokyo flown from both airports on ${day}`);
    await page.goto(`/flights/1/0/0/${route.id}.${day}._`);
    await expect(
      page.getByRole('heading', { level: 1, name: /^Flights from Tokyo/ }),
    ).toBeVisible();
    for (const code of ['NRT', 'HND']) {
      await expect(page.getByText(new RegExp(`^${code} – ${route.to}$`)).first()).toBeVisible();
    }
  });

  test('typing LON and Enter picks a London airport', async ({ page }) => {
    await page.goto('/');
    const from = page.getByRole('combobox', { name: 'From' }).first();
    await from.fill('LON');
    await expect(page.getByRole('option').first()).toContainText('London');
    await from.press('Enter');
    await expect(from).toHaveValue(/London/);
  });
});
