import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LANGUAGE_RANGES, negotiateLocale, parseAcceptLanguage } from './accept-language.ts';
import { ENABLED_LOCALES } from './languages.ts';

describe('parseAcceptLanguage', () => {
  it('orders ranges by q-value, keeping the sent order among equals', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH, en;q=0.8, ru;q=0.5, *;q=0.1')).toEqual([
      { range: 'de-ch', q: 1 },
      { range: 'en', q: 0.8 },
      { range: 'fr', q: 0.5 },
      { range: 'ru', q: 0.5 },
      { range: '*', q: 0.1 },
    ]);
  });

  it('reads q-values with spaces and upper case', () => {
    expect(parseAcceptLanguage('da ; Q = 0.7')).toEqual([{ range: 'da', q: 0.7 }]);
  });

  it('treats a malformed q-value as unacceptable and skips malformed ranges', () => {
    expect(parseAcceptLanguage('de;q=2, en;q=abc, x_y, 12, , ko')).toEqual([
      { range: 'ko', q: 1 },
      { range: 'de', q: 0 },
      { range: 'en', q: 0 },
    ]);
  });

  it('is empty for a missing header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('bounds the work on a huge header', () => {
    const header = Array.from({ length: 500 }, () => 'en').join(',');
    expect(parseAcceptLanguage(header).length).toBeLessThanOrEqual(MAX_LANGUAGE_RANGES);
  });
});

describe('negotiateLocale', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-CA;q=0.4, ko;q=0.9', 'ko'],
    ['ja, vi;q=0.5', 'vi'],
    ['zh-CN, zh;q=0.9', 'en'],
    ['*', 'en'],
    ['de;q=0, it', 'it'],
    ['de;q=0', 'en'],
    ['HI', 'hi'],
    ['nl-BE;q=0.8, da;q=0.8', 'nl'],
    [undefined, 'en'],
  ])('%s → %s among the enabled locales', (header, expected) => {
    expect(negotiateLocale(header, ENABLED_LOCALES)).toBe(expected);
  });

  it('matches regional locales exactly or by their language', () => {
    const enabled = ['en', 'pt_BR', 'de', 'de_CH'];
    expect(negotiateLocale('de-CH', enabled)).toBe('de_CH');
    expect(negotiateLocale('de-AT', enabled)).toBe('de');
    expect(negotiateLocale('pt', enabled)).toBe('pt_BR');
    expect(negotiateLocale('pt-PT', enabled)).toBe('pt_BR');
  });

  it('never answers a locale that is not enabled', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        const locale = negotiateLocale(header, ENABLED_LOCALES);
        expect(ENABLED_LOCALES).toContain(locale);
      }),
    );
  });
});
