import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InitResponseSchema } from '@uniquair/contract/data';
import { buildTestApp, useTestApp } from '../../../test/helpers/build.ts';
import { PRODUCTION_ENV } from '../../../test/helpers/production-env.ts';
import { bumpDatasetVersion } from '../../db/dataset-versions.ts';

describe('/api/data reads', () => {
  const testApp = useTestApp();
  const getInit = (headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/data/init', headers });
  const initFor = async (headers: Record<string, string>) =>
    InitResponseSchema.parse((await getInit(headers)).json());

  describe('GET /api/data/init', () => {
    it('answers English and US dollars to a visitor with no cookie and no language', async () => {
      const response = await getInit();
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
      expect(body.testPayments).toBe(false);
      expect(body.affiliate).toEqual({ affiliate: null });
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.headers.vary).toContain('Accept-Language');
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it("answers in the browser's best enabled language, with that language's currency", async () => {
      const body = await initFor({ 'accept-language': 'ja;q=1, de-AT;q=0.8, en;q=0.5' });
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

    it("answers the footer menus in the visitor's language, with the same links", async () => {
      const body = await initFor({ 'accept-language': 'ko' });
      expect(body.locale).toBe('ko');
      expect(body.currencies.currency.code).toBe('KRW');
      expect(body.footerMenus.map((menu) => menu.title)).toEqual(['파트너사', '출발 전 안내']);
      expect(body.footerMenus[1]?.items).toContainEqual({
        label: 'Travel Protect 보장',
        url: '/travel-protect',
      });
      expect(body.countries.find((country) => country.code === 'KR')?.name).toBe('대한민국');

      const hindi = await initFor({ 'accept-language': 'hi' });
      expect(hindi.footerMenus.map((menu) => menu.title)).toEqual(['हमारे साझेदार', 'उड़ान से पहले']);
      const english = await initFor({});
      expect(hindi.footerMenus.map((menu) => menu.items.map((item) => item.url))).toEqual(
        english.footerMenus.map((menu) => menu.items.map((item) => item.url)),
      );
    });

    it.each([
      [
        'prefers the chosen locale and currency (cookies) over the browser language',
        { 'accept-language': 'de', cookie: 'uq_locale=ru; uq_currency=GBP' },
        'ru',
        'GBP',
      ],
      [
        'ignores cookies naming a disabled locale or an unknown currency',
        { 'accept-language': 'it', cookie: 'uq_locale=zh; uq_currency=XYZ' },
        'it',
        'EUR',
      ],
    ])('%s', async (_behaviour, headers, locale, currency) => {
      const body = await initFor(headers);
      expect(body.locale).toBe(locale);
      expect(body.currencies.currency.code).toBe(currency);
    });

    it('answers 304 without a body to a matching If-None-Match', async () => {
      const first = await getInit();
      const etag = String(first.headers.etag);
      const second = await getInit({ 'if-none-match': etag });
      expect(second.statusCode).toBe(304);
      expect(second.body).toBe('');
      expect(second.headers.etag).toBe(etag);
      const other = await getInit({ 'if-none-match': etag, 'accept-language': 'fr' });
      expect(other.statusCode).toBe(200);
    });

    it('sends compressed copies that decode to the same JSON', async () => {
      const plain = await getInit();
      const gzip = await getInit({ 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      const br = await getInit({ 'accept-encoding': 'gzip, deflate, br' });
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
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
      }
    }
  });
});

describe('footer menus', () => {
  const testApp = useTestApp({ DATASET_VERSION_CHECK_MS: '0' });

  it('fall back to English for a locale without its own, once the content version moves', async () => {
    const { app } = testApp;
    const titlesFor = async (locale: string) =>
      InitResponseSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: '/api/data/init',
            headers: { 'accept-language': locale },
          })
        ).json(),
      ).footerMenus.map((menu) => menu.title);
    expect(await titlesFor('da')).toEqual(['Vores partnere', 'Før du flyver']);

    const danish = app.db.selectFrom('menus').select('id').where('locale', '=', 'da');
    await app.db.deleteFrom('menu_items').where('menu_id', 'in', danish).execute();
    await app.db.deleteFrom('menus').where('locale', '=', 'da').execute();
    expect(await titlesFor('da')).toEqual(['Vores partnere', 'Før du flyver']);
    await bumpDatasetVersion(app.db, 'content');
    expect(await titlesFor('da')).toEqual(['Our partners', 'Before you fly']);
    expect(await titlesFor('de')).toEqual(['Unsere Partner', 'Vor dem Abflug']);
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

  it('tells the app that no real money moves when production takes sandbox payments', async () => {
    const testApp = await buildTestApp(PRODUCTION_ENV);
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/data/init' });
      expect(InitResponseSchema.parse(response.json()).testPayments).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});
