import { describe, expect, it } from 'vitest';
import {
  CountriesResponseSchema,
  CurrenciesResponseSchema,
  RoutesResponseSchema,
  TicketTypesResponseSchema,
  TitlesResponseSchema,
} from '@uniquair/contract/data';
import { ENABLED_LOCALES, LANGUAGES } from '@uniquair/domain/locale/languages';
import { useTestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { readDatasetVersions } from '../../db/dataset-versions.ts';

describe('/api/data reads', () => {
  const testApp = useTestApp();

  describe('GET /api/data/ticket-types', () => {
    it("names the passenger types in the visitor's locale", async () => {
      const english = await testApp.app.inject({ method: 'GET', url: '/api/data/ticket-types' });
      expect(TicketTypesResponseSchema.parse(english.json())).toEqual([
        { id: 1, name: 'Adult' },
        { id: 2, name: 'Child' },
        { id: 3, name: 'Infant' },
      ]);
      const french = await testApp.app.inject({
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
      const response = await testApp.app.inject({ method: 'GET', url: '/api/data/de/countries' });
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
      expect(response.headers['cache-control']).toBe(
        'public, max-age=3600, s-maxage=3600, stale-while-revalidate=604800',
      );
      expect(response.headers['last-modified']).toMatch(/ GMT$/);
    });

    it.each(ENABLED_LOCALES)('has a name for every country in %s', async (locale) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/data/${locale}/countries`,
      });
      const countries = CountriesResponseSchema.parse(response.json());
      expect(countries.every((country) => country.name.length > 0)).toBe(true);
    });

    it.each(LANGUAGES.filter((language) => !language.enabled).map((language) => language.code))(
      'answers 404 for the disabled locale %s',
      async (locale) => {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/data/${locale}/countries`,
        });
        const body = expectApiError(response, 404, 'NOT_FOUND');
        expect(body.errors['params.locale']?.[0]).toContain(locale);
      },
    );

    it.each(['xx', 'qq_ZZ'])('answers 404 for the unknown locale %s', async (locale) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/data/${locale}/countries`,
      });
      expectApiError(response, 404, 'NOT_FOUND');
    });

    it.each(['EN', 'english', 'd3', 'de-DE', 'en_gb'])(
      'answers 400 for the malformed locale %s',
      async (locale) => {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/data/${locale}/countries`,
        });
        const body = expectApiError(response, 400, 'VALIDATION_ERROR');
        expect(Object.keys(body.errors)).toEqual(['params.locale']);
      },
    );

    it('answers 304 to If-Modified-Since equal to Last-Modified, and to If-None-Match', async () => {
      const first = await testApp.app.inject({ method: 'GET', url: '/api/data/vi/countries' });
      const byDate = await testApp.app.inject({
        method: 'GET',
        url: '/api/data/vi/countries',
        headers: { 'if-modified-since': String(first.headers['last-modified']) },
      });
      expect(byDate.statusCode).toBe(304);
      const byTag = await testApp.app.inject({
        method: 'GET',
        url: '/api/data/vi/countries',
        headers: { 'if-none-match': `"x", ${String(first.headers.etag)}` },
      });
      expect(byTag.statusCode).toBe(304);
    });
  });

  describe('GET /api/data/{locale}/titles', () => {
    it.each(ENABLED_LOCALES)('names titles 1, 2, 4 and 5 in %s', async (locale) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/data/${locale}/titles`,
      });
      expect(response.statusCode).toBe(200);
      const titles = TitlesResponseSchema.parse(response.json());
      expect(titles.map((title) => title.id)).toEqual([1, 2, 4, 5]);
      expect(new Set(titles.map((title) => title.name)).size).toBe(4);
    });

    it('names them in English and German as the spec and catalogue say', async () => {
      const english = await testApp.app.inject({ method: 'GET', url: '/api/data/en/titles' });
      expect(english.json()).toEqual([
        { id: 1, name: 'Mr.' },
        { id: 2, name: 'Mrs.' },
        { id: 4, name: 'Infant' },
        { id: 5, name: 'Child' },
      ]);
      const german = await testApp.app.inject({ method: 'GET', url: '/api/data/de/titles' });
      expect(TitlesResponseSchema.parse(german.json())[0]).toEqual({ id: 1, name: 'Herr' });
    });

    it('answers 404 for a disabled locale and 400 for a malformed one', async () => {
      expectApiError(
        await testApp.app.inject({ method: 'GET', url: '/api/data/ja/titles' }),
        404,
        'NOT_FOUND',
      );
      expectApiError(
        await testApp.app.inject({ method: 'GET', url: '/api/data/JA/titles' }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  describe('GET /api/data/currencies', () => {
    it('lists the currencies with the visitor’s current one', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/data/currencies' });
      const body = CurrenciesResponseSchema.parse(response.json());
      expect(body.currency.code).toBe('USD');
      expect(body.currencies.map((currency) => currency.ord)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(body.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92);
    });

    it('follows the currency cookie, else the locale’s default currency', async () => {
      const chosen = await testApp.app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        headers: { cookie: 'uq_currency=INR', 'accept-language': 'de' },
      });
      expect(CurrenciesResponseSchema.parse(chosen.json()).currency.code).toBe('INR');
      const byLocale = await testApp.app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        headers: { 'accept-language': 'bg' },
      });
      expect(CurrenciesResponseSchema.parse(byLocale.json()).currency.code).toBe('BGN');
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await testApp.app.inject({ method: 'GET', url: '/api/data/currencies' });
      const second = await testApp.app.inject({
        method: 'GET',
        url: '/api/data/currencies',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(second.statusCode).toBe(304);
    });
  });

  describe('GET /api/data/routes', () => {
    it('lists the flown routes and exactly the airports they serve', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/data/routes' });
      expect(response.statusCode).toBe(200);
      const { airports, routes } = RoutesResponseSchema.parse(response.json());
      expect(routes.length).toBeGreaterThan(300);
      expect(routes.every((route) => route.dow > 0)).toBe(true);
      const airportIds = new Set(airports.map((airport) => airport.id));
      const served = new Set(routes.flatMap((route) => [route.from, route.to]));
      expect(served).toEqual(airportIds);
      const lhr = airports.find((airport) => airport.id === 'LHR');
      expect(lhr).toMatchObject({ city: 'London', country: 'GB', timeZone: 'Europe/London' });
      expect(response.headers['cache-control']).toBe(
        'public, max-age=300, s-maxage=300, stale-while-revalidate=86400',
      );
    });

    it('sends Last-Modified from the version of the route network', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/data/routes' });
      const versions = await readDatasetVersions(testApp.app.db);
      const version = versions.get('routes');
      expect(version).toBeDefined();
      expect(response.headers['last-modified']).toBe(new Date(String(version)).toUTCString());
    });

    it('answers 304 with no body when If-Modified-Since is not older than the data', async () => {
      const first = await testApp.app.inject({ method: 'GET', url: '/api/data/routes' });
      const lastModified = String(first.headers['last-modified']);
      // Later than the data but not in the future (a future date is ignored).
      const later = new Date(Math.min(Date.parse(lastModified) + 5000, Date.now()));
      for (const since of [lastModified, later.toUTCString()]) {
        const response = await testApp.app.inject({
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
      const first = await testApp.app.inject({ method: 'GET', url: '/api/data/routes' });
      const value = since(String(first.headers['last-modified']));
      const response = await testApp.app.inject({
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
});
