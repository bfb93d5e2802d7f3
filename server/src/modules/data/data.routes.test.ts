import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountriesResponseSchema,
  CurrenciesResponseSchema,
  InitResponseSchema,
  RoutesResponseSchema,
  TicketTypesResponseSchema,
  TitlesResponseSchema,
} from '@uniquair/contract/data';
import { ENABLED_LOCALES, LANGUAGES } from '@uniquair/domain/locale/languages';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { bumpDatasetVersion, readDatasetVersions } from '../../db/dataset-versions.ts';

/** Records the table each query reads or writes first. */
class QueryRecorder implements KyselyPlugin {
  readonly tables: string[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    let table: string = node.kind;
    if (node.kind === 'SelectQueryNode') {
      const from = node.from?.froms[0];
      if (from !== undefined && TableNode.is(from)) table = from.table.identifier.name;
    }
    this.tables.push(table);
    return node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

function countsOf(tables: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = (counts[table] ?? 0) + 1;
  return counts;
}

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
      expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
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

  describe('GET /api/data/ticket-types', () => {
    it("names the passenger types in the visitor's locale", async () => {
      const english = await app.inject({ method: 'GET', url: '/api/data/ticket-types' });
      expect(TicketTypesResponseSchema.parse(english.json())).toEqual([
        { id: 1, name: 'Adult' },
        { id: 2, name: 'Child' },
        { id: 3, name: 'Infant' },
      ]);
      const french = await app.inject({
        method: 'GET',
        url: '/api/data/ticket-types',
        headers: { 'accept-language': 'fr-FR' },
      });
      expect(TicketTypesResponseSchema.parse(french.json()).map((type) => type.name)).toEqual([
        'Adulte',
        'Enfant',
        'Bébé',
      ]);
      expect(french.headers.vary).toContain('Accept-Language');
    });
  });

  describe('GET /api/data/{locale}/countries', () => {
    it('lists every country with localised and English names, in the locale’s order', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/data/de/countries' });
      expect(response.statusCode).toBe(200);
      const countries = CountriesResponseSchema.parse(response.json());
      expect(countries).toHaveLength(250);
      expect(countries).toContainEqual({
        code: 'AT',
        name: 'Österreich',
        nameEn: 'Austria',
        phoneCode: '43',
      });
      const names = countries.map((country) => country.name);
      const collator = new Intl.Collator('de');
      expect([...names].sort((a, b) => collator.compare(a, b))).toEqual(names);
      expect(response.headers['cache-control']).toBe('public, no-cache');
      expect(response.headers['last-modified']).toMatch(/ GMT$/);
    });

    it.each(ENABLED_LOCALES)('has a name for every country in %s', async (locale) => {
      const response = await app.inject({ method: 'GET', url: `/api/data/${locale}/countries` });
      const countries = CountriesResponseSchema.parse(response.json());
      expect(countries.every((country) => country.name.length > 0)).toBe(true);
    });

    it.each(LANGUAGES.filter((language) => !language.enabled).map((language) => language.code))(
      'answers 404 for the disabled locale %s',
      async (locale) => {
        const response = await app.inject({ method: 'GET', url: `/api/data/${locale}/countries` });
        const body = expectApiError(response, 404, 'NOT_FOUND');
        expect(body.errors['params.locale']?.[0]).toContain(locale);
      },
    );

    it.each(['xx', 'qq_ZZ'])('answers 404 for the unknown locale %s', async (locale) => {
      const response = await app.inject({ method: 'GET', url: `/api/data/${locale}/countries` });
      expectApiError(response, 404, 'NOT_FOUND');
    });

    it.each(['EN', 'english', 'd3', 'de-DE', 'en_gb'])(
      'answers 400 for the malformed locale %s',
      async (locale) => {
        const response = await app.inject({ method: 'GET', url: `/api/data/${locale}/countries` });
        const body = expectApiError(response, 400, 'VALIDATION_ERROR');
        expect(Object.keys(body.errors)).toEqual(['params.locale']);
      },
    );

    it('answers 304 to If-Modified-Since equal to Last-Modified, and to If-None-Match', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/data/vi/countries' });
      const byDate = await app.inject({
        method: 'GET',
        url: '/api/data/vi/countries',
        headers: { 'if-modified-since': String(first.headers['last-modified']) },
      });
      expect(byDate.statusCode).toBe(304);
      const byTag = await app.inject({
        method: 'GET',
        url: '/api/data/vi/countries',
        headers: { 'if-none-match': `"x", ${String(first.headers.etag)}` },
      });
      expect(byTag.statusCode).toBe(304);
    });
  });

  describe('GET /api/data/{locale}/titles', () => {
    it.each(ENABLED_LOCALES)('names titles 1, 2, 4 and 5 in %s', async (locale) => {
      const response = await app.inject({ method: 'GET', url: `/api/data/${locale}/titles` });
      expect(response.statusCode).toBe(200);
      const titles = TitlesResponseSchema.parse(response.json());
      expect(titles.map((title) => title.id)).toEqual([1, 2, 4, 5]);
      expect(new Set(titles.map((title) => title.name)).size).toBe(4);
    });

    it('names them in English and German as the spec and catalogue say', async () => {
      const english = await app.inject({ method: 'GET', url: '/api/data/en/titles' });
      expect(english.json()).toEqual([
        { id: 1, name: 'Mr.' },
        { id: 2, name: 'Mrs.' },
        { id: 4, name: 'Infant' },
        { id: 5, name: 'Child' },
      ]);
      const german = await app.inject({ method: 'GET', url: '/api/data/de/titles' });
      expect(TitlesResponseSchema.parse(german.json())[0]).toEqual({ id: 1, name: 'Herr' });
    });

    it('answers 404 for a disabled locale and 400 for a malformed one', async () => {
      expectApiError(
        await app.inject({ method: 'GET', url: '/api/data/ja/titles' }),
        404,
        'NOT_FOUND',
      );
      expectApiError(
        await app.inject({ method: 'GET', url: '/api/data/JA/titles' }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  describe('GET /api/data/currencies', () => {
    it('lists the currencies with the visitor’s current one', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/data/currencies' });
      const body = CurrenciesResponseSchema.parse(response.json());
      expect(body.currency.code).toBe('USD');
      expect(body.currencies.map((currency) => currency.ord)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(body.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92);
    });

    it('follows the currency cookie, else the locale’s default currency', async () => {
      const chosen = await app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        headers: { cookie: 'uq_currency=INR', 'accept-language': 'de' },
      });
      expect(CurrenciesResponseSchema.parse(chosen.json()).currency.code).toBe('INR');
      const byLocale = await app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        headers: { 'accept-language': 'bg' },
      });
      expect(CurrenciesResponseSchema.parse(byLocale.json()).currency.code).toBe('BGN');
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/data/currencies' });
      const second = await app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(second.statusCode).toBe(304);
    });
  });

  describe('GET /api/data/routes', () => {
    it('lists the flown routes and exactly the airports they serve', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/data/routes' });
      expect(response.statusCode).toBe(200);
      const { airports, routes } = RoutesResponseSchema.parse(response.json());
      expect(routes.length).toBeGreaterThan(300);
      expect(routes.every((route) => route.dow > 0)).toBe(true);
      const airportIds = new Set(airports.map((airport) => airport.id));
      const served = new Set(routes.flatMap((route) => [route.from, route.to]));
      expect(served).toEqual(airportIds);
      const lhr = airports.find((airport) => airport.id === 'LHR');
      expect(lhr).toMatchObject({ city: 'London', country: 'GB', timeZone: 'Europe/London' });
      expect(response.headers['cache-control']).toBe('public, no-cache');
    });

    it('sends Last-Modified from the version of the route network', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/data/routes' });
      const versions = await readDatasetVersions(app.db);
      const version = versions.get('routes');
      expect(version).toBeDefined();
      expect(response.headers['last-modified']).toBe(new Date(String(version)).toUTCString());
    });

    it('answers 304 with no body when If-Modified-Since is not older than the data', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/data/routes' });
      const lastModified = String(first.headers['last-modified']);
      // Later than the data but not in the future (a future date is ignored).
      const later = new Date(Math.min(Date.parse(lastModified) + 5000, Date.now()));
      for (const since of [lastModified, later.toUTCString()]) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/data/routes',
          headers: { 'if-modified-since': since },
        });
        expect(response.statusCode, since).toBe(304);
        expect(response.body).toBe('');
        expect(response.headers['last-modified']).toBe(lastModified);
      }
    });

    it.each([
      ['older than the data', (lastModified: string) => new Date(Date.parse(lastModified) - 1000)],
      ['unreadable', () => 'yesterday-ish'],
      ['in the future', () => new Date(Date.now() + 86_400_000)],
    ])('answers 200 when If-Modified-Since is %s', async (_label, since) => {
      const first = await app.inject({ method: 'GET', url: '/api/data/routes' });
      const value = since(String(first.headers['last-modified']));
      const response = await app.inject({
        method: 'GET',
        url: '/api/data/routes',
        headers: {
          'if-modified-since': typeof value === 'string' ? value : value.toUTCString(),
        },
      });
      expect(response.statusCode).toBe(200);
      RoutesResponseSchema.parse(response.json());
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

describe('reference data caching', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      DATASET_VERSION_CHECK_MS: '0',
    });
    app = await buildApp({
      config,
      database: { ...database, db: database.db.withPlugin(recorder) },
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('reads each table at most once for a cold init, and only the versions when warm', async () => {
    recorder.tables.length = 0;
    const cold = await app.inject({ method: 'GET', url: '/api/data/init' });
    expect(cold.statusCode).toBe(200);
    const counts = countsOf(recorder.tables);
    expect(Object.values(counts).every((count) => count === 1)).toBe(true);
    expect(Object.keys(counts).sort()).toEqual(
      [
        'countries',
        'currencies',
        'dataset_versions',
        'languages',
        'menu_items',
        'menus',
        'ticket_types',
        'titles',
      ].sort(),
    );

    recorder.tables.length = 0;
    const warm = await app.inject({
      method: 'GET',
      url: '/api/data/init',
      headers: { 'accept-language': 'nl' },
    });
    expect(warm.statusCode).toBe(200);
    expect(recorder.tables).toEqual(['dataset_versions']);
  });

  it('serves new rates once the reference data set is bumped', async () => {
    const before = CurrenciesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/data/currencies' })).json(),
    );
    expect(before.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92);
    await app.db.updateTable('currencies').set({ rate: 0.95 }).where('code', '=', 'EUR').execute();
    const unbumped = CurrenciesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/data/currencies' })).json(),
    );
    expect(unbumped.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92);
    await bumpDatasetVersion(app.db, 'reference');
    const after = CurrenciesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/data/currencies' })).json(),
    );
    expect(after.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.95);
  });

  it('follows a change of the route network in the list and in Last-Modified', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/data/routes' });
    const lastModified = String(first.headers['last-modified']);
    const before = RoutesResponseSchema.parse(first.json());
    const dropped = before.routes[0];
    expect(dropped).toBeDefined();
    await app.db
      .updateTable('routes')
      .set({ dow: 0 })
      .where('id', '=', dropped?.id ?? 0)
      .execute();
    await bumpDatasetVersion(app.db, 'routes');

    const stale = await app.inject({
      method: 'GET',
      url: '/api/data/routes',
      headers: { 'if-modified-since': lastModified },
    });
    expect(stale.statusCode).toBe(200);
    expect(Date.parse(String(stale.headers['last-modified']))).toBeGreaterThan(
      Date.parse(lastModified),
    );
    const after = RoutesResponseSchema.parse(stale.json());
    expect(after.routes.map((route) => route.id)).not.toContain(dropped?.id);
    expect(after.routes).toHaveLength(before.routes.length - 1);
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

describe('with the database gone', () => {
  it('keeps serving reference data and the route network it has cached', async () => {
    const testApp = await buildTestApp({ DATASET_VERSION_CHECK_MS: '0' });
    try {
      const { app } = testApp;
      const warm = await app.inject({ method: 'GET', url: '/api/data/init' });
      const routes = await app.inject({ method: 'GET', url: '/api/data/routes' });
      await app.database.close();
      const init = await app.inject({ method: 'GET', url: '/api/data/init' });
      expect(init.statusCode).toBe(200);
      expect(init.body).toBe(warm.body);
      const again = await app.inject({ method: 'GET', url: '/api/data/routes' });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(routes.headers.etag);
      const danish = await app.inject({ method: 'GET', url: '/api/data/da/titles' });
      expect(TitlesResponseSchema.parse(danish.json())[0]).toEqual({ id: 1, name: 'Hr.' });
    } finally {
      await testApp.close();
    }
  });
});
