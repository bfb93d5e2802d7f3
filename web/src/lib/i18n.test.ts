import { describe, expect, it } from 'vitest';
import { detectLocale, localeFromLanguageTag } from './i18n.ts';

describe('localeFromLanguageTag', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['EN-us', 'en'],
    ['pt-BR', undefined],
    ['ja-JP', undefined],
    ['ko_KR', 'ko'],
    ['', undefined],
  ])('%s → %s', (tag, locale) => {
    expect(localeFromLanguageTag(tag)).toBe(locale);
  });
});

describe('detectLocale', () => {
  it('prefers a stored choice that is still supported', () => {
    expect(detectLocale({ stored: 'ru', languageTags: ['de-DE'] })).toBe('ru');
  });

  it('ignores a stored locale that is not enabled', () => {
    expect(detectLocale({ stored: 'ja', languageTags: ['fr-CA'] })).toBe('fr');
  });

  it('takes the first supported browser language', () => {
    expect(detectLocale({ stored: null, languageTags: ['ja', 'pt-BR', 'nl-BE', 'de'] })).toBe('nl');
  });

  it('falls back to English', () => {
    expect(detectLocale({ stored: null, languageTags: ['ja', 'zh-CN'] })).toBe('en');
    expect(detectLocale({ stored: null, languageTags: [] })).toBe('en');
  });
});
