import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures/test.ts';

/** The route network the server seeded, as `GET /api/data/routes` answers it. */
export interface NetworkRoute {
  readonly id: number;
  readonly from: string;
  readonly to: string;
  readonly dow: number;
  readonly af: string;
  readonly au: string | null;
}

export interface NetworkAirport {
  readonly id: string;
  readonly city: string;
  readonly lat: number;
  readonly lon: number;
  /** Only on a city of several airports' entry (`TYO`): its airports. */
  readonly airports?: readonly string[];
}

export interface Network {
  readonly routes: readonly NetworkRoute[];
  readonly airports: readonly NetworkAirport[];
}

/**
 * The seeded network. Its routes are the airports' own unless `cities` is set: a route from or to
 * a city of several airports (`TYO`) is flown from and to its airports, so the journeys that
 * expect a flight to leave from the route's first airport leave them out.
 */
export async function loadNetwork(
  request: APIRequestContext,
  { cities = false }: { cities?: boolean } = {},
): Promise<Network> {
  const network = (await (await request.get('/api/data/routes')).json()) as Network;
  if (cities) return network;
  const entries = new Set(
    network.airports.filter((airport) => airport.airports).map((airport) => airport.id),
  );
  return {
    ...network,
    routes: network.routes.filter((route) => !entries.has(route.from) && !entries.has(route.to)),
  };
}

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today in UTC; tests keep a week's margin so that no airport's "today" differs. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The day-of-week bit of a date: Monday 1 … Sunday 64 (SPEC §9). */
export function dayBit(date: string): number {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return 1 << ((weekday + 6) % 7);
}

export function flies(route: NetworkRoute, date: string): boolean {
  return (
    (route.dow & dayBit(date)) !== 0 && date >= route.af && (route.au === null || date <= route.au)
  );
}

/** The first day on or after `from` that the route flies. */
export function flyingDay(route: NetworkRoute, from: string): string {
  let day = from;
  for (let step = 0; step < 60; step += 1) {
    if (flies(route, day)) return day;
    day = addDays(day, 1);
  }
  throw new Error(`route ${route.id} does not fly within 60 days of ${from}`);
}

export function reverseOf(network: Network, route: NetworkRoute): NetworkRoute | undefined {
  return network.routes.find((other) => other.from === route.to && other.to === route.from);
}

export function cityOf(network: Network, airport: string): string {
  return network.airports.find((entry) => entry.id === airport)?.city ?? airport;
}

/** A route flown every day with a route back, open for the coming months. */
export function dailyReturnRoute(network: Network): { out: NetworkRoute; back: NetworkRoute } {
  const horizon = addDays(today(), 90);
  for (const out of network.routes) {
    const back = reverseOf(network, out);
    const open = (route: NetworkRoute) =>
      route.dow === 127 && route.af <= today() && (route.au === null || route.au > horizon);
    if (back && open(out) && open(back)) return { out, back };
  }
  throw new Error('no daily route with a route back');
}

/** `12/15/2026`: how the en-US date fields read a date. */
export function usDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

/** `Tuesday, December 15, 2026`: a calendar day's accessible name starts so. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'full',
    timeZone: 'UTC',
  });
}

/** Runs axe-core on the page as it is now; WCAG 2.x A and AA rules, zero violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Chooses an airport in one of the form's airport fields by typing its code. A destination
 * chosen opens the flight's calendar; it is closed again (Escape), so that the date can be typed.
 */
export async function chooseAirport(page: Page, label: 'From' | 'To', code: string) {
  const field = page.getByRole('combobox', { name: label }).first();
  await field.fill(code);
  await page
    .getByRole('option', { name: new RegExp(`\\b${code}\\b`) })
    .first()
    .click();
  await expect(field).toHaveValue(new RegExp(`\\b${code}\\b`));
  if (label === 'To') await closeOpenedCalendar(page);
}

/** Closes the calendar that opened by itself when a destination was chosen (Escape). */
export async function closeOpenedCalendar(page: Page) {
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid').locator(':focus')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
}

/**
 * Makes `POST /api/search/init` answer as a search still running (status `progress`, no result),
 * whatever the real server answered, so that the page must follow the progress with its
 * transports; the server's real stream, socket and status then report the finished search.
 */
export async function answerInitAsRunning(page: Page) {
  await page.route('**/api/search/init', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { success: boolean; hash: string };
    await route.fulfill({
      response,
      json: { success: true, hash: body.hash, status: 'progress', progress: 0 },
    });
  });
}

/** A one-way search's result as the API answers it (the parts the journeys read). */
export interface OneWayResult {
  /** The search's hash (what a booking is made from). */
  hash: string;
  results: {
    flights: {
      id: string;
      fareClasses: { letter: string }[];
      segments: { from: string; to: string }[];
    }[];
  }[];
}

/** Searches a route on a day through the API for one adult and waits for its result. */
export async function searchOneWay(
  request: APIRequestContext,
  routeId: number,
  date: string,
): Promise<OneWayResult> {
  const init = await request.post('/api/search/init', {
    data: {
      destinations: [{ route: routeId, date }],
      passengers: { adults: 1, children: 0, infants: 0 },
    },
  });
  expect(init.ok(), await init.text()).toBe(true);
  const { hash } = (await init.json()) as { hash: string };
  const found: Omit<OneWayResult, 'hash'>[] = [];
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/search/result/${hash}`);
        if (!answer.ok()) return false;
        const { result } = (await answer.json()) as {
          result: Omit<OneWayResult, 'hash'> | null;
        };
        if (result) found.push(result);
        return result !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const result = found[0];
  if (!result) throw new Error(`no result for route ${routeId} on ${date}`);
  return { ...result, hash };
}
