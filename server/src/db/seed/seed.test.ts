import { ENABLED_LOCALES, LANGUAGES } from '@uniquair/domain/locale/languages';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dialectUnderTest,
  TEST_TODAY,
  type TestDatabase,
} from '../../../test/helpers/database.ts';
import type { PagesTable } from '../tables/content.ts';
import { migrateToLatest } from '../migrate.ts';
import { isSeeded } from './seed.ts';

describe(`the seeded database (${dialectUnderTest()}, today ${TEST_TODAY})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 300_000);

  afterAll(() => database.dispose());

  describe('reference data', () => {
    it('has the currencies of every enabled language, plus GBP, with USD at rate 1', async () => {
      const currencies = await database.db
        .selectFrom('currencies')
        .selectAll()
        .orderBy('ord')
        .execute();
      const codes = currencies.map((currency) => currency.code);
      const wanted = new Set(LANGUAGES.filter((l) => l.enabled).map((l) => l.defaultCurrency));
      for (const code of [...wanted, 'GBP']) expect(codes).toContain(code);
      expect(currencies[0]).toEqual({
        code: 'USD',
        name: 'US Dollar',
        symbol: '$',
        ord: 1,
        rate: 1,
        minor_units: 2,
      });
      for (const currency of currencies) expect(currency.rate).toBeGreaterThan(0);
      expect(currencies.find((c) => c.code === 'EUR')?.rate).toBeLessThan(1);
      expect(currencies.find((c) => c.code === 'KRW')?.minor_units).toBe(0);
    });

    it('has every country with its calling code and its name in all 13 enabled locales', async () => {
      const { db } = database;
      const countries = await db.selectFrom('countries').selectAll().execute();
      expect(countries.length).toBeGreaterThanOrEqual(249);
      for (const country of countries) {
        expect(country.code).toMatch(/^[A-Z]{2}$/);
        expect(country.phone_code).toMatch(/^\d{1,4}$/);
      }
      const phone = new Map(countries.map((country) => [country.code, country.phone_code]));
      expect(phone.get('DE')).toBe('49');
      expect(phone.get('VN')).toBe('84');
      expect(phone.get('US')).toBe('1');

      expect(ENABLED_LOCALES).toHaveLength(13);
      const names = await db.selectFrom('country_names').selectAll().execute();
      expect(names).toHaveLength(countries.length * ENABLED_LOCALES.length);
      const name = (code: string, locale: string) =>
        names.find((row) => row.country_code === code && row.locale === locale)?.name;
      expect(name('DE', 'en')).toBe('Germany');
      expect(name('DE', 'de')).toBe('Deutschland');
      expect(name('DE', 'ko')).toBe('독일');
      expect(name('GB', 'ru')).toBeTruthy();
    });

    it('has titles 1 Mr., 2 Mrs., 4 Infant, 5 Child and passenger types 1–3', async () => {
      const { db } = database;
      expect(await db.selectFrom('titles').selectAll().orderBy('id').execute()).toEqual([
        { id: 1, name: 'Mr.' },
        { id: 2, name: 'Mrs.' },
        { id: 4, name: 'Infant' },
        { id: 5, name: 'Child' },
      ]);
      expect(await db.selectFrom('ticket_types').selectAll().orderBy('id').execute()).toEqual([
        { id: 1, name: 'Adult' },
        { id: 2, name: 'Child' },
        { id: 3, name: 'Infant' },
      ]);
    });

    it('has the 26 languages, 13 of them enabled, with their default currencies', async () => {
      const languages = await database.db
        .selectFrom('languages')
        .selectAll()
        .orderBy('ord')
        .execute();
      expect(languages).toHaveLength(26);
      expect(languages.filter((l) => l.enabled === 1).map((l) => l.code)).toEqual([
        ...ENABLED_LOCALES,
      ]);
      expect(languages.find((l) => l.code === 'vi')).toMatchObject({
        name: 'Tiếng Việt',
        default_currency: 'VND',
        enabled: 1,
      });
      expect(languages.find((l) => l.code === 'pt_BR')?.enabled).toBe(0);
    });
  });

  describe('content and partners', () => {
    it('has the seven content pages in English, and the terms in German too', async () => {
      const pages: Selectable<PagesTable>[] = await database.db
        .selectFrom('pages')
        .selectAll()
        .execute();
      const slugs = [
        'terms-and-conditions',
        'travel-protect',
        'crd-compliance',
        'cookie-policy',
        'ecd-compliance',
        'privacy-policy',
        'contact-us',
      ];
      for (const slug of slugs) {
        const page = pages.find((p) => p.slug === slug && p.locale === 'en');
        expect(page, slug).toBeDefined();
        expect(page?.title.length).toBeGreaterThan(3);
        expect(page?.body.split(/\n\s*\n/).length, slug).toBeGreaterThanOrEqual(4);
        expect(page?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      const german = pages.find((p) => p.slug === 'terms-and-conditions' && p.locale === 'de');
      expect(german?.title).toBe('Allgemeine Geschäftsbedingungen');
      expect(german?.body).toContain('Uniquair');
    });

    it('has partner footer menus with ordered links', async () => {
      const { db } = database;
      const menus = await db
        .selectFrom('menus')
        .selectAll()
        .where('locale', '=', 'en')
        .orderBy('position')
        .execute();
      expect(menus.length).toBeGreaterThanOrEqual(1);
      for (const menu of menus) {
        const items = await db
          .selectFrom('menu_items')
          .selectAll()
          .where('menu_id', '=', menu.id)
          .orderBy('position')
          .execute();
        expect(items.length).toBeGreaterThanOrEqual(2);
        for (const item of items) expect(item.url).toMatch(/^(\/|https:\/\/)/);
      }
    });

    it('has the footer menus translated into every enabled locale, with the same links', async () => {
      const { db } = database;
      const menus = await db.selectFrom('menus').selectAll().orderBy('id').execute();
      const items = await db.selectFrom('menu_items').selectAll().orderBy('id').execute();
      expect([...new Set(menus.map((menu) => menu.locale))].sort()).toEqual(
        [...ENABLED_LOCALES].sort(),
      );
      /** A locale's menus as code, title, and each item's label and link, in menu order. */
      const menusIn = (locale: string) =>
        menus
          .filter((menu) => menu.locale === locale)
          .sort((a, b) => a.position - b.position)
          .map((menu) => ({
            code: menu.code,
            title: menu.title,
            items: items
              .filter((item) => item.menu_id === menu.id)
              .sort((a, b) => a.position - b.position)
              .map((item) => ({ label: item.label, url: item.url })),
          }));
      const english = menusIn('en');
      const shape = (list: typeof english) =>
        list.map((menu) => ({ code: menu.code, urls: menu.items.map((item) => item.url) }));
      for (const locale of ENABLED_LOCALES.filter((code) => code !== 'en')) {
        const translated = menusIn(locale);
        expect(shape(translated), locale).toEqual(shape(english));
        translated.forEach((menu, index) => {
          expect(menu.title, `${locale} ${menu.code}`).not.toBe(english[index]?.title);
          expect(menu.title.trim(), `${locale} ${menu.code}`).not.toBe('');
        });
        // Brand names are not translated.
        const labels = translated.flatMap((menu) => menu.items.map((item) => item.label));
        for (const brand of ['SkyScout', 'Globetrotter', 'Travel Protect']) {
          expect(
            labels.some((label) => label.includes(brand)),
            `${locale} ${brand}`,
          ).toBe(true);
        }
        expect(
          labels.filter((label, index) => label === english.flatMap((m) => m.items)[index]?.label),
          locale,
        ).toEqual([]);
      }
      expect(menusIn('ru').map((menu) => menu.title)).toEqual(['Наши партнёры', 'Перед полётом']);
    });

    it('has the two demo affiliates', async () => {
      const affiliates = await database.db
        .selectFrom('affiliates')
        .selectAll()
        .orderBy('id')
        .execute();
      expect(affiliates.map((a) => a.code)).toEqual(['skyscout', 'globetrotter']);
      for (const affiliate of affiliates) {
        expect(affiliate.logo_url).toBe(`/affiliates/${affiliate.code}.svg`);
        expect(affiliate.logo_square_url).toMatch(new RegExp(`^/affiliates/${affiliate.code}`));
        expect(affiliate.site_url).toMatch(/^https:\/\//);
        expect(affiliate.active).toBe(1);
      }
    });

    it('records when the route list changed', async () => {
      const version = await database.db
        .selectFrom('dataset_versions')
        .selectAll()
        .where('name', '=', 'routes')
        .executeTakeFirstOrThrow();
      expect(Number.isNaN(Date.parse(version.updated_at))).toBe(false);
      expect(version.updated_at.endsWith('.000Z')).toBe(true);
      expect(await isSeeded(database.db)).toBe(true);
    });
  });

  it('is reported as not seeded when only migrated', async () => {
    const empty = await createTestDatabase({ seeded: false });
    try {
      await migrateToLatest(empty.db);
      expect(await isSeeded(empty.db)).toBe(false);
    } finally {
      await empty.dispose();
    }
  });
});
