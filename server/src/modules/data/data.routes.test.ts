import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitResponseSchema } from '@uniquair/contract/data';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';

describe('/api/data reads', () => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('GET /api/data/init', () => {
    it('answers English and US dollars to a visitor with no cookie and no language', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/data/init' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = InitResponseSchema.parse(response.json());
      expect(body.locale).toBe('en');
      expect(body.currencies.currency).toEqual({
        code: 'USD',
        name: 'US Dollar',
        symbol: '$',
        ord: 1,
        rate: 1,
      });
      expect(body.currencies.currencies.map((c) => c.code)).toEqual([
        'USD',
        'EUR',
        'GBP',
        'RUB',
        'BGN',
        'VND',
        'RON',
        'INR',
        'KRW',
      ]);
      expect(body.titles).toEqual([
        { id: 1, name: 'Mr.' },
        { id: 2, name: 'Mrs.' },
        { id: 4, name: 'Infant' },
        { id: 5, name: 'Child' },
      ]);
      expect(body.ticketTypes).toEqual([
        { id: 1, name: 'Adult' },
        { id: 2, name: 'Child' },
        { id: 3, name: 'Infant' },
      ]);
      expect(body.countries).toHaveLength(250);
      expect(body.countries).toContainEqual({
        code: 'DE',
        name: 'Germany',
        nameEn: 'Germany',
        phoneCode: '49',
      });
      expect(body.footerMenus.map((menu) => menu.title)).toEqual([
        'Our partners',
        'Before you fly',
      ]);
      expect(body.footerMenus[1]?.items).toContainEqual({
        label: 'Travel Protect cover',
        url: '/travel-protect',
      });
      expect(body.paymentProviders).toEqual({
        CREDIT_CARD: true,
        PAYPAL: false,
        TRUSTLY: false,
        SILK_PAY: false,
        SILK_PAY_UNION_PAY: false,
        DIRECT_TO_AIRLINE: true,
        REVOLUT_CREDIT_CARD: true,
      });
      expect(body.affiliate).toEqual({ affiliate: null });
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.headers.vary).toContain('Accept-Language');
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it("answers in the browser's best enabled language, with that language's currency", async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'accept-language': 'ja;q=1, de-AT;q=0.8, en;q=0.5' },
      });
      const body = InitResponseSchema.parse(response.json());
      expect(body.locale).toBe('de');
      expect(body.currencies.currency.code).toBe('EUR');
      expect(body.titles.map((title) => title.name)).toEqual(['Herr', 'Frau', 'Kleinkind', 'Kind']);
      expect(body.countries).toContainEqual({
        code: 'DE',
        name: 'Deutschland',
        nameEn: 'Germany',
        phoneCode: '49',
      });
      expect(body.footerMenus.map((menu) => menu.title)).toEqual([
        'Unsere Partner',
        'Vor dem Abflug',
      ]);
    });

    it('falls back to English menus for a locale without its own', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'accept-language': 'ko' },
      });
      const body = InitResponseSchema.parse(response.json());
      expect(body.locale).toBe('ko');
      expect(body.currencies.currency.code).toBe('KRW');
      expect(body.footerMenus[0]?.title).toBe('Our partners');
      expect(body.countries.find((country) => country.code === 'KR')?.name).toBe('대한민국');
    });

    it('prefers the chosen locale and currency (cookies) over the browser language', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'accept-language': 'de', cookie: 'uq_locale=ru; uq_currency=GBP' },
      });
      const body = InitResponseSchema.parse(response.json());
      expect(body.locale).toBe('ru');
      expect(body.currencies.currency.code).toBe('GBP');
    });

    it('ignores cookies naming a disabled locale or an unknown currency', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'accept-language': 'it', cookie: 'uq_locale=zh; uq_currency=XYZ' },
      });
      const body = InitResponseSchema.parse(response.json());
      expect(body.locale).toBe('it');
      expect(body.currencies.currency.code).toBe('EUR');
    });

    it('answers 304 without a body to a matching If-None-Match', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/data/init' });
      const etag = String(first.headers.etag);
      const second = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'if-none-match': etag },
      });
      expect(second.statusCode).toBe(304);
      expect(second.body).toBe('');
      expect(second.headers.etag).toBe(etag);
      const other = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'if-none-match': etag, 'accept-language': 'fr' },
      });
      expect(other.statusCode).toBe(200);
    });

    it('sends compressed copies that decode to the same JSON', async () => {
      const plain = await app.inject({ method: 'GET', url: '/api/data/init' });
      const gzip = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      const br = await app.inject({
        method: 'GET',
        url: '/api/data/init',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(50_000);
      expect(br.headers.vary).toContain('Accept-Encoding');
    });
  });

  it('never answers 5xx to odd path values', async () => {
    const odd = ['%00', '..%2F..%2Fetc', 'a'.repeat(400), '__proto__', 'constructor', "'; drop"];
    for (const value of odd) {
      for (const url of [
        `/api/data/${value}/countries`,
        `/api/data/${value}/titles`,
        `/api/data/page/${value}`,
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
      }
    }
  });
});

describe('payment providers', () => {
  it('sends the providers enabled by PAYMENT_PROVIDERS', async () => {
    const testApp = await buildTestApp({ PAYMENT_PROVIDERS: 'PAYPAL,TRUSTLY,CREDIT_CARD' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/data/init' });
      expect(InitResponseSchema.parse(response.json()).paymentProviders).toEqual({
        CREDIT_CARD: true,
        PAYPAL: true,
        TRUSTLY: true,
        SILK_PAY: false,
        SILK_PAY_UNION_PAY: false,
        DIRECT_TO_AIRLINE: false,
        REVOLUT_CREDIT_CARD: false,
      });
    } finally {
      await testApp.close();
    }
  });
});
