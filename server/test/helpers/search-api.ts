import { SearchInitResponseSchema, SearchStatusResponseSchema } from '@uniquair/contract/search';
import { addDays } from '@uniquair/domain/dates/ymd';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './build.ts';
import { testClock, type TestClock } from './clock.ts';
import { TEST_TODAY } from './database.ts';
import { dailyRoundTrip, gated, inventoryOf } from './search.ts';
import type { Route } from '../../src/db/tables/inventory.ts';

export const ONE_ADULT = { adults: 1, children: 0, infants: 0 };

/**
 * Init waits this long for its job (100 ms in production): inventory searches take a few
 * milliseconds, but a loaded test machine must not turn an answer `done` into `progress`.
 */
export const PATIENT = 10_000;

/**
 * A search for one adult on the seed's daily round trip ({@link dailyRoundTrip}): out `outDays`
 * days after the seed's today, and back `backDays` days after it when given.
 */
export async function dailyTripSearch(testApp: TestApp, outDays: number, backDays?: number) {
  const { out, back } = await dailyRoundTrip(testApp.app.db);
  const destinations = [{ route: out.id, date: addDays(TEST_TODAY, outDays) }];
  if (backDays !== undefined) {
    destinations.push({ route: back.id, date: addDays(TEST_TODAY, backDays) });
  }
  return { destinations, passengers: ONE_ADULT };
}

/** `POST /api/search/init`. */
export function initSearch(
  testApp: TestApp,
  payload: object,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({ method: 'POST', url: '/api/search/init', payload, headers });
}

/** The body of a successful init. */
export function initBody(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return SearchInitResponseSchema.parse(response.json());
}

/** `GET /api/search/status/:hash`, which must succeed. */
export async function searchStatus(testApp: TestApp, hash: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/search/status/${hash}` });
  expect(response.statusCode, response.body).toBe(200);
  return SearchStatusResponseSchema.parse(response.json());
}

/**
 * An app searching the seeded inventory on a test clock, with a daily round trip to search.
 * Many searches come from one client: no per-minute limit (tested on its own).
 */
export async function inventorySearchApp(): Promise<{
  testApp: TestApp;
  clock: TestClock;
  out: Route;
  back: Route;
}> {
  const clock = testClock();
  const testApp = await buildTestApp(
    { SEARCH_INITS_PER_MINUTE: '0' },
    { clock: clock.now, search: { initWaitMs: PATIENT } },
  );
  const { out, back } = await dailyRoundTrip(testApp.app.db);
  return { testApp, clock, out, back };
}

/** The supplier of {@link gatedSearchApp}: the inventory, answering each part when released. */
export type GatedSupplier = ReturnType<typeof gated>;

/**
 * An app whose only supplier is the seeded inventory behind a gate: init answers at once, in
 * progress, and the parts wait for the gate's release. `search` adds search settings.
 */
export async function gatedSearchApp(
  env: Record<string, string> = {},
  search: Omit<NonNullable<TestAppOptions['search']>, 'initWaitMs' | 'suppliers'> = {},
): Promise<{ testApp: TestApp; gate: GatedSupplier }> {
  let gate: GatedSupplier | undefined;
  const testApp = await buildTestApp(env, {
    clock: testClock().now,
    search: {
      ...search,
      initWaitMs: 0,
      suppliers: (app) => {
        gate = gated(inventoryOf(app));
        return [gate];
      },
    },
  });
  if (gate === undefined) throw new Error('The app built no search supplier');
  return { testApp, gate };
}

/** Starts the app listening on a free local port; answers its base URL. */
export async function listenLocally(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
