import type { Selectable } from 'kysely';
import type { Flag } from '../columns.ts';

/** Row types of the reference tables: currencies, countries, languages, titles, airports, carriers. */

export interface CurrenciesTable {
  /** ISO 4217 code, e.g. `EUR`. */
  code: string;
  name: string;
  symbol: string;
  /** Position in the currency picker. */
  ord: number;
  /** Units of this currency per 1 USD (USD is 1). */
  rate: number;
  /** Digits after the decimal point of the minor unit: 2 for EUR, 0 for KRW and VND. */
  minor_units: number;
}

export interface CountriesTable {
  /** ISO 3166-1 alpha-2 code, e.g. `DE`. */
  code: string;
  /** International calling code without `+`, e.g. `49`. */
  phone_code: string;
}

/** A country's name in one UI locale; the `en` row is the English name (`nameEn`). */
export interface CountryNamesTable {
  country_code: string;
  locale: string;
  name: string;
}

export interface LanguagesTable {
  /** UI locale code as used in URLs and catalogues: `en`, `de_CH`, `pt_BR`. */
  code: string;
  /** The language's own name. */
  name: string;
  enabled: Flag;
  /** ISO 4217 code of the currency chosen by default with this language. */
  default_currency: string;
  ord: number;
}

/** Passenger titles: 1 Mr., 2 Mrs., 4 Infant, 5 Child. */
export interface TitlesTable {
  id: number;
  name: string;
}

/** Passenger types: 1 Adult, 2 Child, 3 Infant. */
export interface TicketTypesTable {
  id: number;
  name: string;
}

export interface AirportsTable {
  /** IATA code, e.g. `LHR`. */
  code: string;
  name: string;
  city: string;
  country_code: string;
  /** `Europe`, `Asia`, `North America`, `South America`, … */
  continent: string;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. `Europe/London`. */
  time_zone: string;
  /**
   * The city entry this airport belongs to (`TYO` for Narita and Haneda), in a city of several
   * airports; null otherwise and on the city entries themselves.
   */
  metro_code: string | null;
}

export interface CarriersTable {
  /** Two-character airline designator, e.g. `UQ`. */
  code: string;
  name: string;
}

export type Airport = Selectable<AirportsTable>;
