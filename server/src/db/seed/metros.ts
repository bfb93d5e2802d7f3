import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { SeedAirport } from './airports.ts';
import type { SeedRoute } from './network.ts';

/**
 * IATA city codes of metropolitan areas with several airports, by city name as the airport data
 * spells it (`airports.ts`, its corrections included; a test checks every name is there). Names
 * are matched whatever their case and accents (`cityKey`). A city gets an entry only when two or
 * more of its airports are in the network; a code that is also an airport's (Berlin BER, Shanghai
 * SHA) is left out so the two can never be confused.
 */
export const CITY_CODES: Readonly<Record<string, string>> = {
  'Buenos Aires': 'BUE',
  'New York': 'NYC',
  'Rio de Janeiro': 'RIO',
  'São Paulo': 'SAO',
  Beijing: 'BJS',
  Bucharest: 'BUH',
  Chicago: 'CHI',
  London: 'LON',
  Milan: 'MIL',
  Montréal: 'YMQ',
  Moscow: 'MOW',
  Osaka: 'OSA',
  Paris: 'PAR',
  Rome: 'ROM',
  Seoul: 'SEL',
  Stockholm: 'STO',
  Tokyo: 'TYO',
  Toronto: 'YTO',
  Washington: 'WAS',
};

/** A city name for matching: accents stripped (NFD without combining marks), lower case. */
export function cityKey(city: string): string {
  return city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const CODE_OF_CITY: ReadonlyMap<string, string> = new Map(
  Object.entries(CITY_CODES).map(([city, code]) => [cityKey(city), code]),
);

/** A city of several airports: its entry (an airport row of its own) and its airports' codes. */
export interface SeedMetro {
  entry: SeedAirport;
  airports: readonly string[];
}

/** A route from or to a city, flown by the airport routes between the same places. */
export interface SeedMetroRoute {
  route: SeedRoute;
  members: readonly number[];
}

/**
 * The cities of several airports among the picked ones (same country, same city name whatever its
 * case and accents), each with an entry named after the city as its first airport spells it: its
 * IATA city code, the mean position of its airports, the first airport's time zone.
 */
export function buildMetros(airports: readonly SeedAirport[]): SeedMetro[] {
  const groups = new Map<string, SeedAirport[]>();
  for (const airport of airports) {
    const key = `${airport.countryCode} ${cityKey(airport.city)}`;
    groups.set(key, [...(groups.get(key) ?? []), airport]);
  }
  const taken = new Set(airports.map((airport) => airport.code));
  const metros: SeedMetro[] = [];
  for (const members of groups.values()) {
    const first = members[0] as SeedAirport;
    const code = CODE_OF_CITY.get(cityKey(first.city));
    if (members.length < 2 || code === undefined || taken.has(code)) continue;
    const mean = (value: (airport: SeedAirport) => number) =>
      Math.round(
        (members.reduce((sum, airport) => sum + value(airport), 0) / members.length) * 1e5,
      ) / 1e5;
    metros.push({
      entry: {
        ...first,
        code,
        name: 'All airports',
        latitude: mean((airport) => airport.latitude),
        longitude: mean((airport) => airport.longitude),
        hub: false,
      },
      airports: members.map((airport) => airport.code),
    });
  }
  return metros.sort((a, b) => a.entry.code.localeCompare(b.entry.code));
}

/**
 * The routes from and to each city (docs/search.md "Cities of several airports"): between a city
 * and a place (an airport outside it, or another city), one route whenever some airport route
 * links the two, numbered after `firstId`. It flies on every day one of its members does, from the
 * earliest member's first day to the latest one's last (open when one is), rated as its best
 * member and as long as its shortest.
 */
export function buildMetroRoutes(
  metros: readonly SeedMetro[],
  routes: readonly SeedRoute[],
  firstId: number,
): SeedMetroRoute[] {
  const placeOf = new Map<string, string>();
  for (const metro of metros)
    for (const code of metro.airports) placeOf.set(code, metro.entry.code);
  const cityOf = (code: string) => placeOf.get(code);
  const pairs = new Map<string, { from: string; to: string; members: SeedRoute[] }>();
  const add = (from: string, to: string, route: SeedRoute) => {
    const key = `${from}-${to}`;
    const pair = pairs.get(key) ?? { from, to, members: [] };
    pair.members.push(route);
    pairs.set(key, pair);
  };
  for (const route of routes) {
    const [fromCity, toCity] = [cityOf(route.from), cityOf(route.to)];
    if (fromCity !== undefined) add(fromCity, route.to, route);
    if (toCity !== undefined) add(route.from, toCity, route);
    if (fromCity !== undefined && toCity !== undefined && fromCity !== toCity) {
      add(fromCity, toCity, route);
    }
  }
  let id = firstId;
  return [...pairs.values()]
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
    .map(({ from, to, members }) => ({
      route: {
        id: id++,
        from,
        to,
        dow: members.reduce((mask, member) => mask | member.dow, 0),
        availableFrom: members
          .map((member) => member.availableFrom)
          .reduce((a, b) => (b < a ? b : a)),
        availableUntil: members.some((member) => member.availableUntil === null)
          ? null
          : members.map((member) => member.availableUntil as Ymd).reduce((a, b) => (b > a ? b : a)),
        rating: Math.max(...members.map((member) => member.rating)),
        distanceKm: Math.min(...members.map((member) => member.distanceKm)),
        services: [],
      },
      members: members.map((member) => member.id).sort((a, b) => a - b),
    }));
}
