import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReportResponseSchema } from '@uniquair/contract/error-report';
import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { listLatestErrorReports } from './errors.repository.ts';
import { ERROR_REPORTS_PER_MINUTE } from './errors.service.ts';
import { testConfig } from '../../../test/helpers/build.ts';

const REPORT = {
  component: 'BookingPay',
  trace: 'TypeError: x is undefined\n    at pay (booking.tsx:12:3)',
  info: '\n    in BookingPay\n    in App',
  url: 'http://localhost:3000/booking/ABC1234/pay',
  version: '0.7.0',
};

describe('POST /api/error/save', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];
  let nextAddress = 1;
  /** Each test reports from its own client address, so rate limits do not leak between tests. */
  const freshClient = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database.url, {
      LOG_LEVEL: 'warn',
    });
    app = await buildApp({
      config,
      database,
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const save = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/error/save',
      payload: payload as Record<string, unknown>,
      remoteAddress,
      headers: { 'user-agent': 'TestBrowser/1.0', ...headers },
    });

  it('stores a report for operators', async () => {
    const response = await save(REPORT, freshClient());
    expect(response.statusCode).toBe(200);
    expect(ErrorReportResponseSchema.parse(response.json())).toEqual({ success: true });
    const [stored] = await listLatestErrorReports(app.db, { limit: 1 });
    expect(stored).toMatchObject({ ...REPORT, user_agent: 'TestBrowser/1.0' });
    expect(stored?.request_id).toBe(response.headers['x-request-id']);
    expect(Date.parse(stored?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts a report with only a component, storing the rest empty', async () => {
    const response = await save({ component: 'App', trace: null, extra: 'dropped' }, freshClient());
    expect(response.statusCode).toBe(200);
    const [stored] = await listLatestErrorReports(app.db, { limit: 1 });
    expect(stored).toMatchObject({ component: 'App', trace: '', info: '', url: '', version: '' });
  });

  it('logs a report on one line, its texts escaped so they cannot forge log lines', async () => {
    logLines.length = 0;
    const forged = 'boom\n{"level":50,"msg":"admin logged in"}\r\n\u001b[2Jcleared\u2028next';
    const response = await save({ ...REPORT, component: forged, trace: forged }, freshClient());
    expect(response.statusCode).toBe(200);
    const reportLines = logLines.filter((line) => line.includes('error report from the app'));
    expect(reportLines).toHaveLength(1);
    const line = reportLines[0] ?? '';
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    expect(logLines.some((logged) => logged.startsWith('{"level":50,"msg":"admin'))).toBe(false);
    const entry = JSON.parse(line) as { errorReport: { component: string; trace: string } };
    expect(entry.errorReport.component).toBe(
      'boom\\n{"level":50,"msg":"admin logged in"}\\r\\n\\u001b[2Jcleared\\u2028next',
    );
    // eslint-disable-next-line no-control-regex
    expect(entry.errorReport.component).not.toMatch(/[\n\r\u001b\u2028]/);
  });

  it.each([
    ['no component', { trace: 'x' }],
    ['an empty component', { component: '   ' }],
    ['a component that is not text', { component: { nested: true } }],
    ['a trace that is not text', { component: 'App', trace: 42 }],
    ['an array', [REPORT]],
  ])('answers 400 to a body with %s', async (_label, payload) => {
    const response = await save(payload, freshClient());
    expectApiError(response, 400, 'VALIDATION_ERROR');
  });

  it('answers 400 to malformed JSON and 415 to other content types', async () => {
    const malformed = await save('{"component": "App"', freshClient(), {
      'content-type': 'application/json',
    });
    expectApiError(malformed, 400, 'INVALID_JSON');
    const xml = await save('<report/>', freshClient(), { 'content-type': 'application/xml' });
    expectApiError(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 to a body over 10 KB and stores nothing', async () => {
    const before = await listLatestErrorReports(app.db, { limit: 1000 });
    const response = await save({ ...REPORT, trace: 'x'.repeat(10_300) }, freshClient());
    expectApiError(response, 413, 'PAYLOAD_TOO_LARGE');
    const after = await listLatestErrorReports(app.db, { limit: 1000 });
    expect(after).toHaveLength(before.length);
  });

  it('accepts a body just under 10 KB', async () => {
    const payload = { ...REPORT, trace: 'y'.repeat(9_800) };
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(10_240);
    const response = await save(payload, freshClient());
    expect(response.statusCode).toBe(200);
  });

  it(`limits a client to ${ERROR_REPORTS_PER_MINUTE} reports a minute, with Retry-After`, async () => {
    const client = freshClient();
    for (let index = 0; index < ERROR_REPORTS_PER_MINUTE; index += 1) {
      const response = await save({ component: `Burst${index}` }, client);
      expect(response.statusCode, `report ${index + 1}`).toBe(200);
    }
    const limited = await save({ component: 'OneTooMany' }, client);
    const body = expectApiError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(body.errors._?.[0]).toBe('Too many attempts. Please try again in 1 minute.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const stored = await listLatestErrorReports(app.db, { limit: 5, component: 'OneTooMany' });
    expect(stored).toEqual([]);

    // Oversized and invalid reports count against the limit too, and other clients are unaffected.
    const tooLarge = await save({ component: 'x'.repeat(20_000) }, client);
    expect(tooLarge.statusCode).toBe(429);
    const other = await save({ component: 'Elsewhere' }, freshClient());
    expect(other.statusCode).toBe(200);
  });

  it('does not limit other endpoints or static files', async () => {
    const client = freshClient();
    for (let index = 0; index < ERROR_REPORTS_PER_MINUTE + 5; index += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        remoteAddress: client,
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
