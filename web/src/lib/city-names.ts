import { createContext, useContext, useMemo } from 'react';

/**
 * City names in the UI language (docs/i18n.md "City names"). The API names cities in English
 * (`city` of an airport, an offer, a search result); `i18n/cities/<locale>.json`, generated from
 * the Unicode CLDR by `npm run cities:generate`, gives a locale's names where they differ. They
 * come in the locale's catalogue chunk (`loadCatalogue`, the catalogue plugin of
 * `vite.config.ts`), not in the start-up bundle. A city without a name there stays English.
 */

/** One locale's city names, by English name. */
export type CityNames = ReadonlyMap<string, string>;

/** A city's name in the UI language, from its English name. */
export type CityName = (city: string) => string;

export const NO_CITY_NAMES: CityNames = new Map();

/** A locale's city names from their JSON (`{"London": "Лондон"}`); none without it. */
export function cityNamesOf(json: Readonly<Record<string, string>> | undefined): CityNames {
  return json === undefined ? NO_CITY_NAMES : new Map(Object.entries(json));
}

/** The city names of the language on screen; English names outside a provider. */
export const CityNamesContext = createContext<CityNames>(NO_CITY_NAMES);

/** `cityName(city)`: the city's name in the UI language, or the English one it was given. */
export function cityNameIn(names: CityNames): CityName {
  return (city) => names.get(city) ?? city;
}

/** The city names of the UI language, as a function of the English name. */
export function useCityName(): CityName {
  const names = useContext(CityNamesContext);
  return useMemo(() => cityNameIn(names), [names]);
}
