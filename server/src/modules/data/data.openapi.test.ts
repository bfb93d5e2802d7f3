import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/build.ts';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('the /api/data family in the OpenAPI document', () => {
  const testApp = useTestApp();
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    paths = response.json<{ paths: typeof paths }>().paths;
  });

  it.each([
    ['get', '/api/data/init', ['200', '304', '400', '503']],
    ['get', '/api/data/ticket-types', ['200', '304', '400', '503']],
    ['get', '/api/data/{locale}/countries', ['200', '304', '400', '404', '503']],
    ['get', '/api/data/{locale}/titles', ['200', '304', '400', '404', '503']],
    ['get', '/api/data/page/{id}', ['200', '304', '400', '404', '503']],
    ['get', '/api/data/currencies', ['200', '304', '400', '503']],
    ['get', '/api/data/routes', ['200', '304', '400', '503']],
    ['post', '/api/data/currency/{code}/select', ['403', '200', '400', '404', '413', '415', '503']],
    ['post', '/api/data/locale/{locale}/select', ['403', '200', '400', '404', '413', '415', '503']],
    ['get', '/api/affiliate/current', ['200', '400', '503']],
    ['post', '/api/error/save', ['403', '200', '400', '413', '415', '429', '503']],
  ])('documents %s %s with its answers', (method, path, statuses) => {
    const operation = paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual([...statuses].sort());
    for (const status of statuses.filter((code) => code >= '400')) {
      const schema = operation?.responses[status]?.content?.['application/json']?.schema;
      expect(JSON.stringify(schema), `${path} ${status}`).toContain('ErrorBody');
    }
  });
});
