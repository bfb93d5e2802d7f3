import { describe, expect, it } from 'vitest';
import {
  citiesNamed,
  exemplarCities,
  localizedCityNames,
  zoneOfCity,
  type ExemplarCities,
} from './city-names.ts';

/** A `zone` tree as cldr-dates-full has it, from `Area/City` → exemplar city (or none). */
function zoneTree(entries: Record<string, string | null>): unknown {
  const tree: Record<string, unknown> = { _type: 'ignored' };
  for (const [id, exemplar] of Object.entries(entries)) {
    const parts = id.split('/');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = {
      _type: 'zone',
      long: { daylight: 'Summer Time' },
      ...(exemplar === null ? {} : { exemplarCity: exemplar }),
    };
  }
  return tree;
}

const ZONES: Record<string, ExemplarCities> = {
  // English names only the zones whose city part is not their English name.
  en: exemplarCities(
    zoneTree({
      'Asia/Saigon': 'Ho Chi Minh City',
      'America/Bogota': 'Bogotá',
      'Europe/London': null,
    }),
  ),
  ru: exemplarCities(
    zoneTree({
      'Europe/London': 'Лондон',
      'Europe/Rome': 'Рим',
      'Europe/Zurich': 'Цюрих',
      'Asia/Saigon': 'Хошимин',
      'America/Bogota': 'Богота',
      'America/Argentina/Rio_Gallegos': 'Рио-Гальегос',
      'America/Santiago': 'Сантьяго',
    }),
  ),
  de: exemplarCities(
    zoneTree({ 'Europe/London': null, 'Europe/Rome': 'Rom', 'Europe/Zurich': 'Zürich' }),
  ),
  vi: exemplarCities(zoneTree({ 'Europe/Rome': null })),
};
const LOCALES = ['en', 'de', 'ru', 'vi'];

describe('exemplarCities', () => {
  it('lists every zone of the tree, nested areas included, with its exemplar city if any', () => {
    expect(ZONES.ru?.get('America/Argentina/Rio_Gallegos')).toBe('Рио-Гальегос');
    expect(ZONES.ru?.get('Europe/London')).toBe('Лондон');
    expect(ZONES.de?.has('Europe/London')).toBe(true);
    expect(ZONES.de?.get('Europe/London')).toBeUndefined();
    expect([...(ZONES.de?.keys() ?? [])]).toEqual([
      'Europe/London',
      'Europe/Rome',
      'Europe/Zurich',
    ]);
  });

  it('answers no zones for something that is not a tree', () => {
    expect(exemplarCities(null).size).toBe(0);
    expect(exemplarCities(['Europe/London']).size).toBe(0);
  });
});

describe('zoneOfCity', () => {
  const ids = new Set(Object.values(ZONES).flatMap((zones) => [...zones.keys()]));
  const english = ZONES.en as ExemplarCities;

  it('finds the zone a city is the exemplar city of', () => {
    expect(zoneOfCity({ city: 'London', timeZone: 'Europe/London' }, ids, english)).toBe(
      'Europe/London',
    );
    expect(zoneOfCity({ city: 'rome', timeZone: 'Europe/Rome' }, ids, english)).toBe('Europe/Rome');
  });

  it('reads the English exemplar city where English has one, and CLDR’s older zone ids', () => {
    expect(
      zoneOfCity({ city: 'Ho Chi Minh City', timeZone: 'Asia/Ho_Chi_Minh' }, ids, english),
    ).toBe('Asia/Saigon');
    expect(zoneOfCity({ city: 'Bogotá', timeZone: 'America/Bogota' }, ids, english)).toBe(
      'America/Bogota',
    );
  });

  it('compares names without case or accents', () => {
    expect(zoneOfCity({ city: 'Zürich', timeZone: 'Europe/Zurich' }, ids, english)).toBe(
      'Europe/Zurich',
    );
  });

  it('leaves a city that is not its zone’s exemplar, and a namesake in another area, without one', () => {
    // Milan lies in Europe/Rome, whose exemplar city is Rome.
    expect(zoneOfCity({ city: 'Milan', timeZone: 'Europe/Rome' }, ids, english)).toBeUndefined();
    // Santiago de Compostela is not America/Santiago.
    expect(
      zoneOfCity({ city: 'Santiago', timeZone: 'Europe/Madrid' }, ids, english),
    ).toBeUndefined();
    expect(zoneOfCity({ city: 'Santiago', timeZone: 'America/Santiago' }, ids, english)).toBe(
      'America/Santiago',
    );
  });
});

describe('localizedCityNames', () => {
  const cities = [
    { city: 'London', timeZone: 'Europe/London' },
    { city: 'Manchester', timeZone: 'Europe/London' },
    { city: 'Milan', timeZone: 'Europe/Rome' },
    { city: 'Zürich', timeZone: 'Europe/Zurich' },
    { city: 'Ho Chi Minh City', timeZone: 'Asia/Ho_Chi_Minh' },
    { city: 'Bogotá', timeZone: 'America/Bogota' },
    { city: 'London', timeZone: 'Europe/London' },
  ];
  const names = localizedCityNames(cities, ZONES, LOCALES);

  it('gives a city that names its zone the CLDR names of each locale, sorted by English name', () => {
    expect(names.ru).toEqual({
      Bogotá: 'Богота',
      'Ho Chi Minh City': 'Хошимин',
      London: 'Лондон',
      Zürich: 'Цюрих',
    });
    expect(Object.keys(names.ru ?? {})).toEqual(['Bogotá', 'Ho Chi Minh City', 'London', 'Zürich']);
  });

  it('keeps a city that is no zone’s exemplar city in English: it has no entry', () => {
    for (const locale of ['de', 'ru', 'vi']) {
      expect(names[locale]).not.toHaveProperty('Milan');
      expect(names[locale]).not.toHaveProperty('Manchester');
    }
  });

  it('leaves out names equal to the English one and zones a locale does not name', () => {
    // German's Zürich is ours; German has no exemplar city for London; Vietnamese none at all.
    expect(names.de).toEqual({});
    expect(names.vi).toEqual({});
  });

  it('writes nothing for English, and names each city once', () => {
    expect(names).not.toHaveProperty('en');
    expect(Object.keys(names)).toEqual(['de', 'ru', 'vi']);
    expect(citiesNamed(names)).toEqual(['Bogotá', 'Ho Chi Minh City', 'London', 'Zürich']);
  });
});
