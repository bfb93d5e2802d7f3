import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import {
  buildTestApp,
  useTestApp,
  useTestAppServing,
  type TestApp,
} from '../../test/helpers/build.ts';
import { dialectUnderTest } from '../../test/helpers/database.ts';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { scrape } from '../../test/helpers/metrics.ts';
import { samples, sampleValue } from '../../test/helpers/prometheus-text.ts';
import { PRODUCTION_ENV } from '../../test/helpers/production-env.ts';
import { METRICS_PATH } from './metrics-scrape.ts';
import { NO_ROUTE } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const REQUESTS = 'uniquair_http_request_duration_seconds_count';

/** The app built as in production, with `env` over a production environment. */
function productionApp(env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({ ...PRODUCTION_ENV, ...env });
}

describe(`GET /metrics in development and tests (${dialectUnderTest()})`, () => {
  const testApp = useTestApp();

  it('answers the Prometheus text format with the named metrics and the process metrics', async () => {
    const text = await scrape(testApp.app);
    const names = new Set(
      text
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .map((line) => line.split(' ')[2]),
    );
    for (const name of [
      'uniquair_http_request_duration_seconds',
      'uniquair_searches_started_total',
      'uniquair_searches_finished_total',
      'uniquair_search_duration_seconds',
      'uniquair_streams_open',
      'uniquair_bookings_created_total',
      'uniquair_bookings_paid_total',
      'uniquair_bookings_expired_total',
      'uniquair_payments_total',
      'uniquair_outbox_backlog',
      'uniquair_outbox_oldest_age_seconds',
      'uniquair_info',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    const database = dialectUnderTest();
    expect(sampleValue(text, 'uniquair_info', { version: '0.7.0', database })).toBe(1);
    expect(sampleValue(text, 'uniquair_streams_open', { transport: 'sse' })).toBe(0);
    if (database === 'postgres') {
      expect(sampleValue(text, 'uniquair_db_pool_total')).toBeGreaterThan(0);
      expect(sampleValue(text, 'uniquair_db_pool_max')).toBe(10);
      expect(names).toContain('uniquair_db_pool_idle');
      expect(names).toContain('uniquair_db_pool_waiting');
    } else {
      expect(sampleValue(text, 'uniquair_sqlite_file_bytes', { file: 'database' })).toBeGreaterThan(
        0,
      );
      expect(names).not.toContain('uniquair_db_pool_total');
    }
  });

  it('times each request under its route pattern, method and status class, never its URL', async () => {
    const { app } = testApp;
    const labels = { method: 'GET', route: '/api/data/:locale/countries', status_class: '2xx' };
    const before = sampleValue(await scrape(app), REQUESTS, labels);
    for (const locale of ['en', 'de']) {
      const response = await app.inject({ method: 'GET', url: `/api/data/${locale}/countries` });
      expect(response.statusCode).toBe(200);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/data/xx/countries' });
    expect(missing.statusCode).toBe(404);
    await app.inject({ method: 'GET', url: '/api/no/such/path' });

    const text = await scrape(app);
    expect(sampleValue(text, REQUESTS, labels)).toBe(before + 2);
    expect(sampleValue(text, REQUESTS, { ...labels, status_class: '4xx' })).toBe(1);
    expect(
      sampleValue(text, REQUESTS, { method: 'GET', route: NO_ROUTE, status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = samples(text).flatMap((sample) =>
      sample.labels.route === undefined ? [] : [sample.labels.route],
    );
    expect(routes.filter((route) => /\/(en|de|xx)\/|\/no\/such/.test(route))).toEqual([]);
    expect(
      sampleValue(text, 'uniquair_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(before + 2);
  });

  it('reads the outbox backlog per topic, and the age of its oldest entry, at scrape time', async () => {
    const { app } = testApp;
    const entry = (ago: number) => {
      const at = new Date(app.now().getTime() - ago).toISOString();
      return { topic: 'test.metrics-backlog', payload: '{}', created_at: at, available_at: at };
    };
    await app.db
      .insertInto('outbox')
      .values([entry(90_000), entry(0)])
      .execute();
    const text = await scrape(app);
    const topic = { topic: 'test.metrics-backlog' };
    expect(sampleValue(text, 'uniquair_outbox_backlog', topic)).toBe(2);
    expect(sampleValue(text, 'uniquair_outbox_oldest_age_seconds', topic)).toBeGreaterThanOrEqual(
      90,
    );
    // Topics with a handler are listed even when nothing waits.
    expect(text).toMatch(/^uniquair_outbox_backlog\{topic="booking\.paid"\} 0$/m);
  });

  it('keeps each app’s counts apart (tests build many apps in one process)', async () => {
    const other = await buildTestApp();
    try {
      const labels = { method: 'GET', route: '/api/health', status_class: '2xx' };
      const mine = sampleValue(await scrape(testApp.app), REQUESTS, labels);
      const theirs = sampleValue(await scrape(other.app), REQUESTS, labels);
      await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(sampleValue(await scrape(testApp.app), REQUESTS, labels)).toBe(mine);
      expect(sampleValue(await scrape(other.app), REQUESTS, labels)).toBe(theirs + 1);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics in production', () => {
  it('answers 404 without METRICS_TOKEN: the main port has no such route', async () => {
    const testApp = await productionApp();
    try {
      expect(testApp.app.hasRoute({ method: 'GET', url: METRICS_PATH })).toBe(false);
      const response = await testApp.app.inject({ method: 'GET', url: METRICS_PATH });
      expectApiError(response, 404, 'NOT_FOUND');
    } finally {
      await testApp.close();
    }
  });

  describe('serving the web app', () => {
    const testApp = useTestAppServing(
      { 'index.html': '<!doctype html><title>Uniquair</title><div id="root"></div>' },
      PRODUCTION_ENV,
    );

    it('answers the JSON 404 without METRICS_TOKEN, never the app’s page', async () => {
      for (const url of [METRICS_PATH, `${METRICS_PATH}/`]) {
        const response = await testApp.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,*/*' },
        });
        expectApiError(response, 404, 'NOT_FOUND');
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await productionApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => testApp.close());

    it('answers 401 without the token, 403 with another one', async () => {
      const { app } = testApp;
      const missing = await app.inject({ method: 'GET', url: METRICS_PATH });
      expectApiError(missing, 401, 'ERROR_UNAUTHORIZED');
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      const notBearer = await app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Basic ${TOKEN}` },
      });
      expectApiError(notBearer, 401, 'ERROR_UNAUTHORIZED');
      const wrong = await app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expectApiError(wrong, 403, 'FORBIDDEN');
    });

    it('answers 200 with the metrics to the token', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE uniquair_bookings_created_total counter');
    });
  });
});

describe('METRICS_PORT: the metrics on a listener of their own', () => {
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ METRICS_PORT: '0', HOST: '127.0.0.1' });
    const address = testApp.app.metricsServer?.address() as AddressInfo;
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => testApp.close());

  it('serves GET /metrics there, and no longer on the main port', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(
      sampleValue(text, REQUESTS, { method: 'GET', route: '/api/health', status_class: '2xx' }),
    ).toBe(1);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(testApp.app.hasRoute({ method: 'GET', url: METRICS_PATH })).toBe(false);
    const main = await testApp.app.inject({ method: 'GET', url: METRICS_PATH });
    expectApiError(main, 404, 'NOT_FOUND');
  });

  it('answers the error body to anything else', async () => {
    const other = await fetch(`${base}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
  });

  it('asks for METRICS_TOKEN there too when it is set, and closes with the app', async () => {
    const guarded = await buildTestApp({
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    });
    const { port } = guarded.app.metricsServer?.address() as AddressInfo;
    try {
      const missing = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ code: 'ERROR_UNAUTHORIZED' });
      const allowed = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(allowed.status).toBe(200);
      await allowed.text();
    } finally {
      await guarded.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('METRICS_TOKEN and METRICS_PORT', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: ':memory:', ...env });

  it('are read into the configuration', () => {
    expect(load({}).metrics).toEqual({ token: null, port: null });
    expect(load({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
    });
  });

  it('refuse a short token without quoting it, and the main port as the metrics port', () => {
    expect(() => load({ METRICS_TOKEN: 'short-secret' })).toThrow(
      /^(?!.*short-secret).*METRICS_TOKEN: must be 32/s,
    );
    expect(() => load({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });
});
