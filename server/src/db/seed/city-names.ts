/**
 * The names of the network's cities in the UI languages, from the Unicode CLDR (docs/i18n.md
 * "City names"). CLDR names a city for each time zone it calls after one, its "exemplar city":
 * Europe/London is "Лондон" in Russian and "लंदन" in Hindi. A city of ours gets the names of the
 * zone whose English exemplar city it is; a city that names no zone (Milan, in Europe/Rome) has
 * no CLDR names and stays English. Pure: `cli/generate-city-names.ts` reads the CLDR files and
 * writes what this works out.
 */

/** A locale's exemplar cities by CLDR zone id (`America/Buenos_Aires`), where it names one. */
export type ExemplarCities = ReadonlyMap<string, string | undefined>;

/** A city of the network and the IANA time zone of its airports. */
export interface CityInZone {
  readonly city: string;
  readonly timeZone: string;
}

/** The localized names of our cities: locale → English name → name in that locale. */
export type CityNamesByLocale = Readonly<Record<string, Readonly<Record<string, string>>>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The zones of one locale's `main.<locale>.dates.timeZoneNames.zone` tree of cldr-dates-full
 * (areas nest: `America.Argentina.Rio_Gallegos`), each with its exemplar city if the locale has
 * one. A zone is a node with `_type: "zone"`; a locale lists only the zones it has data for.
 */
export function exemplarCities(zoneTree: unknown): ExemplarCities {
  const zones = new Map<string, string | undefined>();
  const walk = (node: Record<string, unknown>, path: readonly string[]) => {
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('_') || !isRecord(child)) continue;
      const id = [...path, key];
      if (child._type === 'zone') {
        zones.set(
          id.join('/'),
          typeof child.exemplarCity === 'string' ? child.exemplarCity : undefined,
        );
      } else {
        walk(child, id);
      }
    }
  };
  if (isRecord(zoneTree)) walk(zoneTree, []);
  return zones;
}

/** CLDR's rule for a zone without an exemplar city: its id's last part, `_` read as a space. */
function cityPartOf(zoneId: string): string {
  return (zoneId.slice(zoneId.lastIndexOf('/') + 1) || zoneId).replaceAll('_', ' ');
}

/** A name compared without case or accents: "Zürich" names the zone Europe/Zurich. */
function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The area of a zone id, its first part: `Europe`, `America`. */
function areaOf(zoneId: string): string {
  return zoneId.split('/', 1)[0] ?? zoneId;
}

/**
 * The CLDR zone a city is the exemplar city of, or undefined: a zone of the same area as the
 * city's own time zone whose English exemplar city (the English locale's, else its id's city
 * part) is the city's name, case and accents aside. The city's own zone comes first; CLDR keeps
 * older ids for some (Asia/Saigon for Asia/Ho_Chi_Minh), which the name still finds.
 */
export function zoneOfCity(
  city: CityInZone,
  zoneIds: Iterable<string>,
  english: ExemplarCities,
): string | undefined {
  const name = fold(city.city);
  const area = areaOf(city.timeZone);
  const candidates = [...zoneIds].filter(
    (id) => areaOf(id) === area && fold(english.get(id) ?? cityPartOf(id)) === name,
  );
  return candidates.includes(city.timeZone) ? city.timeZone : candidates.sort()[0];
}

/**
 * Our cities' names in each of `locales`: for every city that is a zone's exemplar city
 * (`zoneOfCity`), the exemplar city the locale gives that zone, where it has one and it differs
 * from our English name. A locale without an entry inherits CLDR's root, whose name is the
 * English one, so it adds nothing. `zones` holds each locale's exemplar cities and English's
 * (`en`); keys come out sorted, so the files written from this are stable.
 */
export function localizedCityNames(
  cities: readonly CityInZone[],
  zones: Readonly<Record<string, ExemplarCities>>,
  locales: readonly string[],
): CityNamesByLocale {
  const english = zones.en ?? new Map<string, string | undefined>();
  const zoneIds = new Set(Object.values(zones).flatMap((locale) => [...locale.keys()]));
  const zoneByCity = new Map<string, string>();
  for (const city of [...cities].sort((a, b) => a.city.localeCompare(b.city, 'en'))) {
    const zone = zoneByCity.has(city.city) ? undefined : zoneOfCity(city, zoneIds, english);
    if (zone !== undefined) zoneByCity.set(city.city, zone);
  }
  const result: Record<string, Record<string, string>> = {};
  for (const locale of locales) {
    if (locale === 'en') continue;
    const names: Record<string, string> = {};
    for (const [city, zone] of zoneByCity) {
      const name = zones[locale]?.get(zone);
      if (name !== undefined && name !== city) names[city] = name;
    }
    result[locale] = names;
  }
  return result;
}

/** The cities that have a name of their own in at least one locale, sorted. */
export function citiesNamed(names: CityNamesByLocale): string[] {
  return [...new Set(Object.values(names).flatMap((locale) => Object.keys(locale)))].sort();
}
