import type { CatalogueLocale, MessageKey } from '@uniquair/i18n/messages';
import type { MessageFormatElement } from 'react-intl';
import { cityNamesOf, type CityNames } from './city-names.ts';

/**
 * The message catalogues as the web app ships them: compiled at build time (`?compiled`, see
 * `vite.config.ts` and docs/i18n.md), so react-intl formats them without its ICU parser. Each
 * catalogue is its own chunk, English included: a browser downloads only the language it shows.
 * The chunk also carries the locale's city names (`cities`, `city-names.ts`).
 */

/** One locale's messages, parsed: what `formatjs compile --ast` makes of a catalogue. */
export type CompiledMessages = Readonly<Record<MessageKey, MessageFormatElement[]>>;

/** The source locale: the fallback for a locale without a catalogue. */
export const SOURCE_LOCALE = 'en' satisfies CatalogueLocale;

/** A compiled catalogue module: its messages, and the locale's city names where it has any. */
interface CatalogueModule {
  readonly default: CompiledMessages;
  readonly cities?: Readonly<Record<string, string>>;
}

const catalogueFiles = import.meta.glob<CatalogueModule>('../../../i18n/locales/*.json', {
  query: '?compiled',
});

/** The catalogue loaders by locale code (`de` from `…/locales/de.json`). */
const catalogueLoaders = new Map(
  Object.entries(catalogueFiles).map(([file, load]) => [
    file.slice(file.lastIndexOf('/') + 1, -'.json'.length),
    load,
  ]),
);

export function hasCatalogue(locale: string): locale is CatalogueLocale {
  return catalogueLoaders.has(locale);
}

export interface LoadedCatalogue {
  /** The locale whose messages these are: the one asked for, or `en` when it has no catalogue. */
  readonly locale: CatalogueLocale;
  readonly messages: CompiledMessages;
  /** The city names of the locale (`city-names.ts`), from the same chunk. */
  readonly cities: CityNames;
}

/**
 * Loads the compiled messages of `locale` and its city names, fetching its chunk on first use; a
 * locale without a catalogue gets English. A failed fetch rejects, so the caller can show its
 * error state instead of silently switching language.
 */
export async function loadCatalogue(locale: string): Promise<LoadedCatalogue> {
  const resolved: CatalogueLocale = hasCatalogue(locale) ? locale : SOURCE_LOCALE;
  const load = catalogueLoaders.get(resolved);
  if (!load) throw new Error(`No catalogue for ${resolved}.`);
  const catalogue = await load();
  return { locale: resolved, messages: catalogue.default, cities: cityNamesOf(catalogue.cities) };
}

/** The keys of the screens the start-up bundle shows on its own (see {@link startupText}). */
export type StartupTextKey =
  'app.loading' | 'error.pageTitle' | 'error.title' | 'error.hint' | 'error.retry';

const [startup] = Object.values(
  import.meta.glob<Partial<CompiledMessages>>('../../../i18n/locales/en.json', {
    query: '?compiled&keys=app.loading,error.pageTitle,error.title,error.hint,error.retry',
    import: 'default',
    eager: true,
  }),
);
if (!startup) throw new Error('The English catalogue is missing.');

/** `TYPE.literal` of the ICU message format parser, whose code the app does not ship. */
const LITERAL = 0 as MessageFormatElement['type'];

/** The text of a compiled message made of text alone (no argument, plural or tag), else none. */
function plainText(message: readonly MessageFormatElement[] | undefined): string | undefined {
  if (!message) return undefined;
  let text = '';
  for (const element of message) {
    if (element.type !== LITERAL || !('value' in element)) return undefined;
    text += element.value;
  }
  return text;
}

/**
 * A text of the start-up screen or the start-up error page, which the start-up bundle shows
 * without react-intl (it loads with the first catalogue, docs/i18n.md): from `messages` (the
 * catalogue on screen) when given and plain text there, otherwise the bundled English, so the
 * error page can be read even when no catalogue chunk can be fetched.
 */
export function startupText(key: StartupTextKey, messages?: CompiledMessages): string {
  return plainText(messages?.[key]) ?? plainText(startup?.[key]) ?? key;
}
