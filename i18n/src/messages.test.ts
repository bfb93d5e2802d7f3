import { readdirSync } from 'node:fs';
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
import { ENABLED_LOCALES, LANGUAGES, toBcp47 } from '@uniquair/domain/locale/languages';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_LOCALES,
  hasCatalogue,
  loadMessages,
  sourceMessages,
  type Messages,
} from './messages.ts';

/** The placeholders a message uses, as `name:kind` (tags as `<name>`), sorted. */
function placeholdersOf(elements: readonly MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const visit = (nodes: readonly MessageFormatElement[]): void => {
    for (const node of nodes) {
      if (isArgumentElement(node)) found.add(`${node.value}:argument`);
      else if (isNumberElement(node)) found.add(`${node.value}:number`);
      else if (isDateElement(node)) found.add(`${node.value}:date`);
      else if (isTimeElement(node)) found.add(`${node.value}:time`);
      else if (isTagElement(node)) {
        found.add(`<${node.value}>`);
        visit(node.children);
      } else if (isSelectElement(node) || isPluralElement(node)) {
        found.add(`${node.value}:${isPluralElement(node) ? node.pluralType : 'select'}`);
        for (const option of Object.values(node.options)) visit(option.value);
      }
    }
  };
  visit(elements);
  return [...found].sort();
}

/** Plural and select elements anywhere in a message, nested ones included. */
function choiceElementsOf(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.flatMap((node) => {
    if (isTagElement(node)) return choiceElementsOf(node.children);
    if (isSelectElement(node) || isPluralElement(node)) {
      return [node, ...Object.values(node.options).flatMap((o) => choiceElementsOf(o.value))];
    }
    return [];
  });
}

const sourceKeys = Object.keys(sourceMessages).sort();

const catalogues = new Map<string, Messages>(
  await Promise.all(
    ENABLED_LOCALES.map(async (locale) => [locale, (await loadMessages(locale)).messages] as const),
  ),
);

describe('catalogue files', () => {
  it('exist for exactly the enabled locales', () => {
    const files = readdirSync(new URL('../locales/', import.meta.url))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length));
    expect([...files].sort()).toEqual([...ENABLED_LOCALES].sort());
    expect([...CATALOGUE_LOCALES].sort()).toEqual([...ENABLED_LOCALES].sort());
  });

  it('has at least one message in the source catalogue', () => {
    expect(sourceKeys.length).toBeGreaterThan(0);
  });
});

describe.each(ENABLED_LOCALES)('catalogue %s', (locale) => {
  const messages: Readonly<Record<string, string>> = catalogues.get(locale) ?? {};

  it("has exactly en's keys", () => {
    expect(Object.keys(messages).sort()).toEqual(sourceKeys);
  });

  it.each(sourceKeys)('%s is a non-empty ICU message with the placeholders of en', (key) => {
    const message = messages[key];
    const source = (sourceMessages as Readonly<Record<string, string>>)[key] ?? '';
    expect(typeof message).toBe('string');
    expect(String(message).trim()).not.toBe('');
    const ast = parse(String(message));
    expect(placeholdersOf(ast)).toEqual(placeholdersOf(parse(source)));
  });

  it('uses only plural categories the language has, and always an `other` case', () => {
    const ordinal = new Intl.PluralRules(toBcp47(locale), { type: 'ordinal' });
    const cardinal = new Intl.PluralRules(toBcp47(locale), { type: 'cardinal' });
    for (const [key, message] of Object.entries(messages)) {
      for (const choice of choiceElementsOf(parse(message))) {
        if (!isPluralElement(choice) && !isSelectElement(choice)) continue;
        const selectors = Object.keys(choice.options);
        expect(selectors, `${key}: ${choice.value}`).toContain('other');
        if (!isPluralElement(choice)) continue;
        const rules = choice.pluralType === 'ordinal' ? ordinal : cardinal;
        const categories: readonly string[] = rules.resolvedOptions().pluralCategories;
        for (const selector of selectors) {
          if (selector.startsWith('=')) continue;
          expect(categories, `${key}: ${choice.value} {${selector}}`).toContain(selector);
        }
      }
    }
  });
});

describe('loadMessages', () => {
  it('loads the requested catalogue', async () => {
    const loaded = await loadMessages('de');
    expect(loaded.locale).toBe('de');
    expect(loaded.messages['notFound.title']).toBe('Nicht gefunden');
  });

  it('falls back to English for a disabled or unknown locale', async () => {
    const disabled = LANGUAGES.find((language) => !language.enabled);
    expect(disabled).toBeDefined();
    for (const code of [disabled?.code ?? 'zh', 'xx', '', '__proto__']) {
      const loaded = await loadMessages(code);
      expect(loaded.locale).toBe('en');
      expect(loaded.messages).toBe(sourceMessages);
    }
  });

  it('knows which locales have a catalogue', () => {
    expect(hasCatalogue('ko')).toBe(true);
    expect(hasCatalogue('ja')).toBe(false);
    expect(hasCatalogue('toString')).toBe(false);
  });
});
