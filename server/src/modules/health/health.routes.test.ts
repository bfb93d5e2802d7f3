import { afterEach, describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '@uniquair/contract/health';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';

describe('GET /api/health', () => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('answers 200 with the version and the database it reached', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthResponseSchema.parse(response.json());
    expect(body.version).toBe('0.7.0');
    expect(body.database.kind).toBe(dialectUnderTest());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('echoes a safe request id and replaces an unsafe one', async () => {
    testApp = await buildTestApp();
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const replaced = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 DATABASE_UNAVAILABLE when the database is gone', async () => {
    testApp = await buildTestApp();
    await testApp.app.database.close();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expectApiError(response, 503, 'DATABASE_UNAVAILABLE');
  });
});
