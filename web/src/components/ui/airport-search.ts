/**
 * Matching airports against what the user types in the airport dropdown: on the IATA code, the
 * city (its English name and its name in the UI language), the airport name and the country (its
 * code and its name in the UI language), ignoring case and accents. The limits (minimum query length, at most 100 results) are domain
 * config/limits.
 */
import {
  AIRPORT_SELECT_MAX_RESULTS,
  isAirportQuerySearchable,
} from '@uniquair/domain/config/limits';

/** What the dropdown needs of an airport; `Airport` of contract data (`/api/data/routes`) fits. */
export interface AirportOption {
  /** IATA code. */
  readonly id: string;
  readonly name: string;
  readonly city: string;
  /** ISO 3166-1 alpha-2 country code. */
  readonly country: string;
  /** Only on the entry of a city of several airports (`TYO`): its airports' codes. */
  readonly airports?: readonly string[];
}

/** Letters that do not decompose into a base letter and an accent. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Text compared without case or accents: 'São Paulo–Guarulhos ' → 'sao paulo guarulhos'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
}

export interface AirportSearchEntry<T extends AirportOption> {
  readonly airport: T;
  readonly code: string;
  readonly city: string;
  /** The city's name in the UI language; the English name again where it has none. */
  readonly localCity: string;
  readonly name: string;
  readonly countryCode: string;
  readonly countryName: string;
  /** Every field, for queries of several words. */
  readonly all: string;
}

/**
 * Airports prepared for searching; `countryName` names a country code in the UI language, and
 * `cityName` a city (`useCityName`; English by default).
 */
export function buildAirportIndex<T extends AirportOption>(
  airports: readonly T[],
  countryName: (code: string) => string,
  cityName: (city: string) => string = (city) => city,
): AirportSearchEntry<T>[] {
  return airports.map((airport) => {
    const code = normalizeSearchText(airport.id);
    const city = normalizeSearchText(airport.city);
    const localCity = normalizeSearchText(cityName(airport.city));
    const name = normalizeSearchText(airport.name);
    const countryCode = normalizeSearchText(airport.country);
    const country = normalizeSearchText(countryName(airport.country));
    return {
      airport,
      code,
      city,
      localCity,
      name,
      countryCode,
      countryName: country,
      all: [
        code,
        city,
        ...(localCity === city ? [] : [localCity]),
        name,
        countryCode,
        country,
      ].join(' '),
    };
  });
}

function startsWord(text: string, query: string): boolean {
  return text.startsWith(query) || text.includes(` ${query}`);
}

/**
 * How well an airport matches (lower is better), or null when it does not: the exact code, then
 * a city (in English or the UI language) or code that starts with the query, then a word of the
 * city, name or country that does, then queries of several words each starting a word somewhere.
 * Text inside a word does not match: 'lon' finds London, not Barcelona.
 */
function matchRank<T extends AirportOption>(
  entry: AirportSearchEntry<T>,
  query: string,
): number | null {
  if (entry.code === query || entry.countryCode === query) return entry.code === query ? 0 : 2;
  if ([entry.city, entry.localCity, entry.code].some((field) => field.startsWith(query))) return 1;
  const fields = [entry.city, entry.localCity, entry.name, entry.countryName];
  if (fields.some((field) => startsWord(field, query))) return 2;
  const words = query.split(' ');
  if (words.length > 1 && words.every((word) => startsWord(entry.all, word))) return 3;
  return null;
}

export interface AirportSearchResult<T extends AirportOption> {
  /** Whether the query is long enough to search (domain `isAirportQuerySearchable`). */
  readonly searchable: boolean;
  /**
   * The best matches, at most `limit`, best first; among equal matches a city's entry first, then
   * the list's order.
   */
  readonly results: readonly T[];
  /** Whether more airports matched than are shown. */
  readonly truncated: boolean;
}

export function searchAirports<T extends AirportOption>(
  index: readonly AirportSearchEntry<T>[],
  query: string,
  limit: number = AIRPORT_SELECT_MAX_RESULTS,
): AirportSearchResult<T> {
  if (!isAirportQuerySearchable(query)) return { searchable: false, results: [], truncated: false };
  const normalized = normalizeSearchText(query);
  if (normalized === '') return { searchable: true, results: [], truncated: false };
  const ranked: { readonly rank: number; readonly order: number; readonly airport: T }[] = [];
  index.forEach((entry, order) => {
    const rank = matchRank(entry, normalized);
    if (rank !== null) ranked.push({ rank, order, airport: entry.airport });
  });
  // A city's entry comes before its airports when they match as well: it covers them all.
  const cityFirst = (airport: T) => (airport.airports === undefined ? 1 : 0);
  ranked.sort(
    (a, b) => a.rank - b.rank || cityFirst(a.airport) - cityFirst(b.airport) || a.order - b.order,
  );
  return {
    searchable: true,
    results: ranked.slice(0, limit).map((match) => match.airport),
    truncated: ranked.length > limit,
  };
}
