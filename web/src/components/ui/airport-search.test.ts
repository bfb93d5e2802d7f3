import { AIRPORT_SELECT_MAX_RESULTS } from '@uniquair/domain/config/limits';
import { describe, expect, it } from 'vitest';
import { AIRPORTS, LONDON, numberedAirports } from './airport-fixtures.ts';
import { buildAirportIndex, normalizeSearchText, searchAirports } from './airport-search.ts';

const englishCountries = new Intl.DisplayNames(['en'], { type: 'region' });
const index = buildAirportIndex(AIRPORTS, (code) => englishCountries.of(code) ?? code);

function codes(query: string): string[] {
  return searchAirports(index, query).results.map((airport) => airport.id);
}

describe('normalizeSearchText', () => {
  it.each([
    ['São Paulo–Guarulhos', 'sao paulo guarulhos'],
    ['  ZÜRICH ', 'zurich'],
    ['København', 'kobenhavn'],
    ['Coandă', 'coanda'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['Hồ Chí Minh', 'ho chi minh'],
  ])('%s → %s', (text, expected) => {
    expect(normalizeSearchText(text)).toBe(expected);
  });
});

describe('searchAirports', () => {
  it('does not search below the minimum query length (1 character)', () => {
    expect(searchAirports(index, '')).toEqual({ searchable: false, results: [], truncated: false });
    expect(searchAirports(index, '   ').searchable).toBe(false);
    expect(searchAirports(index, 'b').searchable).toBe(true);
  });

  it('matches the IATA code, exact code first, in any case', () => {
    expect(codes('ber')[0]).toBe('BER');
    expect(codes('LHR')).toEqual(['LHR']);
  });

  it('matches the city', () => {
    expect(codes('london')).toEqual(['LHR', 'LGW']);
    expect(codes('Hanoi')).toEqual(['HAN']);
  });

  it('puts a city’s entry before its airports, and matches it by its code', () => {
    const withCity = buildAirportIndex([...AIRPORTS, LONDON], (code) => code);
    const found = (query: string) => searchAirports(withCity, query).results.map((a) => a.id);
    expect(found('lon')).toEqual(['LON', 'LHR', 'LGW']);
    expect(found('LON')[0]).toBe('LON');
    // An airport's own code still finds the airport first.
    expect(found('lgw')).toEqual(['LGW']);
  });

  it('matches the airport name', () => {
    expect(codes('gatwick')).toEqual(['LGW']);
    expect(codes('schiphol')).toEqual(['AMS']);
  });

  it('matches the country, by name in the UI language and by code', () => {
    expect(codes('bulgaria')).toEqual(['SOF', 'VAR']);
    expect(codes('vietnam')).toEqual(['HAN', 'SGN']);
    const german = new Intl.DisplayNames(['de'], { type: 'region' });
    const germanIndex = buildAirportIndex(AIRPORTS, (code) => german.of(code) ?? code);
    expect(searchAirports(germanIndex, 'Deutschland').results.map((a) => a.id)).toEqual([
      'BER',
      'MUC',
    ]);
  });

  it('ignores accents both ways', () => {
    expect(codes('sao paulo')).toEqual(['GRU']);
    expect(codes('zurich')).toEqual(['ZRH']);
    expect(codes('kobenhavn')).toEqual(['CPH']);
    expect(codes('coanda')).toEqual(['OTP']);
    expect(codes('Bêrlin')).toEqual(['BER']);
  });

  it('ranks the exact code, then city and code prefixes, then word starts; never inside a word', () => {
    // 'mad' is MAD's code; 'Madrid' also starts with it.
    expect(codes('mad')).toEqual(['MAD']);
    // HAN's code and city start with 'ha'; Charles, København, Bucharest and Nhat only contain it.
    expect(codes('ha')).toEqual(['HAN']);
    // Word starts (Gatwick, Gaulle, Gandhi); Bulgaria only contains 'ga'.
    expect(codes('ga')).toEqual(['LGW', 'CDG', 'DEL']);
    // Typing the start of London offers London, not Barcelona.
    const withBarcelona = buildAirportIndex(
      [
        {
          id: 'BCN',
          name: 'Josep Tarradellas Barcelona–El Prat Airport',
          city: 'Barcelona',
          country: 'ES',
        },
        ...AIRPORTS,
      ],
      (code) => code,
    );
    expect(searchAirports(withBarcelona, 'Lon').results.map((airport) => airport.id)).toEqual([
      'LHR',
      'LGW',
    ]);
  });

  it('matches the city’s name in the UI language as well as its English name and the codes', () => {
    const russian = new Map([
      ['London', 'Лондон'],
      ['Rome', 'Рим'],
      ['Ho Chi Minh City', 'Хошимин'],
    ]);
    const ruIndex = buildAirportIndex(
      AIRPORTS,
      (code) => code,
      (city) => russian.get(city) ?? city,
    );
    const found = (query: string) => searchAirports(ruIndex, query).results.map((a) => a.id);
    expect(found('Лон')).toEqual(['LHR', 'LGW']);
    expect(found('рим')).toEqual(['FCO']);
    expect(found('хош')).toEqual(['SGN']);
    // The English name and the codes still find them; a city without a name of its own is English.
    expect(found('lon')).toEqual(['LHR', 'LGW']);
    expect(found('fco')).toEqual(['FCO']);
    expect(found('mun')).toEqual(['MUC']);
    // From the start of a word only, and several words across both names.
    expect(found('ндон')).toEqual([]);
    expect(found('лондон heathrow')).toEqual(['LHR']);
    // Without names of the UI language, a Russian query finds nothing.
    expect(codes('Лон')).toEqual([]);
  });

  it('finds queries of several words in any field', () => {
    expect(codes('london heathrow')).toEqual(['LHR']);
    expect(codes('seoul incheon')).toEqual(['ICN']);
    expect(codes('vietnam noi')).toEqual(['HAN']);
  });

  it('finds nothing for text no airport has', () => {
    expect(searchAirports(index, 'xyzzy')).toEqual({
      searchable: true,
      results: [],
      truncated: false,
    });
  });

  it('returns at most 100 results (AIRPORT_SELECT_MAX_RESULTS) and says so', () => {
    expect(AIRPORT_SELECT_MAX_RESULTS).toBe(100);
    const many = buildAirportIndex(numberedAirports(150), () => 'United States');
    const found = searchAirports(many, 'springfield');
    expect(found.results).toHaveLength(100);
    expect(found.truncated).toBe(true);
    const exactly = buildAirportIndex(numberedAirports(100), () => 'United States');
    expect(searchAirports(exactly, 'springfield').truncated).toBe(false);
  });

  it('keeps the list order among equally good matches', () => {
    const many = buildAirportIndex(numberedAirports(30), () => 'United States');
    expect(
      searchAirports(many, 'spring')
        .results.map((a) => a.id)
        .slice(0, 3),
    ).toEqual(['AAA', 'AAB', 'AAC']);
  });
});
