import { isEnabledLocale } from '@uniquair/domain/locale/languages';
import type { CatalogueLocale, MessageKey } from '@uniquair/i18n/messages';
import { createContext, useContext } from 'react';
import { hasCatalogue, SOURCE_LOCALE, type CompiledMessages } from './i18n-catalogues.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's hook for typed ids
  namespace FormatjsIntl {
    /** Message ids are the catalogue keys: `formatMessage({ id })` rejects unknown ones. */
    interface Message {
      ids: MessageKey;
    }
  }
}

/** Where the user's explicit language choice is kept between visits. */
export const LOCALE_STORAGE_KEY = 'uniquair.locale';

/** A UI locale the user can pick: enabled (SPEC §3) and with a message catalogue. */
export function isSupportedLocale(code: string): code is CatalogueLocale {
  return isEnabledLocale(code) && hasCatalogue(code);
}

/**
 * The supported locale for a BCP 47 language tag from the browser: `de-AT` → `de`,
 * `pt-BR` → `pt_BR` when that is supported, otherwise its language alone.
 */
export function localeFromLanguageTag(tag: string): CatalogueLocale | undefined {
  const [language = '', region] = tag.trim().split(/[-_]/);
  const candidates = [
    region ? `${language.toLowerCase()}_${region.toUpperCase()}` : undefined,
    language.toLowerCase(),
  ];
  return candidates.find((code): code is CatalogueLocale =>
    code === undefined ? false : isSupportedLocale(code),
  );
}

export interface LocalePreferences {
  /** The locale stored by an earlier explicit choice, if any. */
  readonly stored: string | null;
  /** The browser's preferred languages, most preferred first (`navigator.languages`). */
  readonly languageTags: readonly string[];
}

/** The stored choice when still supported, else the first supported browser language, else en. */
export function detectLocale({ stored, languageTags }: LocalePreferences): CatalogueLocale {
  if (stored !== null && isSupportedLocale(stored)) return stored;
  for (const tag of languageTags) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return SOURCE_LOCALE;
}

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (disabled cookies, some private modes): fall back to the browser.
    return null;
  }
}

/** The locale to start with in this browser. */
export function detectBrowserLocale(): CatalogueLocale {
  const languageTags =
    navigator.languages.length > 0 ? navigator.languages : [navigator.language].filter(Boolean);
  return detectLocale({ stored: readStoredLocale(), languageTags });
}

/** Remembers an explicit language choice for the next visit. */
export function storeLocale(locale: CatalogueLocale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

export interface LocaleState {
  /** The locale whose messages are on screen. */
  readonly locale: CatalogueLocale;
  /**
   * Switches the UI language once its catalogue has loaded, and remembers the choice. Rejects,
   * leaving the language as it was, when the catalogue cannot be fetched (e.g. offline).
   */
  readonly setLocale: (locale: CatalogueLocale) => Promise<void>;
  /** The catalogue on screen, for the start-up screens that show without react-intl. */
  readonly messages: CompiledMessages;
}

export const LocaleContext = createContext<LocaleState | null>(null);

/** The current UI locale and the way to change it; only inside `I18nProvider`. */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale must be used inside I18nProvider.');
  return state;
}
