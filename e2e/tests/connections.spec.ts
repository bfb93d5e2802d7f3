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

/** The first route flying on `day` whose results pass `wanted`, searched through the API. */
async function routeWhose(
  request: Parameters<typeof loadNetwork>[0],
  routes: readonly NetworkRoute[],
  day: string,
  wanted: (flights: Flights) => boolean,
): Promise<NetworkRoute> {
  for (const route of routes.filter((candidate) => flies(candidate, day)).slice(0, 8)) {
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
