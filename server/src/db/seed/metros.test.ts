import { describe, expect, it } from 'vitest';
import { loadAirports, type SeedAirport } from './airports.ts';
import { buildMetros, CITY_CODES } from './metros.ts';

function airport(code: string, city: string, countryCode: string): SeedAirport {
  return {
    code,
    name: `${code} Airport`,
    city,
    countryCode,
    continent: 'North America',
    latitude: 45.5,
    longitude: -73.6,
    timeZone: 'America/Toronto',
    hub: false,
  };
}

describe('cities of several airports', () => {
  it('names every city as the airport data spells it', async () => {
    const cities = new Set((await loadAirports()).map((airport) => airport.city));
    const misspelt = Object.keys(CITY_CODES).filter((city) => !cities.has(city));
    expect(misspelt).toEqual([]);
  });

  it('matches city names whatever their case and accents', () => {
    const metros = buildMetros([
      airport('YUL', 'Montréal', 'CA'),
      airport('YMX', 'MONTREAL', 'CA'),
      airport('YHU', 'montreal', 'CA'),
      airport('JFK', 'New York', 'US'),
      airport('LGA', 'new york', 'US'),
    ]);
    expect(metros.map((metro) => [metro.entry.code, metro.entry.city, metro.airports])).toEqual([
      ['NYC', 'New York', ['JFK', 'LGA']],
      ['YMQ', 'Montréal', ['YUL', 'YMX', 'YHU']],
    ]);
  });

  it('keeps apart cities of the same name in different countries', () => {
    expect(buildMetros([airport('LHR', 'London', 'GB'), airport('YXU', 'London', 'CA')])).toEqual(
      [],
    );
  });
});
