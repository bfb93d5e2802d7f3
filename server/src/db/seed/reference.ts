import { ENABLED_LOCALES, LANGUAGES } from '@uniquair/domain/locale/languages';
import type { Insertable } from 'kysely';
import type {
  CountriesTable,
  CountryNamesTable,
  CurrenciesTable,
  LanguagesTable,
  TicketTypesTable,
  TitlesTable,
} from '../tables/reference.ts';

/**
 * The currencies offered: every enabled language's default currency, plus pound sterling (a
 * charge currency). Rates are units per US dollar.
 */
const CURRENCIES: readonly Insertable<CurrenciesTable>[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', ord: 1, rate: 1, minor_units: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', ord: 2, rate: 0.92, minor_units: 2 },
  { code: 'GBP', name: 'British Pound', symbol: '£', ord: 3, rate: 0.79, minor_units: 2 },
  { code: 'RUB', name: 'Russian Ruble', symbol: '₽', ord: 4, rate: 92.5, minor_units: 2 },
  { code: 'BGN', name: 'Bulgarian Lev', symbol: 'лв', ord: 5, rate: 1.7994, minor_units: 2 },
  { code: 'VND', name: 'Vietnamese Dong', symbol: '₫', ord: 6, rate: 25_400, minor_units: 0 },
  { code: 'RON', name: 'Romanian Leu', symbol: 'lei', ord: 7, rate: 4.58, minor_units: 2 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', ord: 8, rate: 84.2, minor_units: 2 },
  { code: 'KRW', name: 'South Korean Won', symbol: '₩', ord: 9, rate: 1_385, minor_units: 0 },
];

export function currencyRows(): Insertable<CurrenciesTable>[] {
  const codes = new Set(CURRENCIES.map((currency) => currency.code));
  for (const language of LANGUAGES.filter((l) => l.enabled)) {
    if (!codes.has(language.defaultCurrency)) {
      throw new Error(`No currency ${language.defaultCurrency} for language ${language.code}`);
    }
  }
  return CURRENCIES.map((currency) => ({ ...currency }));
}

export function languageRows(): Insertable<LanguagesTable>[] {
  return LANGUAGES.map((language, index) => ({
    code: language.code,
    name: language.name,
    enabled: language.enabled ? 1 : 0,
    default_currency: language.defaultCurrency,
    ord: index + 1,
  }));
}

export function titleRows(): Insertable<TitlesTable>[] {
  return [
    { id: 1, name: 'Mr.' },
    { id: 2, name: 'Mrs.' },
    { id: 4, name: 'Infant' },
    { id: 5, name: 'Child' },
  ];
}

export function ticketTypeRows(): Insertable<TicketTypesTable>[] {
  return [
    { id: 1, name: 'Adult' },
    { id: 2, name: 'Child' },
    { id: 3, name: 'Infant' },
  ];
}

/**
 * Calling codes of territories libphonenumber-js has no numbering plan for (ITU assignments:
 * Antarctic bases and Heard Island use 672, Bouvet Island Norway's 47, and so on).
 */
const EXTRA_CALLING_CODES: Readonly<Record<string, string>> = {
  AQ: '672',
  BV: '47',
  GS: '500',
  HM: '672',
  PN: '64',
  TF: '262',
  UM: '1',
};

/** Every ISO 3166-1 country with its calling code and its name in each enabled UI locale. */
export async function countryRows(): Promise<{
  countries: Insertable<CountriesTable>[];
  names: Insertable<CountryNamesTable>[];
}> {
  const [{ default: isoCountries }, phone] = await Promise.all([
    import('i18n-iso-countries'),
    import('libphonenumber-js'),
  ]);
  const codes = Object.keys(isoCountries.getAlpha2Codes()).sort();
  const countries = codes.map((code) => {
    const phoneCode = phone.isSupportedCountry(code)
      ? phone.getCountryCallingCode(code)
      : EXTRA_CALLING_CODES[code];
    if (phoneCode === undefined) throw new Error(`No calling code for country ${code}`);
    return { code, phone_code: String(phoneCode) };
  });
  const names: Insertable<CountryNamesTable>[] = [];
  for (const locale of ENABLED_LOCALES) {
    const localized = isoCountries.getNames(locale, { select: 'official' });
    for (const code of codes) {
      const name = localized[code];
      if (!name) throw new Error(`No ${locale} name for country ${code}`);
      names.push({ country_code: code, locale, name });
    }
  }
  return { countries, names };
}
