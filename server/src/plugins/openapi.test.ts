import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build.ts';

describe('GET /api/openapi.json', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('is a valid OpenAPI 3 document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<Record<string, unknown>>();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(String(document.openapi)).toMatch(/^3\./);
  });

  it('documents the health route with its response and the shared error body', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(Object.keys(document.paths['/api/health']?.get?.responses ?? {})).toEqual([
      '200',
      '503',
    ]);
    expect(document.components.schemas).toHaveProperty('ErrorBody');
    expect(document.paths).not.toHaveProperty('/api/openapi.json');
  });
});
