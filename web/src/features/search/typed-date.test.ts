import type { Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { datePartOrder, formatTypedDate, parseTypedDate } from './typed-date.ts';

describe('typed dates', () => {
  it('knows the order of each language', () => {
    expect(datePartOrder('en')).toEqual(['month', 'day', 'year']);
    expect(datePartOrder('de')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('ko')).toEqual(['year', 'month', 'day']);
  });

  it.each([
    ['12/01/2026', 'en', '2026-12-01'],
    ['12/1/26', 'en', '2026-12-01'],
    ['01.12.2026', 'de', '2026-12-01'],
    ['1-12-2026', 'fr', '2026-12-01'],
    ['2026. 12. 01.', 'ko', '2026-12-01'],
    ['2026-12-01', 'de', '2026-12-01'],
    [' 2026 12 01 ', 'en', '2026-12-01'],
  ])('reads %s in %s', (text, locale, expected) => {
    expect(parseTypedDate(text, locale)).toBe(expected);
  });

  it.each([
    ['02/30/2026', 'en'],
    ['13/01/2026', 'en'],
    ['12/2026', 'en'],
    ['next tuesday', 'en'],
    ['1/1/1/2026', 'en'],
    ['123/1/2026', 'en'],
    ['', 'en'],
  ])('refuses %s in %s', (text, locale) => {
    expect(parseTypedDate(text, locale)).toBeNull();
  });

  it('writes a date back the way it is read', () => {
    for (const locale of ['en', 'de', 'ko', 'vi', 'hi', 'bg']) {
      const text = formatTypedDate('2026-12-01' as Ymd, locale);
      expect(parseTypedDate(text, locale)).toBe('2026-12-01');
    }
  });
});
