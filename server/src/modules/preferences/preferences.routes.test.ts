import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CurrencySelectResponseSchema,
  InitResponseSchema,
  LocaleSelectResponseSchema,
} from '@uniquair/contract/data';
import { buildTestApp, useTestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';

/** The Set-Cookie header of a response as one string per cookie. */
function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** `name=value` pairs of the cookies a response sets, ready to send back. */
function cookieHeader(response: LightMyRequestResponse): string {
  return setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** `GET /api/data/init` sent with these headers: the data the app starts with. */
async function initWith(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/data/init', headers });
  return InitResponseSchema.parse(response.json());
}

describe('POST /api/data/{currency,locale}/…/select', () => {
  const testApp = useTestApp();

  it('remembers a currency in a year-long HttpOnly cookie that init then follows', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/currency/eur/select',
    });
    expect(response.statusCode).toBe(200);
    const body = CurrencySelectResponseSchema.parse(response.json());
    expect(body.currency).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', ord: 2, rate: 0.92 });
    const [cookie] = setCookies(response);
    expect(cookie).toMatch(/^uq_currency=EUR;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');

    const data = await initWith(testApp.app, {
      cookie: cookieHeader(response),
      'accept-language': 'ko',
    });
    expect(data.locale).toBe('ko');
    expect(data.currencies.currency.code).toBe('EUR');
  });

  it('answers 404 for a currency that is not offered and 400 for a malformed code', async () => {
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/currency/XYZ/select',
    });
    const body = expectApiError(unknown, 404, 'NOT_FOUND');
    expect(body.errors['params.code']?.[0]).toContain('XYZ');
    expect(setCookies(unknown)).toEqual([]);
    for (const code of ['EURO', 'E1R', '€', 'US']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/data/currency/${encodeURIComponent(code)}/select`,
      });
      const error = expectApiError(response, 400, 'VALIDATION_ERROR');
      expect(Object.keys(error.errors)).toEqual(['params.code']);
    }
  });

  it('remembers a locale; the currency follows the locale unless one was chosen', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/locale/ro/select',
    });
    expect(response.statusCode).toBe(200);
    const body = LocaleSelectResponseSchema.parse(response.json());
    expect(body.locale).toBe('ro');
    expect(body.currency.code).toBe('RON');
    expect(setCookies(response)[0]).toMatch(/^uq_locale=ro;.*HttpOnly/);

    const data = await initWith(testApp.app, {
      cookie: cookieHeader(response),
      'accept-language': 'de',
    });
    expect(data.locale).toBe('ro');
    expect(data.currencies.currency.code).toBe('RON');

    const withChosenCurrency = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/locale/hi/select',
      headers: { cookie: 'uq_currency=GBP' },
    });
    expect(LocaleSelectResponseSchema.parse(withChosenCurrency.json())).toMatchObject({
      locale: 'hi',
      currency: { code: 'GBP' },
    });
  });

  it('answers 404 for a disabled or unknown locale and 400 for a malformed one', async () => {
    for (const locale of ['zh', 'pt_BR', 'xx']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/data/locale/${locale}/select`,
      });
      const body = expectApiError(response, 404, 'NOT_FOUND');
      expect(body.errors['params.locale']?.[0]).toContain(locale);
      expect(setCookies(response)).toEqual([]);
    }
    for (const locale of ['DE', 'deutsch', 'de-DE', '1']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/data/locale/${locale}/select`,
      });
      expectApiError(response, 400, 'VALIDATION_ERROR');
    }
  });

  it('ignores a body sent along with the choice, and refuses malformed JSON', async () => {
    const withBody = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/locale/es/select',
      payload: { locale: 'de' },
    });
    expect(LocaleSelectResponseSchema.parse(withBody.json()).locale).toBe('es');
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/locale/es/select',
      headers: { 'content-type': 'application/json' },
      payload: '{"x":',
    });
    expectApiError(malformed, 400, 'INVALID_JSON');
  });
});

describe('preference cookies over HTTPS', () => {
  it('are Secure and __Host- prefixed', async () => {
    const testApp = await buildTestApp({ PUBLIC_URL: 'https://fly.example.com' });
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/data/locale/da/select',
      });
      const [cookie] = setCookies(response);
      expect(cookie).toMatch(/^__Host-uq_locale=da;/);
      expect(cookie).toContain('Secure');
      expect(cookie).not.toContain('Domain');
      expect((await initWith(testApp.app, { cookie: cookieHeader(response) })).locale).toBe('da');
      // A cookie without the prefix (settable by a sibling host) is not trusted.
      expect((await initWith(testApp.app, { cookie: 'uq_locale=da' })).locale).toBe('en');
    } finally {
      await testApp.close();
    }
  });
});
