import sourceCatalogue from '../locales/en.json' with { type: 'json' };

/**
 * The source locale. Its catalogue defines the keys every other catalogue must have, and it is
 * the fallback for any locale without a catalogue.
 */
export const SOURCE_LOCALE = 'en';

/** A key of the message catalogues, e.g. `notFound.title`. */
export type MessageKey = keyof typeof sourceCatalogue;

/** One locale's messages: ICU MessageFormat strings by key. */
export type Messages = Readonly<Record<MessageKey, string>>;

/**
 * The English messages. They are bundled with whoever imports this module (not a lazy chunk),
 * so English text is available even when a catalogue chunk cannot be fetched, e.g. to render the
 * start-up error page while offline.
 */
export const sourceMessages: Messages = sourceCatalogue;

interface CatalogueModule {
  readonly default: Messages;
}

/**
 * One loader per catalogue. Each non-source catalogue is a separate dynamic import, so bundlers
 * emit one chunk per locale and a browser downloads only the language it shows. `satisfies`
 * makes a catalogue that lacks a key of `en.json` a type error.
 */
const catalogueLoaders = {
  en: () => Promise.resolve({ default: sourceMessages }),
  de: () => import('../locales/de.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru.json', { with: { type: 'json' } }),
  bg: () => import('../locales/bg.json', { with: { type: 'json' } }),
  vi: () => import('../locales/vi.json', { with: { type: 'json' } }),
  es: () => import('../locales/es.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr.json', { with: { type: 'json' } }),
  it: () => import('../locales/it.json', { with: { type: 'json' } }),
  ro: () => import('../locales/ro.json', { with: { type: 'json' } }),
  nl: () => import('../locales/nl.json', { with: { type: 'json' } }),
  hi: () => import('../locales/hi.json', { with: { type: 'json' } }),
  da: () => import('../locales/da.json', { with: { type: 'json' } }),
  ko: () => import('../locales/ko.json', { with: { type: 'json' } }),
} satisfies Record<typeof SOURCE_LOCALE | (string & {}), () => Promise<CatalogueModule>>;

/** A locale code that has a catalogue. */
export type CatalogueLocale = keyof typeof catalogueLoaders;

/** Every locale code that has a catalogue, source first. */
export const CATALOGUE_LOCALES = Object.keys(catalogueLoaders) as readonly CatalogueLocale[];

export function hasCatalogue(locale: string): locale is CatalogueLocale {
  return Object.hasOwn(catalogueLoaders, locale);
}

export interface LoadedCatalogue {
  /** The locale whose messages these are: the one asked for, or `en` when it has no catalogue. */
  readonly locale: CatalogueLocale;
  readonly messages: Messages;
}

/**
 * Loads the messages of `locale` (a catalogue code such as `de` or `pt_BR`), fetching its chunk
 * on first use. A locale without a catalogue gets the English messages. A failed fetch rejects, so
 * the caller can show its error state instead of silently switching language.
 */
export async function loadMessages(locale: string): Promise<LoadedCatalogue> {
  const resolved: CatalogueLocale = hasCatalogue(locale) ? locale : SOURCE_LOCALE;
  const catalogue = await catalogueLoaders[resolved]();
  return { locale: resolved, messages: catalogue.default };
}
