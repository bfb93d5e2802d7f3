import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { ENABLED_LOCALES, toBcp47 } from '@uniquair/domain/locale/languages';
import type { MessageKey } from '@uniquair/i18n/messages';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  hasCatalogue,
  loadCatalogue,
  startupText,
  type StartupTextKey,
} from './i18n-catalogues.ts';

type Values = Record<string, string | number | Date | ((chunks: string[]) => string)>;

const WHEN = new Date(Date.UTC(2026, 2, 14, 9, 30));

/** A value for every placeholder, and one set per branch of each plural or select. */
function valueSetsOf(elements: readonly MessageFormatElement[]): Values[] {
  const base: Values = {};
  const branches: Values[] = [];
  const visit = (nodes: readonly MessageFormatElement[]): void => {
    for (const node of nodes) {
      if (isArgumentElement(node)) base[node.value] = 'Ada';
      else if (isNumberElement(node)) base[node.value] = 1234.5;
      else if (isDateElement(node) || isTimeElement(node)) base[node.value] = WHEN;
      else if (isTagElement(node)) {
        base[node.value] = (chunks) => chunks.join('');
        visit(node.children);
      } else if (isSelectElement(node) || isPluralElement(node)) {
        const counts: Record<string, number> = { zero: 0, one: 1, two: 2, few: 3, many: 5 };
        for (const [option, { value }] of Object.entries(node.options)) {
          const exact = /^=(\d+)$/.exec(option)?.[1];
          const choice = isSelectElement(node)
            ? option
            : exact !== undefined
              ? Number(exact)
              : (counts[option] ?? 7);
          branches.push({ [node.value]: choice });
          visit(value);
        }
        base[node.value] ??= isSelectElement(node) ? 'other' : 7;
      }
    }
  };
  visit(elements);
  return [base, ...branches.map((branch) => ({ ...base, ...branch }))];
}

function intlFor(locale: string, messages: Record<string, MessageFormatElement[]>) {
  const errors: string[] = [];
  const intl = createIntl({
    locale: toBcp47(locale),
    defaultLocale: 'en',
    messages,
    onError: (error) => errors.push(error.message),
  });
  return { intl: intl, errors };
}

describe('compiled catalogues', () => {
  it('ship react-intl without its ICU parser: a message given as text cannot be parsed', () => {
    expect(() => parse('{count, plural, one {# seat} other {# seats}}')).toThrow();
  });

  it('has a catalogue for every enabled locale', () => {
    expect(ENABLED_LOCALES.filter((locale) => !hasCatalogue(locale))).toEqual([]);
  });

  it.each(ENABLED_LOCALES)('%s: every message formats, in every branch', async (locale) => {
    const { messages } = await loadCatalogue(locale);
    const { intl, errors } = intlFor(locale, messages);
    for (const [id, elements] of Object.entries(messages)) {
      for (const values of valueSetsOf(elements)) {
        const text = intl.formatMessage({ id: id as MessageKey }, values);
        expect(text, id).not.toBe('');
        expect(text, id).not.toBe(id);
      }
    }
    expect(errors).toEqual([]);
  });

  it('formats plural, select, number and date arguments', async () => {
    const en = intlFor('en', (await loadCatalogue('en')).messages).intl;
    expect(en.formatMessage({ id: 'ui.airportSelect.resultCount' }, { count: 1 })).toBe(
      '1 airport found',
    );
    expect(en.formatMessage({ id: 'ui.airportSelect.resultCount' }, { count: 12 })).toBe(
      '12 airports found',
    );
    expect(en.formatMessage({ id: 'search.calendar.rating' }, { rating: 'lowest' })).toBe(
      'lowest price of the month',
    );
    expect(en.formatMessage({ id: 'ui.fileInput.maxSize' }, { size: 2 })).toBe(
      'Max file size allowed is 2.00 MB',
    );
    expect(en.formatMessage({ id: 'bookings.page' }, { page: 1200 })).toBe('Page 1,200');
    expect(en.formatMessage({ id: 'bookings.departure' }, { date: WHEN })).toBe(
      'Departure March 14, 2026',
    );

    const ru = intlFor('ru', (await loadCatalogue('ru')).messages).intl;
    const found = (count: number) =>
      ru.formatMessage({ id: 'ui.airportSelect.resultCount' }, { count });
    expect(new Set([found(1), found(3), found(5)]).size).toBe(3);
  });

  it('a locale without a catalogue gets English', async () => {
    expect((await loadCatalogue('pt_BR')).locale).toBe('en');
  });

  it('bundles the English of the start-up error page', () => {
    expect(startupText('error.title')).toBe('There was an error.');
    expect(startupText('error.retry')).toBe('Try again');
  });

  const startupKeys: StartupTextKey[] = [
    'app.loading',
    'error.pageTitle',
    'error.title',
    'error.hint',
    'error.retry',
  ];
  it.each(ENABLED_LOCALES)(
    '%s: the start-up screens read as react-intl formats them, without it',
    async (locale) => {
      const { messages } = await loadCatalogue(locale);
      const { intl } = intlFor(locale, messages);
      for (const key of startupKeys) {
        expect(startupText(key, messages), key).toBe(intl.formatMessage({ id: key }));
      }
    },
  );
});
