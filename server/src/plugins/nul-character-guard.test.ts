import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClient } from '../../test/helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/build.ts';
import { dialectUnderTest } from '../../test/helpers/database.ts';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { findNulCharacter } from './nul-character-guard.ts';

describe(`the NUL character in a request (${dialectUnderTest()})`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(() => testApp.close());

  it('is refused with 400 naming the field, never stored (PostgreSQL answered 500)', async () => {
    const email = `nul.${process.pid}@example.com`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: freshClient(),
      payload: { firstName: 'a\u0000b', lastName: 'Pop', email, password: 'a long secret phrase' },
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(body.errors).toEqual({ 'body.firstName': ['Contains a character that is not allowed'] });
    const stored = await testApp.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('is refused in the query and the path too', async () => {
    const query = await testApp.app.inject({ url: '/api/data/page/contact-us?locale=e%00n' });
    expect(expectApiError(query, 400, 'VALIDATION_ERROR').errors).toHaveProperty(
      'querystring.locale',
    );
    const path = await testApp.app.inject({ url: '/api/cheapest-price/AB%00/offers' });
    expect(expectApiError(path, 400, 'VALIDATION_ERROR').errors).toHaveProperty('params.airportId');
  });

  it('is found in nested values and keys', () => {
    expect(findNulCharacter({ a: [{ b: 'x' }, { c: 'y\u0000' }] }, 'body')).toBe('body.a.1.c');
    expect(findNulCharacter({ 'k\u0000': 1 }, 'body')).toBe('body.k\\0');
    expect(findNulCharacter({ a: 'plain', n: 1, z: null }, 'body')).toBeNull();
  });
});
