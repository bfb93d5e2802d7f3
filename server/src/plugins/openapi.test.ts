import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/build.ts';

describe('GET /api/openapi.json', () => {
  const testApp = useTestApp();

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
    expect(Object.keys(document.paths['/api/health']?.get?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '503',
    ]);
    expect(document.components.schemas).toHaveProperty('ErrorBody');
    expect(document.paths).not.toHaveProperty('/api/openapi.json');
  });

  describe('completeness', () => {
    type Operation = {
      operationId?: string;
      security?: Record<string, string[]>[];
      responses: Record<string, unknown>;
    };
    let document: {
      info: { description: string };
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
    };
    const operations = () =>
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );

    beforeAll(async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
      document = response.json();
    });

    it('gives every operation a unique camelCase operationId and its security', () => {
      const ids = operations().map(({ operation }) => operation.operationId);
      expect(ids.length).toBeGreaterThan(50);
      for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(new Set(ids).size).toBe(ids.length);
      for (const { path, method, operation } of operations()) {
        expect(operation.security, `${method} ${path}`).toBeDefined();
      }
      expect(document.paths['/api/booking/{pnr}/get']?.get?.operationId).toBe('getBookingByPnrGet');
    });

    it('declares the session cookie, the device booking tokens, the partner key and the metrics token', () => {
      expect(Object.keys(document.components.securitySchemes ?? {}).sort()).toEqual([
        'bookingTokens',
        'metricsToken',
        'partnerKey',
        'sessionCookie',
      ]);
      const security = (path: string, method = 'get') => document.paths[path]?.[method]?.security;
      expect(security('/api/users/update-profile', 'post')).toEqual([{ sessionCookie: [] }]);
      expect(security('/api/booking/list')).toEqual([{ sessionCookie: [] }]);
      expect(security('/api/airline/flights')).toEqual([{ partnerKey: [] }]);
      expect(security('/api/booking/{pnr}/get')).toContainEqual({ bookingTokens: [] });
      expect(security('/api/data/routes')).toEqual([]);
      expect(security('/metrics')).toEqual([{}, { metricsToken: [] }]);
    });

    it('documents 401, 413, 415, 429 and 503 where they happen', () => {
      const statuses = (path: string, method: string) =>
        Object.keys(document.paths[path]?.[method]?.responses ?? {});
      expect(statuses('/api/users/update-profile', 'post')).toEqual(
        expect.arrayContaining(['401', '413', '415', '503']),
      );
      expect(statuses('/api/users/register', 'post')).toContain('429');
      expect(statuses('/api/booking/list', 'get')).toEqual(expect.arrayContaining(['401', '503']));
      expect(statuses('/api/booking/list', 'get')).not.toContain('415');
    });

    it('gives the booking status as its enum and claims nothing that does not exist', () => {
      const summary = document.components.schemas.BookingSummary as {
        properties: { status: { enum?: string[] } };
      };
      expect(summary.properties.status.enum).toEqual(
        expect.arrayContaining(['not_paid', 'ticketed']) as unknown,
      );
      expect(document.info.description).not.toMatch(/support|ticket/i);
    });

    it('lists only the component schemas some operation uses', () => {
      const text = JSON.stringify(document.paths);
      const reached = new Set<string>();
      const visit = (json: string) => {
        for (const [, name = ''] of json.matchAll(/#\/components\/schemas\/([^"]+)/g)) {
          if (reached.has(name)) continue;
          reached.add(name);
          visit(JSON.stringify(document.components.schemas[name]));
        }
      };
      visit(text);
      expect(Object.keys(document.components.schemas).sort()).toEqual([...reached].sort());
    });
  });
});
