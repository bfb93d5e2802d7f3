import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CurrenciesResponseSchema } from '@uniquair/contract/data';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';

/** Headers that belong to one connection, one moment or one request, not to the answer. */
const PER_EXCHANGE = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function comparable(headers: Record<string, string | string[] | number | undefined>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!PER_EXCHANGE.has(name) && value !== undefined) kept[name] = String(value);
  }
  return kept;
}

/**
 * The fast lane (lib/fast-lane.ts) answers anonymous reads of currencies, passenger types and the
 * route network over real HTTP, ahead of Fastify. Its answers must be the routes' answers, byte
 * for byte and header for header; every request it cannot take goes to Fastify unchanged.
 */
describe('the /api/data fast lane', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    // Versions checked once a minute, as in production: the lane answers from cached data only.
    testApp = await buildTestApp({ DATASET_VERSION_CHECK_MS: '60000' });
    app = testApp.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** Over HTTP, noting whether the fast lane answered. */
  async function overHttp(
    path: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<Exchange & { fastLane: boolean }> {
    const serve = vi.spyOn(app.fastLane, 'serve');
    try {
      const response = await fetch(`${base}${path}`, { method, headers });
      const body = Buffer.from(await response.arrayBuffer());
      const answered = serve.mock.results.some((result) => result.value === true);
      const all: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        all[name] = value;
      });
      return { status: response.status, headers: all, body, fastLane: answered };
    } finally {
      serve.mockRestore();
    }
  }

  /** Through Fastify's routes (inject does not pass the HTTP server, so not the fast lane). */
  async function throughRoutes(path: string, headers: Record<string, string>): Promise<Exchange> {
    const response = await app.inject({ method: 'GET', url: path, headers });
    return {
      status: response.statusCode,
      headers: comparable(response.headers),
      body: response.rawPayload,
    };
  }

  const paths = ['/api/data/currencies', '/api/data/ticket-types', '/api/data/routes'];
  const visitors: Array<Record<string, string>> = [
    { 'accept-encoding': 'identity' },
    { 'accept-encoding': 'identity', 'accept-language': 'de-DE,de;q=0.9' },
    { 'accept-encoding': 'gzip', 'accept-language': 'ja' },
    { 'accept-encoding': 'br, gzip' },
  ];

  it.each(paths)('answers %s as the route does, for each language and encoding', async (path) => {
    // Warm the caches the lane reads from.
    await overHttp(path);
    for (const headers of visitors) {
      const fast = await overHttp(path, headers);
      const routed = await throughRoutes(path, headers);
      expect(fast.fastLane, JSON.stringify(headers)).toBe(true);
      expect(fast.status).toBe(routed.status);
      expect(comparable(fast.headers)).toEqual(routed.headers);
      // fetch decodes compressed bodies; the plain ones compare byte for byte.
      if (headers['accept-encoding'] === 'identity')
        expect(fast.body.equals(routed.body)).toBe(true);
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives the visitor’s language its default currency', async () => {
    const german = await overHttp('/api/data/currencies', { 'accept-language': 'de' });
    expect(german.fastLane).toBe(true);
    expect(CurrenciesResponseSchema.parse(JSON.parse(german.body.toString())).currency.code).toBe(
      'EUR',
    );
  });

  it('answers a conditional request with 304 and no body, as the route does', async () => {
    const first = await overHttp('/api/data/routes');
    const lastModified = first.headers['last-modified'] ?? '';
    const etag = first.headers.etag ?? '';
    const validators: Array<Record<string, string>> = [
      { 'if-modified-since': lastModified },
      { 'if-none-match': etag },
    ];
    for (const validator of validators) {
      const fast = await overHttp('/api/data/routes', validator);
      expect(fast.fastLane).toBe(true);
      expect(fast.status).toBe(304);
      expect(fast.body.length).toBe(0);
      expect(comparable(fast.headers)).toEqual(
        (await throughRoutes('/api/data/routes', validator)).headers,
      );
    }
  });

  it('keeps a caller’s safe X-Request-Id', async () => {
    const answer = await overHttp('/api/data/currencies', { 'x-request-id': 'trace-42' });
    expect(answer.fastLane).toBe(true);
    expect(answer.headers['x-request-id']).toBe('trace-42');
  });

  it('leaves to Fastify what it cannot take: cookies, a query, HEAD, other paths', async () => {
    await overHttp('/api/data/currencies');
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/api/data/currencies', { cookie: 'uq_currency=GBP' }, 'GET'],
      ['/api/data/currencies?x=1', {}, 'GET'],
      ['/api/data/currencies', {}, 'HEAD'],
      ['/api/data/init', {}, 'GET'],
    ];
    for (const [path, headers, method] of cases) {
      const answer = await overHttp(path, headers, method);
      expect(answer.fastLane, `${method} ${path} ${JSON.stringify(headers)}`).toBe(false);
      expect(answer.status).toBe(200);
    }
  });

  it('leaves to Fastify a read whose data must be checked again first', async () => {
    await overHttp('/api/data/routes');
    app.datasetVersions.invalidate();
    const answer = await overHttp('/api/data/routes');
    expect(answer.fastLane).toBe(false);
    expect(answer.status).toBe(200);
    // Fastify's answer brought the versions up to date: the lane takes the next one.
    expect((await overHttp('/api/data/routes')).fastLane).toBe(true);
  });
});
