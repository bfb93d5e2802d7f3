import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT, SHORT, startProcess, seededSqlite, webBuild, serverEnv } from '../harness.ts';

/**
 * The search results page in the browser (issue 7), on the production build served by the real
 * server, in Debian's Chromium (no throttling):
 *
 * 1. time to interactive of a return search's results page: from navigation start to the moment
 *    both legs' flights are on screen with their buttons wired and the main thread has no long
 *    task (> 50 ms) left — the later of the two, from the page's own clock
 *    (PerformanceObserver `longtask`); goal 1.5 s;
 * 2. a filter or sort change with 200 flights in the list: Event Timing's duration of the
 *    interaction, from the input to the next paint, which includes re-rendering the list (the
 *    page applies a change in the same task as the input); goal 50 ms for every change. The
 *    seeded network flies at most three flights a leg on a day, so the page's search answer is
 *    widened to 200 flights made from the real ones (times, prices and stops varied) — a load
 *    fixture for the list, not data the app ever shows.
 *
 * The goals are printed; the limits below fail the run.
 */

export const TIME_TO_INTERACTIVE_GOAL_MS = 1_500;
export const FILTER_RENDER_GOAL_MS = 50;
/**
 * What fails the bench: a regression of the page, not the host's speed. Medians measured on this
 * shared 2-core host ranged 1.5–4.3 s (time to interactive) and 24–48 ms (a change with every
 * flight listed) from a quiet to a busy hour; the limits sit above the busy figures, as the
 * Lighthouse floors of the web bench do, and the goals stay printed beside them.
 */
export const TIME_TO_INTERACTIVE_LIMIT_MS = 6_000;
export const FILTER_RENDER_MEDIAN_LIMIT_MS = 150;
const FLIGHTS_IN_LIST = 200;

interface Route {
  readonly id: number;
  readonly from: string;
  readonly to: string;
  readonly dow: number;
  readonly af: string;
  readonly au: string | null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A daily route with a route back, open for the next months. */
function returnRoute(routes: readonly Route[]): { out: Route; back: Route } {
  const today = new Date().toISOString().slice(0, 10);
  for (const out of routes) {
    const back = routes.find((route) => route.from === out.to && route.to === out.from);
    const open = (route: Route) => route.dow === 127 && route.af <= today && route.au === null;
    if (back && open(out) && open(back)) return { out, back };
  }
  throw new Error('no daily return route in the network');
}

/**
 * Long tasks from the first byte of the page, and the Event Timing entries of interactions
 * (input to the next paint, the measure behind INP); entries shorter than 16 ms are not reported
 * by the browser, so an interaction without one took less than that.
 */
const PAGE_PROBES = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__events.push([entry.interactionId, entry.duration]);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/** The least duration Event Timing reports. */
const EVENT_TIMING_FLOOR_MS = 16;

async function timeToInteractive(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(PAGE_PROBES);
  await page.goto(url, { waitUntil: 'commit' });
  // Both legs found, their first flight's button rendered.
  for (const name of [/^Outbound flight/, /^Return flight/]) {
    await page
      .getByRole('region', { name })
      .getByRole('button', { name: /^See fares for the flight departing at / })
      .first()
      .waitFor({ timeout: 30_000 });
  }
  const shownAt = await page.evaluate(() => performance.now());
  // Let any work after the render show up as long tasks.
  await page.waitForTimeout(1_000);
  const tasks = await page.evaluate(
    () => (globalThis as unknown as { __longTasks: [number, number][] }).__longTasks,
  );
  const lastTaskEnd = Math.max(0, ...tasks.map(([start, duration]) => start + duration));
  await context.close();
  return Math.max(shownAt, lastTaskEnd);
}

interface SegmentLike {
  flightNumber: string;
  carrier: string;
  carrierName: string;
  from: string;
  to: string;
  departureLocal: string;
  arrivalLocal: string;
  departureUtc: string;
  arrivalUtc: string;
  duration: number;
}

interface SearchFlightLike {
  id: string;
  stops: number;
  duration: number;
  segments: SegmentLike[];
  fareClasses: { price: number }[];
  selfTransfer: boolean;
}

function shiftLocal(text: string, minutes: number): string {
  const shifted = new Date(Date.parse(`${text.slice(0, 16)}:00Z`) + minutes * 60_000);
  return shifted.toISOString().slice(0, 16);
}

function shiftUtc(text: string, minutes: number): string {
  return new Date(Date.parse(text) + minutes * 60_000).toISOString();
}

/** Where a direct flight of the fixture stops (the first hub at neither end), and how long. */
const FIXTURE_HUBS = ['FRA', 'AMS'] as const;
const FIXTURE_LAYOVER_MINUTES = 75;

/**
 * A direct flight cut in two at the hub, the second half flown by another airline: a
 * self-transfer, as the results show connections. Times at the hub are in the origin's zone. A
 * flight that already stops is left as it is.
 */
function viaHub(flight: SearchFlightLike): SearchFlightLike {
  const [only] = flight.segments;
  if (!only || flight.segments.length !== 1) return flight;
  const hub = FIXTURE_HUBS.find((code) => code !== only.from && code !== only.to) ?? 'IST';
  const partner =
    only.carrier === 'EV'
      ? { carrier: 'OP', carrierName: 'Orchid Pacific' }
      : { carrier: 'EV', carrierName: 'Eurovela' };
  const firstLeg = Math.floor(only.duration / 2);
  const layover = FIXTURE_LAYOVER_MINUTES;
  const landed = {
    local: shiftLocal(only.departureLocal, firstLeg),
    utc: shiftUtc(only.departureUtc, firstLeg),
  };
  return {
    ...flight,
    stops: 1,
    duration: flight.duration + layover,
    selfTransfer: true,
    segments: [
      {
        ...only,
        to: hub,
        arrivalLocal: landed.local,
        arrivalUtc: landed.utc,
        duration: firstLeg,
      },
      {
        ...only,
        flightNumber: only.flightNumber.replace(only.carrier, partner.carrier),
        ...partner,
        from: hub,
        departureLocal: shiftLocal(landed.local, layover),
        departureUtc: shiftUtc(landed.utc, layover),
        arrivalLocal: shiftLocal(only.arrivalLocal, layover),
        arrivalUtc: shiftUtc(only.arrivalUtc, layover),
        duration: only.duration - firstLeg,
      },
    ],
  };
}

/**
 * 200 flights from the real ones: departures spread over the day, prices varied, and every
 * fourth a connection (a direct one made to stop at the hub).
 */
function widen(flights: readonly SearchFlightLike[]): SearchFlightLike[] {
  const widened: SearchFlightLike[] = [];
  for (let index = 0; index < FLIGHTS_IN_LIST; index += 1) {
    const base = flights[index % flights.length];
    if (!base) break;
    const shift = ((index * 37) % (18 * 60)) - 9 * 60;
    const flight: SearchFlightLike = {
      ...base,
      id: `bench-${index}`,
      duration: base.duration + (index % 7) * 15,
      segments: base.segments.map((segment) => ({
        ...segment,
        departureLocal: shiftLocal(segment.departureLocal, shift),
        arrivalLocal: shiftLocal(segment.arrivalLocal, shift + (index % 7) * 15),
        departureUtc: segment.departureUtc,
        arrivalUtc: segment.arrivalUtc,
      })),
      fareClasses: base.fareClasses.map((fare) => ({
        ...fare,
        price: fare.price + ((index * 97) % 400) * 100,
      })),
    };
    widened.push(index % 4 === 0 ? viaHub(flight) : flight);
  }
  return widened;
}

async function widenSearches(page: Page): Promise<void> {
  await page.route('**/api/search/init', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result?: { results: { flights: SearchFlightLike[] }[] };
    };
    for (const leg of body.result?.results ?? []) leg.flights = widen(leg.flights);
    await route.fulfill({ response, json: body });
  });
}

/** The duration of one interaction: the longest Event Timing entry it produced. */
async function measureInteraction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    (globalThis as unknown as { __events: [number, number][] }).__events = [];
  });
  await act();
  // Let the next frames be painted and their entries delivered.
  await page.waitForTimeout(250);
  const events = await page.evaluate(
    () => (globalThis as unknown as { __events: [number, number][] }).__events,
  );
  return Math.max(EVENT_TIMING_FLOOR_MS, ...events.map(([, duration]) => duration));
}

async function filterChanges(browser: Browser, url: string, rounds: number) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(PAGE_PROBES);
  await widenSearches(page);
  await page.goto(url);
  await page
    .getByText(`${FLIGHTS_IN_LIST} flights found`, { exact: true })
    .waitFor({ timeout: 30_000 });

  const changes = async () => {
    const times: number[] = [];
    const change = async (act: () => Promise<void>) => {
      times.push(await measureInteraction(page, act));
    };
    for (let round = 0; round < rounds; round += 1) {
      for (const name of ['Cheapest', 'Fastest', 'Best']) {
        await change(() => page.getByRole('radio', { name }).check());
      }
      for (const name of ['Direct flights only', 'Any number of stops']) {
        await change(() => page.getByRole('radio', { name }).check());
      }
      // With the keyboard, as a traveller does (a scripted selection is not an interaction).
      const departingFrom = page.getByRole('combobox', { name: 'Departing from' });
      await departingFrom.focus();
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp']) {
        await change(() => page.keyboard.press(key));
      }
    }
    return times;
  };

  const firstPage = await changes();
  // Every flight on screen: 'Show more flights' until all 200 are listed.
  const more = page.getByRole('button', { name: /^Show \d+ more flights?/ });
  while (await more.isVisible()) await more.click();
  const listed = await page.locator('main ol > li').count();
  const allListed = await changes();
  await context.close();
  return { firstPage, allListed, listed };
}

function summarise(values: readonly number[]): string {
  const shown = (ms: number) =>
    ms <= EVENT_TIMING_FLOOR_MS ? `< ${EVENT_TIMING_FLOOR_MS} ms` : `${ms} ms`;
  return `median ${shown(median(values))}, max ${shown(Math.max(...values))} (${values.length} changes)`;
}

export async function searchPageBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-'));
  let browser: Browser | undefined;
  const failures: string[] = [];
  try {
    const outDir = webBuild().dir;
    const server = await startProcess(
      'server',
      join(REPO_ROOT, 'server/src/server.ts'),
      {
        DATABASE_URL: await seededSqlite(dataDir),
        WEB_DIST_DIR: outDir,
        LOG_LEVEL: 'warn',
        ...serverEnv('production'),
        SEARCH_INITS_PER_MINUTE: '0',
      },
      '/api/health',
    );
    try {
      const { routes } = (await (await fetch(`${server.url}/api/data/routes`)).json()) as {
        routes: Route[];
      };
      const { out, back } = returnRoute(routes);
      const departure = addDays(new Date().toISOString().slice(0, 10), 21);
      const returnPath = `/flights/1/0/0/${out.id}.${departure}._/${back.id}.${addDays(departure, 7)}._`;
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      // A first visit warms the server, its caches and the stored searches.
      await timeToInteractive(browser, `${server.url}${returnPath}`);

      const runs: number[] = [];
      for (let round = 0; round < (SHORT ? 3 : 7); round += 1) {
        runs.push(await timeToInteractive(browser, `${server.url}${returnPath}`));
      }
      console.log(
        `\nSearch results page, return search ${returnPath} (production build, ${browser.version()}, no throttling)`,
      );
      console.log(`  time to interactive: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      const interactive = median(runs);
      const interactiveHeld = interactive <= TIME_TO_INTERACTIVE_LIMIT_MS;
      console.log(
        `  median ${interactive.toFixed(0)} ms: goal ${TIME_TO_INTERACTIVE_GOAL_MS} ms ${interactive <= TIME_TO_INTERACTIVE_GOAL_MS ? 'met' : 'NOT met'}, limit ${TIME_TO_INTERACTIVE_LIMIT_MS} ms ${interactiveHeld ? 'held' : 'BROKEN'}`,
      );
      if (!interactiveHeld) {
        failures.push(
          `results page time to interactive ${interactive.toFixed(0)} ms over ${TIME_TO_INTERACTIVE_LIMIT_MS} ms`,
        );
      }

      const oneWay = `/flights/1/0/0/${out.id}.${addDays(departure, 3)}._`;
      const filters = await filterChanges(browser, `${server.url}${oneWay}`, SHORT ? 2 : 5);
      console.log(
        `\nFilter and sort changes with ${FLIGHTS_IN_LIST} flights (Event Timing: input to the next paint)`,
      );
      console.log(`  first page of flights listed: ${summarise(filters.firstPage)}`);
      console.log(`  all ${filters.listed} flights listed: ${summarise(filters.allListed)}`);
      const worst = Math.max(...filters.allListed);
      const typical = median(filters.allListed);
      const filterHeld = typical <= FILTER_RENDER_MEDIAN_LIMIT_MS;
      console.log(
        `  goal ${FILTER_RENDER_GOAL_MS} ms for every change: ${worst < FILTER_RENDER_GOAL_MS ? 'met' : 'NOT met'}; limit ${FILTER_RENDER_MEDIAN_LIMIT_MS} ms for the median: ${filterHeld ? 'held' : 'BROKEN'}`,
      );
      if (!filterHeld) {
        failures.push(
          `filter and sort changes: median ${typical} ms over ${FILTER_RENDER_MEDIAN_LIMIT_MS} ms`,
        );
      }
    } finally {
      await browser?.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new Error(`search page benchmark: ${failures.join('; ')}`);
}
