import { SearchResultResponseSchema } from '@uniquair/contract/search';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  dailyTripSearch,
  gatedSearchApp,
  initBody,
  initSearch,
  PATIENT,
  searchStatus,
} from '../../../test/helpers/search-api.ts';
import {
  counting,
  eventually,
  failing,
  fixed,
  gated,
  inventoryOf,
} from '../../../test/helpers/search.ts';
import { searchHash } from './search.hash.ts';

describe('search jobs', () => {
  it('report progress as the parts answer, then done; status and result follow the job', async () => {
    let gate: ReturnType<typeof gated> | undefined;
    const testApp = await buildTestApp(
      {},
      {
        clock: testClock().now,
        search: {
          initWaitMs: 0,
          suppliers: (app) => {
            gate = gated(inventoryOf(app), 'partner');
            return [inventoryOf(app), gate];
          },
        },
      },
    );
    try {
      const started = initBody(await initSearch(testApp, await dailyTripSearch(testApp, 9, 16)));
      expect(started.status).toBe('progress');
      expect(started.result).toBeUndefined();
      // Two legs × two suppliers: the inventory's two parts answer at once, the partner waits.
      await eventually(() => gate?.waiting() === 2);
      await eventually(() => testApp.app.searchEngine.jobs.runningCount === 1);
      let now = await searchStatus(testApp, started.hash);
      for (let i = 0; i < 100 && now.progress < 50; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        now = await searchStatus(testApp, started.hash);
      }
      expect(now).toMatchObject({ status: 'progress', progress: 50 });
      expectApiError(
        await testApp.app.inject({ url: `/api/search/result/${started.hash}` }),
        409,
        'SEARCH_NOT_READY',
      );
      gate?.release();
      await eventually(() => testApp.app.searchEngine.jobs.runningCount === 0);
      expect(await searchStatus(testApp, started.hash)).toMatchObject({
        status: 'done',
        progress: 100,
      });
      const result = await testApp.app.inject({ url: `/api/search/result/${started.hash}` });
      expect(result.statusCode).toBe(200);
      const legs = SearchResultResponseSchema.parse(result.json()).result.results;
      // Both suppliers answered the same inventory: each flight once.
      for (const leg of legs) {
        expect(leg.complete).toBe(true);
        const ids = leg.flights.map((flight) => flight.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeGreaterThan(0);
      }
    } finally {
      await testApp.close();
    }
  });

  it('start one job for 50 identical concurrent inits: one call per leg to each supplier', async () => {
    const { testApp, gate } = await gatedSearchApp({ SEARCH_INITS_PER_MINUTE: '0' });
    try {
      const payload = await dailyTripSearch(testApp, 60, 62);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => initSearch(testApp, payload)),
      );
      const bodies = responses.map(initBody);
      expect(new Set(bodies.map((body) => body.hash)).size).toBe(1);
      const outcomes = responses.map((response) => response.headers['search-job']);
      expect(outcomes.filter((outcome) => outcome === 'started')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'joined')).toHaveLength(49);
      await eventually(() => gate.waiting() === 2);
      expect(gate.calls).toBe(2);
      expect(testApp.app.searchEngine.jobs.stats).toMatchObject({ started: 1, joined: 49 });
      gate.release();
      await eventually(() => testApp.app.searchEngine.jobs.runningCount === 0);
      const after = await Promise.all(
        Array.from({ length: 5 }, () => initSearch(testApp, payload)),
      );
      expect(after.map((response) => response.headers['search-job'])).toEqual(
        Array(5).fill('stored'),
      );
      expect(gate.calls).toBe(2);
    } finally {
      await testApp.close();
    }
  });

  it('end in error when a leg has no supplier answer, and run again at the next init', async () => {
    const broken = failing();
    const testApp = await buildTestApp(
      {},
      { clock: testClock().now, search: { initWaitMs: PATIENT, suppliers: () => [broken] } },
    );
    try {
      const payload = await dailyTripSearch(testApp, 8);
      const first = initBody(await initSearch(testApp, payload));
      expect(first).toMatchObject({ status: 'error', progress: 100 });
      expect(first.result).toBeUndefined();
      expect(await searchStatus(testApp, first.hash)).toMatchObject({ status: 'error' });
      expectApiError(
        await testApp.app.inject({ url: `/api/search/result/${first.hash}` }),
        502,
        'SEARCH_FAILED',
      );
      const row = await testApp.app.db
        .selectFrom('search_results')
        .selectAll()
        .where('hash', '=', first.hash)
        .executeTakeFirstOrThrow();
      expect(row.error).toContain('broken is down');
      const retry = await initSearch(testApp, payload);
      expect(retry.headers['search-job']).toBe('started');
      expect(broken.calls).toBe(2);
      // The process is unharmed: other searches still answer.
      const health = await testApp.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('end done when a failing supplier only fails its part, marking the leg incomplete', async () => {
    const broken = failing('flaky');
    const testApp = await buildTestApp(
      {},
      {
        clock: testClock().now,
        search: { initWaitMs: PATIENT, suppliers: (app) => [inventoryOf(app), broken] },
      },
    );
    try {
      const body = initBody(await initSearch(testApp, await dailyTripSearch(testApp, 8, 9)));
      expect(body.status).toBe('done');
      expect(body.result?.results.map((leg) => leg.complete)).toEqual([false, false]);
      expect(body.result?.results.every((leg) => leg.flights.length > 0)).toBe(true);
      expect(broken.calls).toBe(2);
    } finally {
      await testApp.close();
    }
  });

  it('fail a part whose supplier does not answer in time, and merge other suppliers by id', async () => {
    let slow: ReturnType<typeof gated> | undefined;
    const extra = {
      id: 'partner-1',
      stops: 0,
      duration: 60,
      segments: [
        {
          flightNumber: 'XX1',
          carrier: 'XX',
          carrierName: 'Partner Air',
          from: 'AAA',
          to: 'BBB',
          departureLocal: `${TEST_TODAY}T00:10`,
          departureUtc: `${TEST_TODAY}T00:10:00.000Z`,
          arrivalLocal: `${TEST_TODAY}T01:10`,
          arrivalUtc: `${TEST_TODAY}T01:10:00.000Z`,
          duration: 60,
        },
      ],
      fareClasses: [{ letter: 'Q', cabin: 'economy' as const, price: 100, seatsLeft: 9 }],
      selfTransfer: false,
    };
    const testApp = await buildTestApp(
      {},
      {
        clock: testClock().now,
        search: {
          supplierTimeoutMs: 50,
          initWaitMs: PATIENT,
          suppliers: (app) => {
            slow = gated(inventoryOf(app), 'slow');
            return [inventoryOf(app), fixed('partner', [extra]), slow];
          },
        },
      },
    );
    try {
      const body = initBody(await initSearch(testApp, await dailyTripSearch(testApp, 5)));
      expect(body.status).toBe('done');
      const [leg] = body.result?.results ?? [];
      expect(leg?.complete).toBe(false);
      expect(leg?.flights[0]?.id).toBe('partner-1');
      expect(leg?.cheapestPrice).toBe(100);
      expect(slow?.aborted).toBe(1);
    } finally {
      await testApp.close();
    }
  });

  it('expire a result after the configured time: status expired, result 410, init runs it again', async () => {
    const clock = testClock();
    const testApp = await buildTestApp(
      { SEARCH_RESULT_TTL_SECONDS: '60' },
      {
        clock: clock.now,
        search: { initWaitMs: PATIENT, suppliers: (app) => [counting(inventoryOf(app))] },
      },
    );
    try {
      const payload = await dailyTripSearch(testApp, 7);
      const first = await initSearch(testApp, payload);
      const { hash } = initBody(first);
      clock.advance(59_000);
      expect(await searchStatus(testApp, hash)).toMatchObject({ status: 'done' });
      const fresh = await testApp.app.inject({ url: `/api/search/result/${hash}` });
      expect(fresh.headers['cache-control']).toBe('private, max-age=1');
      clock.advance(1_000);
      expect(await searchStatus(testApp, hash)).toMatchObject({ status: 'expired', progress: 100 });
      expectApiError(
        await testApp.app.inject({ url: `/api/search/result/${hash}` }),
        410,
        'SEARCH_EXPIRED',
      );
      const rerun = await initSearch(testApp, payload);
      expect(rerun.headers['search-job']).toBe('started');
      expect(initBody(rerun)).toMatchObject({ status: 'done', hash });
      expect(rerun.headers.etag).not.toBe(first.headers.etag);
      expect(await searchStatus(testApp, hash)).toMatchObject({ status: 'done' });
    } finally {
      await testApp.close();
    }
  });

  it('treat a run abandoned by a stopped process as failed, and take it over at the next init', async () => {
    const clock = testClock();
    const testApp = await buildTestApp({}, { clock: clock.now, search: { initWaitMs: PATIENT } });
    try {
      const search = await dailyTripSearch(testApp, 6);
      const hash = searchHash(search);
      const longAgo = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
      const justNow = new Date(clock.now().getTime() - 1_000).toISOString();
      const row = {
        hash,
        params: '{}',
        status: 'progress' as const,
        progress: 50,
        result: null,
        error: null,
        created_at: justNow,
        started_at: justNow,
        updated_at: justNow,
        finished_at: null,
        expires_at: null,
      };
      // Running elsewhere, recently: joined, not started twice.
      await testApp.app.db.insertInto('search_results').values(row).execute();
      const joined = await initSearch(testApp, search);
      expect(joined.headers['search-job']).toBe('joined');
      expect(initBody(joined)).toMatchObject({ status: 'progress', progress: 50 });
      // Abandoned long ago: reported as failed, then run again here.
      await testApp.app.db
        .updateTable('search_results')
        .set({ started_at: longAgo })
        .where('hash', '=', hash)
        .execute();
      expect(await searchStatus(testApp, hash)).toMatchObject({ status: 'error' });
      const taken = await initSearch(testApp, search);
      expect(taken.headers['search-job']).toBe('started');
      expect(initBody(taken).status).toBe('done');
    } finally {
      await testApp.close();
    }
  });

  it('limit the searches one client starts per minute', async () => {
    const testApp = await buildTestApp(
      { SEARCH_INITS_PER_MINUTE: '3' },
      { clock: testClock().now, search: { initWaitMs: PATIENT } },
    );
    try {
      const payload = (day: number) => dailyTripSearch(testApp, day);
      for (const day of [3, 4, 5])
        expect((await initSearch(testApp, await payload(day))).statusCode).toBe(200);
      const refused = await initSearch(testApp, await payload(6));
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Following a search is not limited.
      const hash = searchHash(await payload(3));
      expect((await searchStatus(testApp, hash)).status).toBe('done');
    } finally {
      await testApp.close();
    }
  });

  it('purge searches long expired', async () => {
    const clock = testClock();
    const testApp = await buildTestApp(
      { SEARCH_RESULT_TTL_SECONDS: '60' },
      { clock: clock.now, search: { initWaitMs: PATIENT } },
    );
    try {
      const { hash } = initBody(await initSearch(testApp, await dailyTripSearch(testApp, 4)));
      const { jobs } = testApp.app.searchEngine;
      clock.advance(30 * 60_000);
      expect(await jobs.purge()).toBe(0);
      expect(await searchStatus(testApp, hash)).toMatchObject({ status: 'expired' });
      clock.advance(32 * 60_000);
      expect(await jobs.purge()).toBe(1);
      expectApiError(
        await testApp.app.inject({ url: `/api/search/status/${hash}` }),
        404,
        'NOT_FOUND',
      );
    } finally {
      await testApp.close();
    }
  });
});
