import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
  type PluralElement,
} from '@formatjs/icu-messageformat-parser';
import { ENABLED_LOCALES, toBcp47 } from '@uniquair/domain/locale/languages';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { loadMessages, sourceMessages, type Messages } from './messages.ts';

/**
 * Arguments that are a number of things (people, seats, flights, days, …). A language inflects the
 * words around such a number by its plural rules, so a message must show it through an ICU
 * `plural` (`{count, plural, one {# seat} other {# seats}}`), never as a bare `{count}`, which reads
 * wrong in every language whose noun or verb changes with the number.
 */
const COUNT_ARGUMENTS: readonly string[] = [
  'count',
  'n',
  'adults',
  'children',
  'infants',
  'passengers',
  'seats',
  'legs',
  'stops',
  'bags',
  'nights',
  'days',
  'hours',
  'minutes',
  'rating',
  'min',
  'max',
  'shown',
  'remaining',
  'capacity',
  'sold',
  'left',
];

/**
 * Messages where an argument of that list is not a number of things: the bounds of a numeric
 * value ("The value must be at least {min}."), the last of a series ("Image {number} of {max}")
 * and a currency ("Amounts in {shown} are a guide").
 */
const NOT_A_COUNT: Readonly<Record<string, readonly string[]>> = {
  'apiError.tooSmall': ['min'],
  'apiError.tooBig': ['max'],
  'support.attachments.label': ['max'],
  'price.chargeRule': ['shown'],
};

/** Arguments shown as text or as a number (`{count}`, `{count, number}`), outside any plural. */
function bareArgumentsOf(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((node): string[] => {
    if (isArgumentElement(node) || isNumberElement(node)) return [node.value];
    if (isTagElement(node)) return bareArgumentsOf(node.children);
    if (isSelectElement(node) || isPluralElement(node)) {
      return Object.values(node.options).flatMap((option) => bareArgumentsOf(option.value));
    }
    return [];
  });
}

/** Cardinal plural elements anywhere in a message, nested ones included. */
function pluralsOf(elements: readonly MessageFormatElement[]): PluralElement[] {
  return elements.flatMap((node): PluralElement[] => {
    if (isTagElement(node)) return pluralsOf(node.children);
    if (isSelectElement(node) || isPluralElement(node)) {
      const nested = Object.values(node.options).flatMap((option) => pluralsOf(option.value));
      return isPluralElement(node) && node.pluralType === 'cardinal' ? [node, ...nested] : nested;
    }
    return [];
  });
}

function hasPound(elements: readonly MessageFormatElement[]): boolean {
  return elements.some(
    (node) => isPoundElement(node) || (isTagElement(node) && hasPound(node.children)),
  );
}

/** The whole numbers up to 200, other than 1, that a language puts in its `one` category. */
function oneBesidesOne(locale: string): number[] {
  const rules = new Intl.PluralRules(toBcp47(locale));
  return Array.from({ length: 201 }, (_, n) => n).filter(
    (n) => n !== 1 && rules.select(n) === 'one',
  );
}

const catalogues = new Map<string, Readonly<Record<string, string>>>(
  await Promise.all(
    ENABLED_LOCALES.map(
      async (locale) =>
        [
          locale,
          (await loadMessages(locale)).messages as Readonly<Record<string, string>>,
        ] as const,
    ),
  ),
);

function messagesOf(locale: string): Readonly<Record<string, string>> {
  const messages = catalogues.get(locale);
  if (!messages) throw new Error(`No catalogue for ${locale}`);
  return messages;
}

function format(locale: string, key: keyof Messages, values: Record<string, number>): string {
  const message = messagesOf(locale)[key] ?? '';
  return String(new IntlMessageFormat(message, toBcp47(locale)).format(values));
}

describe('the list of count arguments', () => {
  it('names every argument the source catalogue chooses a plural form by', () => {
    const selectors = new Set(
      Object.values(sourceMessages).flatMap((message) =>
        pluralsOf(parse(message)).map((plural) => plural.value),
      ),
    );
    expect([...selectors].filter((name) => !COUNT_ARGUMENTS.includes(name))).toEqual([]);
  });

  it('lists as exceptions only messages that exist and use that argument bare', () => {
    for (const [key, names] of Object.entries(NOT_A_COUNT)) {
      const message = (sourceMessages as Readonly<Record<string, string>>)[key];
      expect(message, key).toBeDefined();
      for (const name of names) expect(bareArgumentsOf(parse(message ?? '')), key).toContain(name);
    }
  });
});

describe.each(ENABLED_LOCALES)('plurals in %s', (locale) => {
  const messages = messagesOf(locale);

  it('show every number of things through a plural', () => {
    const bare = Object.entries(messages).flatMap(([key, message]) =>
      bareArgumentsOf(parse(message))
        .filter((name) => COUNT_ARGUMENTS.includes(name))
        .filter((name) => !(NOT_A_COUNT[key] ?? []).includes(name))
        .map((name) => `${key}: {${name}}`),
    );
    expect(bare).toEqual([]);
  });

  it('say the number in a `one` case that also covers numbers other than 1', () => {
    // Hindi and French put 0 in `one`, Russian 21, 31, …: a `one` text without `#` ("the next
    // day") needs an exact case for each of those numbers it cannot mean.
    const others = oneBesidesOne(locale);
    const wrong = Object.entries(messages).flatMap(([key, message]) =>
      pluralsOf(parse(message))
        .filter((plural) => plural.options.one !== undefined)
        .filter((plural) => !hasPound(plural.options.one?.value ?? []))
        .filter((plural) => others.some((n) => plural.options[`=${n}`] === undefined))
        .map((plural) => `${key}: ${plural.value}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('zero in Hindi', () => {
  const hindi = messagesOf('hi');

  it('takes the plural form: `one` covers 0 and 1, so every plural that differs has `=0`', () => {
    const missing = Object.entries(hindi).flatMap(([key, message]) =>
      pluralsOf(parse(message))
        .filter(({ options }) => options.one !== undefined && options['=0'] === undefined)
        .filter(
          ({ options }) =>
            JSON.stringify(options.one?.value) !== JSON.stringify(options.other?.value),
        )
        .map((plural) => `${key}: ${plural.value}`),
    );
    expect(missing).toEqual([]);
  });

  it('formats 0 children as "0 बच्चे" and 1 child as "1 बच्चा"', () => {
    expect(format('hi', 'search.form.childrenCount', { count: 0 })).toBe('0 बच्चे');
    expect(format('hi', 'search.form.childrenCount', { count: 1 })).toBe('1 बच्चा');
    expect(format('hi', 'search.form.childrenCount', { count: 2 })).toBe('2 बच्चे');
    expect(format('hi', 'search.passengers', { adults: 1, children: 0, infants: 0 })).toBe(
      '1 वयस्क, 0 बच्चे, 0 शिशु',
    );
  });

  it('reads zero flights in the plural too', () => {
    expect(format('hi', 'search.leg.count', { count: 0 })).toBe('0 उड़ानें मिलीं');
    expect(format('hi', 'search.titleMulti', { count: 0, from: 1 })).toContain('0 उड़ानें');
  });
});

describe('zero where CLDR puts it in `one`', () => {
  it('stays singular in French, as French grammar has it', () => {
    expect(format('fr', 'search.form.childrenCount', { count: 0 })).toBe('0 enfant');
    expect(format('fr', 'search.form.childrenCount', { count: 2 })).toBe('2 enfants');
  });

  it('takes the right form in Russian for 1, 2, 5 and 21', () => {
    const days = (n: number) =>
      format('ru', 'search.flight.times', { days: n, departure: 7, arrival: 9 });
    expect(days(1)).toBe('Вылет в 7, прилёт в 9 на следующий день');
    expect(days(2)).toBe('Вылет в 7, прилёт в 9 через 2 дня');
    expect(days(5)).toBe('Вылет в 7, прилёт в 9 через 5 дней');
    expect(days(21)).toBe('Вылет в 7, прилёт в 9 через 21 день');
  });
});
