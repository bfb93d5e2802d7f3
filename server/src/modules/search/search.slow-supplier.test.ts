import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import {
  dailyTripSearch,
  initBody,
  initSearch,
  searchStatus,
} from '../../../test/helpers/search-api.ts';

describe('SEARCH_SLOW_SUPPLIER_MS (tests and benchmarks)', () => {
  const testApp = useTestApp(
    { SEARCH_SLOW_SUPPLIER_MS: '2000', SEARCH_INITS_PER_MINUTE: '0' },
    { clock: testClock().now },
  );

  it('keeps a search in progress that long with the inventory in, then done with its flights', async () => {
    const search = await dailyTripSearch(testApp, 10);
    const started = performance.now();
    const init = initBody(await initSearch(testApp, search));
    expect(init.status).toBe('progress');
    // Polled until done: on the way, the inventory's half is in while the slow supplier waits
    // (on a busy database the inventory may answer after init did; the 2 s leave it time).
    const seen = new Set<number>();
    let status = await searchStatus(testApp, init.hash);
    while (status.status === 'progress' && performance.now() - started < 30_000) {
      seen.add(status.progress);
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = await searchStatus(testApp, init.hash);
    }
    expect(status.status).toBe('done');
    expect([...seen, init.progress]).toContain(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_990);
    const result = await testApp.app.inject({ url: `/api/search/result/${init.hash}` });
    const body = result.json<{
      result: { results: { flights: unknown[]; complete: boolean }[] };
    }>();
    expect(body.result.results[0]?.flights.length).toBeGreaterThan(0);
    expect(body.result.results[0]?.complete).toBe(true);
  });
});
