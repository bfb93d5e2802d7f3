import { SearchInitResponseSchema, SearchStatusResponseSchema } from '@uniquair/contract/search';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './build.ts';
import { testClock, type TestClock } from './clock.ts';
import { dailyRoundTrip } from './search.ts';
import type { Route } from '../../src/db/tables/inventory.ts';

export const ONE_ADULT = { adults: 1, children: 0, infants: 0 };

/**
 * Init waits this long for its job (100 ms in production): inventory searches take a few
 * milliseconds, but a loaded test machine must not turn an answer `done` into `progress`.
 */
export const PATIENT = 10_000;

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
