import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  ENABLED_LOCALES,
  LANGUAGES,
  findLanguage,
  isEnabledLocale,
  toBcp47,
} from './languages.ts';

describe('LANGUAGES', () => {
  it('lists 26 languages with unique codes', () => {
    expect(LANGUAGES).toHaveLength(26);
    expect(new Set(LANGUAGES.map((language) => language.code)).size).toBe(26);
  });

  it('enables the thirteen locales of the spec, in order', () => {
    expect(ENABLED_LOCALES).toEqual([
      'en',
      'de',
      'ru',
      'bg',
      'vi',
      'es',
      'fr',
      'it',
      'ro',
      'nl',
      'hi',
      'da',
      'ko',
    ]);
  });

  it.each([
    ['en', 'USD'],
    ['de', 'EUR'],
    ['ru', 'RUB'],
    ['bg', 'BGN'],
    ['vi', 'VND'],
    ['es', 'EUR'],
    ['fr', 'EUR'],
    ['it', 'EUR'],
    ['ro', 'RON'],
    ['nl', 'EUR'],
    ['hi', 'INR'],
    ['da', 'EUR'],
    ['ko', 'KRW'],
  ])('%s is enabled with default currency %s', (code, currency) => {
    expect(findLanguage(code)).toMatchObject({ enabled: true, defaultCurrency: currency });
    expect(isEnabledLocale(code)).toBe(true);
  });

  it.each(['zh', 'de_CH', 'ja', 'tr', 'th', 'pt_BR', 'pl', 'hu', 'ar', 'sw', 'he', 'id', 'ph'])(
    '%s is known but disabled',
    (code) => {
      expect(findLanguage(code)?.enabled).toBe(false);
      expect(isEnabledLocale(code)).toBe(false);
    },
  );

  it.each(['', 'EN', 'xx', 'en-US', 'pt-BR'])('%j is not a language entry', (code) => {
    expect(findLanguage(code)).toBeUndefined();
    expect(isEnabledLocale(code)).toBe(false);
  });

  it('defaults to an enabled English', () => {
    expect(DEFAULT_LOCALE).toBe('en');
    expect(isEnabledLocale(DEFAULT_LOCALE)).toBe(true);
  });

  it('gives every language a three-letter currency code and a name', () => {
    for (const language of LANGUAGES) {
      expect(language.defaultCurrency).toMatch(/^[A-Z]{3}$/);
      expect(language.name.length).toBeGreaterThan(0);
    }
  });
});

describe('toBcp47', () => {
  it.each([
    ['en', 'en'],
    ['pt_BR', 'pt-BR'],
    ['de_CH', 'de-CH'],
  ])('%s becomes %s', (code, tag) => {
    expect(toBcp47(code)).toBe(tag);
  });

  it('gives tags that Intl accepts for every entry', () => {
    for (const language of LANGUAGES) {
      expect(() => new Intl.Locale(toBcp47(language.code))).not.toThrow();
    }
  });
});
