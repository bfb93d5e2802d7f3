import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { useTestApp } from '../../test/helpers/build.ts';

describe('routes for signed-in users only', () => {
  const testApp = useTestApp();
  let sessionOnly: { method: string; url: string }[];

  beforeAll(async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    sessionOnly = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => JSON.stringify(operation.security) === '[{"sessionCookie":[]}]')
        .map(([method]) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
    );
  });

  it('answer a signed-out caller 401 before looking at the body', async () => {
    expect(sessionOnly.map(({ method, url }) => `${method} ${url}`)).toEqual(
      expect.arrayContaining(['POST /api/users/update-profile', 'GET /api/booking/list']),
    );
    for (const { method, url } of sessionOnly) {
      const withBody = method === 'POST' || method === 'DELETE';
      const response = await testApp.app.inject({
        method: method as 'GET',
        url,
        ...(withBody ? { payload: {} } : {}),
      });
      const body = expectApiError(response, 401, 'ERROR_UNAUTHORIZED');
      expect(body.errors, `${method} ${url}`).toEqual({ _: ['Please sign in first.'] });
    }
  });

  it('answer 401 for a body that is not even JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      payload: '{"firstName": ',
    });
    const body = expectApiError(response, 401, 'ERROR_UNAUTHORIZED');
    expect(body.errors._).toEqual(['Bitte melden Sie sich zuerst an.']);
  });
});
