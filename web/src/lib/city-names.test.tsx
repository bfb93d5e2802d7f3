import { CATALOGUE_LOCALES } from '@uniquair/i18n/messages';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  cityNameIn,
  CityNamesContext,
  cityNamesOf,
  NO_CITY_NAMES,
  useCityName,
} from './city-names.ts';
import { loadCatalogue } from './i18n-catalogues.ts';

const citiesOf = async (locale: string) => (await loadCatalogue(locale)).cities;

describe('city names', () => {
  it('come with a locale’s catalogue, by English name', async () => {
    const russian = await citiesOf('ru');
    expect(russian.get('London')).toBe('Лондон');
    expect(russian.get('Los Angeles')).toBe('Лос-Анджелес');
    expect((await citiesOf('de')).get('Vienna')).toBe('Wien');
    expect((await citiesOf('ko')).get('London')).toBe('런던');
    expect((await citiesOf('bg')).get('Sofia')).toBe('София');
  });

  it('are none for English and for a locale without a catalogue', async () => {
    expect(await citiesOf('en')).toBe(NO_CITY_NAMES);
    expect(await citiesOf('pt_BR')).toBe(NO_CITY_NAMES);
  });

  it('exist for every locale but English, each naming cities in its own words', async () => {
    for (const locale of CATALOGUE_LOCALES.filter((code) => code !== 'en')) {
      const names = await citiesOf(locale);
      expect(names.size, locale).toBeGreaterThan(0);
      for (const [english, local] of names) expect(local, `${locale} ${english}`).not.toBe(english);
    }
  });

  it('are read from their JSON', () => {
    expect(cityNamesOf(undefined)).toBe(NO_CITY_NAMES);
    expect([...cityNamesOf({ Rome: 'Rom' })]).toEqual([['Rome', 'Rom']]);
  });

  it('name a city in the UI language, keeping the English name of a city without one', async () => {
    const cityName = cityNameIn(await citiesOf('hi'));
    expect(cityName('London')).toBe('लंदन');
    expect(cityName('Milan')).toBe('Milan');
  });

  it('reach components through useCityName, English without a provider', async () => {
    expect(renderHook(() => useCityName()).result.current('London')).toBe('London');
    const russian = await citiesOf('ru');
    const wrapper = ({ children }: { readonly children: ReactNode }) => (
      <CityNamesContext value={russian}>{children}</CityNamesContext>
    );
    expect(renderHook(() => useCityName(), { wrapper }).result.current('London')).toBe('Лондон');
  });
});
