/**
 * The language entries of SPEC §3: the UI locales, whether each is enabled, and its default
 * currency. Thirteen are enabled; the others are known but switched off.
 */
export interface LanguageEntry {
  /** Locale code as used in URLs and catalogues (`en`, `de_CH`, `pt_BR`). */
  readonly code: string;
  /** The language's own name, as shown in the language picker. */
  readonly name: string;
  readonly enabled: boolean;
  /** ISO 4217 code of the currency selected by default for this language. */
  readonly defaultCurrency: string;
}

export const LANGUAGES = [
  { code: 'en', name: 'English', enabled: true, defaultCurrency: 'USD' },
  { code: 'de', name: 'Deutsch', enabled: true, defaultCurrency: 'EUR' },
  { code: 'ru', name: 'Русский', enabled: true, defaultCurrency: 'RUB' },
  { code: 'bg', name: 'Български', enabled: true, defaultCurrency: 'BGN' },
  { code: 'vi', name: 'Tiếng Việt', enabled: true, defaultCurrency: 'VND' },
  { code: 'es', name: 'Español', enabled: true, defaultCurrency: 'EUR' },
  { code: 'fr', name: 'Français', enabled: true, defaultCurrency: 'EUR' },
  { code: 'it', name: 'Italiano', enabled: true, defaultCurrency: 'EUR' },
  { code: 'ro', name: 'Română', enabled: true, defaultCurrency: 'RON' },
  { code: 'nl', name: 'Nederlands', enabled: true, defaultCurrency: 'EUR' },
  { code: 'hi', name: 'हिन्दी', enabled: true, defaultCurrency: 'INR' },
  { code: 'da', name: 'Dansk', enabled: true, defaultCurrency: 'EUR' },
  { code: 'ko', name: '한국어', enabled: true, defaultCurrency: 'KRW' },
  { code: 'zh', name: '中文', enabled: false, defaultCurrency: 'CNY' },
  { code: 'de_CH', name: 'Deutsch (Schweiz)', enabled: false, defaultCurrency: 'CHF' },
  { code: 'ja', name: '日本語', enabled: false, defaultCurrency: 'JPY' },
  { code: 'tr', name: 'Türkçe', enabled: false, defaultCurrency: 'TRY' },
  { code: 'th', name: 'ไทย', enabled: false, defaultCurrency: 'THB' },
  { code: 'pt_BR', name: 'Português (Brasil)', enabled: false, defaultCurrency: 'BRL' },
  { code: 'pl', name: 'Polski', enabled: false, defaultCurrency: 'PLN' },
  { code: 'hu', name: 'Magyar', enabled: false, defaultCurrency: 'HUF' },
  { code: 'ar', name: 'العربية', enabled: false, defaultCurrency: 'USD' },
  { code: 'sw', name: 'Kiswahili', enabled: false, defaultCurrency: 'USD' },
  { code: 'he', name: 'עברית', enabled: false, defaultCurrency: 'ILS' },
  { code: 'id', name: 'Bahasa Indonesia', enabled: false, defaultCurrency: 'IDR' },
  { code: 'ph', name: 'Filipino', enabled: false, defaultCurrency: 'PHP' },
] as const satisfies readonly LanguageEntry[];

/** The code of an enabled UI locale: a text kept for every one of them can be typed as a record. */
export type EnabledLocale = Extract<(typeof LANGUAGES)[number], { enabled: true }>['code'];

export const DEFAULT_LOCALE = 'en';

/** Codes of the enabled UI locales, in picker order. */
export const ENABLED_LOCALES: readonly EnabledLocale[] = LANGUAGES.filter(
  (language): language is Extract<(typeof LANGUAGES)[number], { enabled: true }> =>
    language.enabled,
).map((language) => language.code);

export function findLanguage(code: string): LanguageEntry | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

export function isEnabledLocale(code: string): boolean {
  return findLanguage(code)?.enabled === true;
}

/** BCP 47 tag for `Intl` APIs (`pt_BR` → `pt-BR`). */
export function toBcp47(code: string): string {
  return code.replace('_', '-');
}
