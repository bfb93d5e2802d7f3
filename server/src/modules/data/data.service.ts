import type { Kysely } from 'kysely';
import {
  CountriesResponseSchema,
  CurrenciesResponseSchema,
  RoutesResponseSchema,
  TicketTypesResponseSchema,
  TitlesResponseSchema,
  type Country,
  type Currency,
  type RoutesResponse,
} from '@uniquair/contract/data';
import { PassengerType, TitleId } from '@uniquair/domain/config/reference-ids';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { DEFAULT_LOCALE, toBcp47 } from '@uniquair/domain/locale/languages';
import { loadMessages, type MessageKey, type Messages } from '@uniquair/i18n/messages';
import type { Database } from '../../db/database.ts';
import { prepareJson, type PreparedResponse } from '../../lib/prepared-response.ts';
import { airportJson, routeJson } from '../../lib/network-json.ts';
import { DerivedCache, VersionedCache } from '../../lib/versioned-cache.ts';
import type { DatasetVersionWatcher } from '../../lib/dataset-versions.ts';
import {
  readCountryNames,
  readCurrencies,
  readFlownRoutes,
  readLanguages,
  readServedAirports,
  readTicketTypes,
  readTitles,
  type NamedRow,
} from './data.repository.ts';

/** The data set whose version covers currencies, countries, languages, titles and ticket types. */
export const REFERENCE_DATASET = 'reference';
/** The data set whose version covers airports and routes. */
export const ROUTES_DATASET = 'routes';

/** A title or passenger type as sent: its id and its name in one locale. */
interface NamedEntry {
  id: number;
  name: string;
}

interface CountryEntry {
  code: string;
  phoneCode: string;
  names: Map<string, string>;
}

/**
 * One version of the reference data, read with one query per table, with every response derived
 * from it (per locale, per currency) made once and kept until the version changes.
 */
export interface ReferenceSnapshot {
  /** Changes whenever the reference data changes. */
  readonly version: string;
  /** When the reference data last changed, if known. */
  readonly updatedAt: Date | undefined;
  /** Every currency, in picker order. */
  readonly currencies: readonly Currency[];
  readonly currencyByCode: ReadonlyMap<string, Currency>;
  /** The enabled UI locales, in picker order. */
  readonly enabledLocales: readonly string[];
  /** The default currency of each enabled locale. */
  readonly defaultCurrencyOf: ReadonlyMap<string, string>;
  readonly countries: readonly CountryEntry[];
  readonly titles: readonly NamedRow[];
  readonly ticketTypes: readonly NamedRow[];
  /** The message catalogue of each enabled locale (English for a locale without one). */
  readonly messages: ReadonlyMap<string, Messages>;
}

/** Catalogue keys of the passenger titles and types with ids fixed by SPEC §3. */
const TITLE_KEYS: Readonly<Record<number, MessageKey>> = {
  [TitleId.mr]: 'passengerTitle.mr',
  [TitleId.mrs]: 'passengerTitle.mrs',
  [TitleId.infant]: 'passengerTitle.infant',
  [TitleId.child]: 'passengerTitle.child',
};
const TICKET_TYPE_KEYS: Readonly<Record<number, MessageKey>> = {
  [PassengerType.adult]: 'passengerType.adult',
  [PassengerType.child]: 'passengerType.child',
  [PassengerType.infant]: 'passengerType.infant',
};

/**
 * Reference data (SPEC §3: currencies, countries, titles, passenger types, languages) and the
 * route network, cached in memory per data-set version (`dataset_versions`), so the hot reads of
 * `/api/data` cost no query while nothing changes.
 */
export class ReferenceDataService {
  readonly #db: Kysely<Database>;
  readonly #versions: DatasetVersionWatcher;
  readonly #snapshot = new VersionedCache<ReferenceSnapshot>();
  readonly #routes = new VersionedCache<PreparedResponse>();
  readonly #derived = new DerivedCache<PreparedResponse>(500);

  constructor(db: Kysely<Database>, versions: DatasetVersionWatcher) {
    this.#db = db;
    this.#versions = versions;
  }

  /** The reference data of the current version. */
  async snapshot(): Promise<ReferenceSnapshot> {
    const versions = await this.#versions.current();
    return this.#snapshot.get(versions.key(REFERENCE_DATASET), () =>
      this.#loadSnapshot(versions.key(REFERENCE_DATASET), versions.date(REFERENCE_DATASET)),
    );
  }

  /** The route network with its version time (`Last-Modified`), serialised once per version. */
  async routeNetwork(): Promise<PreparedResponse> {
    const versions = await this.#versions.current();
    return this.#routes.get(versions.key(ROUTES_DATASET), () =>
      this.#loadRouteNetwork(versions.date(ROUTES_DATASET)),
    );
  }

  /** `GET /api/data/{locale}/countries`, prepared. */
  preparedCountries(snapshot: ReferenceSnapshot, locale: string): PreparedResponse {
    return this.#derived.get(snapshot, `countries:${locale}`, () =>
      prepareJson(CountriesResponseSchema.parse(countriesIn(snapshot, locale)), {
        lastModified: snapshot.updatedAt,
      }),
    );
  }

  /** `GET /api/data/{locale}/titles`, prepared. */
  preparedTitles(snapshot: ReferenceSnapshot, locale: string): PreparedResponse {
    return this.#derived.get(snapshot, `titles:${locale}`, () =>
      prepareJson(TitlesResponseSchema.parse(titlesIn(snapshot, locale)), {
        lastModified: snapshot.updatedAt,
      }),
    );
  }

  /** `GET /api/data/ticket-types` in a locale, prepared. */
  preparedTicketTypes(snapshot: ReferenceSnapshot, locale: string): PreparedResponse {
    return this.#derived.get(snapshot, `ticket-types:${locale}`, () =>
      prepareJson(TicketTypesResponseSchema.parse(ticketTypesIn(snapshot, locale)), {
        lastModified: snapshot.updatedAt,
      }),
    );
  }

  /** `GET /api/data/currencies` for a visitor whose currency is `current`, prepared. */
  preparedCurrencies(snapshot: ReferenceSnapshot, current: Currency): PreparedResponse {
    return this.#derived.get(snapshot, `currencies:${current.code}`, () =>
      prepareJson(CurrenciesResponseSchema.parse(currenciesWith(snapshot, current)), {
        lastModified: snapshot.updatedAt,
      }),
    );
  }

  async #loadSnapshot(version: string, updatedAt: Date | undefined): Promise<ReferenceSnapshot> {
    const [currencyRows, languageRows, countryRows, titles, ticketTypes] = await Promise.all([
      readCurrencies(this.#db),
      readLanguages(this.#db),
      readCountryNames(this.#db),
      readTitles(this.#db),
      readTicketTypes(this.#db),
    ]);
    const currencies = currencyRows.map((row): Currency => ({
      code: row.code,
      name: row.name,
      symbol: row.symbol,
      ord: row.ord,
      rate: row.rate,
    }));
    const enabled = languageRows.filter((row) => row.enabled === 1);
    const countries = new Map<string, CountryEntry>();
    for (const row of countryRows) {
      let entry = countries.get(row.code);
      if (entry === undefined) {
        entry = { code: row.code, phoneCode: row.phone_code, names: new Map() };
        countries.set(row.code, entry);
      }
      entry.names.set(row.locale, row.name);
    }
    const catalogues = await Promise.all(
      enabled.map(async (row) => [row.code, (await loadMessages(row.code)).messages] as const),
    );
    return {
      version,
      updatedAt,
      currencies,
      currencyByCode: new Map(currencies.map((currency) => [currency.code, currency])),
      enabledLocales: enabled.map((row) => row.code),
      defaultCurrencyOf: new Map(enabled.map((row) => [row.code, row.default_currency])),
      countries: [...countries.values()],
      titles,
      ticketTypes,
      messages: new Map(catalogues),
    };
  }

  async #loadRouteNetwork(updatedAt: Date | undefined): Promise<PreparedResponse> {
    const [airports, routes] = await Promise.all([
      readServedAirports(this.#db),
      readFlownRoutes(this.#db),
    ]);
    // A city entry lists its served airports (docs/search.md "Cities of several airports").
    const cityAirports = new Map<string, string[]>();
    for (const airport of airports) {
      if (airport.metro_code === null) continue;
      cityAirports.set(airport.metro_code, [
        ...(cityAirports.get(airport.metro_code) ?? []),
        airport.code,
      ]);
    }
    const network: RoutesResponse = {
      airports: airports.map((airport) => {
        const members = cityAirports.get(airport.code);
        return {
          ...airportJson(airport),
          lat: airport.latitude,
          lon: airport.longitude,
          ...(members ? { airports: members } : {}),
        };
      }),
      routes: routes.map(routeJson),
    };
    return prepareJson(RoutesResponseSchema.parse(network), { lastModified: updatedAt });
  }
}

/** Whether a locale is one of the enabled UI locales. */
export function isEnabledIn(snapshot: ReferenceSnapshot, locale: string): boolean {
  return snapshot.defaultCurrencyOf.has(locale);
}

/** The currency a locale chooses by default: its own default when offered, else US dollars. */
export function defaultCurrencyIn(snapshot: ReferenceSnapshot, locale: string): Currency {
  const code = snapshot.defaultCurrencyOf.get(locale);
  const currency =
    (code === undefined ? undefined : snapshot.currencyByCode.get(code)) ??
    snapshot.currencyByCode.get(DEFAULT_CURRENCY_CODE) ??
    snapshot.currencies[0];
  if (currency === undefined) throw new Error('The currencies table is empty');
  return currency;
}

function localized(
  snapshot: ReferenceSnapshot,
  locale: string,
  keys: Readonly<Record<number, MessageKey>>,
  row: NamedRow,
): NamedEntry {
  const key = keys[row.id];
  const name = key === undefined ? undefined : snapshot.messages.get(locale)?.[key];
  return { id: row.id, name: name ?? row.name };
}

/** Countries with their names in `locale` (English where it has none), in that locale's order. */
export function countriesIn(snapshot: ReferenceSnapshot, locale: string): Country[] {
  const collator = new Intl.Collator(toBcp47(locale));
  return snapshot.countries
    .map((country) => {
      const nameEn = country.names.get(DEFAULT_LOCALE) ?? country.code;
      return {
        code: country.code,
        name: country.names.get(locale) ?? nameEn,
        nameEn,
        phoneCode: country.phoneCode,
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code));
}

/** Passenger titles named in `locale`. */
export function titlesIn(snapshot: ReferenceSnapshot, locale: string): NamedEntry[] {
  return snapshot.titles.map((row) => localized(snapshot, locale, TITLE_KEYS, row));
}

/** Passenger types named in `locale`. */
export function ticketTypesIn(snapshot: ReferenceSnapshot, locale: string): NamedEntry[] {
  return snapshot.ticketTypes.map((row) => localized(snapshot, locale, TICKET_TYPE_KEYS, row));
}

/** The currency list with the visitor's current currency. */
export function currenciesWith(
  snapshot: ReferenceSnapshot,
  current: Currency,
): { currencies: Currency[]; currency: Currency } {
  return { currencies: [...snapshot.currencies], currency: current };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reference data and the route network, cached per data-set version. */
    referenceData: ReferenceDataService;
  }
}
