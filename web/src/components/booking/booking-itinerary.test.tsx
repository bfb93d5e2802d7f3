import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cityNameIn } from '../../lib/city-names.ts';
import { loadCatalogue } from '../../lib/i18n-catalogues.ts';
import { testBooking } from '../../testing/booking-fixtures.ts';
import { testRoutes } from '../../testing/mock-api.ts';
import { renderWithIntl } from '../ui/test-utils.tsx';
import { airportIndex, BookingItinerary } from './booking-itinerary.tsx';

describe('BookingItinerary', () => {
  it('names the airports by city and code, the city in English in English', async () => {
    await renderWithIntl(
      <BookingItinerary flights={testBooking().flights} airports={testRoutes.airports} />,
    );
    expect(
      screen.getByRole('heading', { name: 'Flight 1: Sofia (SOF) to London (LHR)' }),
    ).toBeTruthy();
  });

  it('names the cities in the UI language (Russian)', async () => {
    await renderWithIntl(
      <BookingItinerary flights={testBooking().flights} airports={testRoutes.airports} />,
      { locale: 'ru' },
    );
    expect(screen.getByRole('heading', { name: /София \(SOF\).*Лондон \(LHR\)/ })).toBeTruthy();
    expect(screen.queryByText(/London/)).toBeNull();
  });
});

describe('airportIndex', () => {
  it('gives each airport by code with its city in the UI language', async () => {
    const places = airportIndex(
      testRoutes.airports,
      cityNameIn((await loadCatalogue('de')).cities),
    );
    expect(places.get('LHR')?.city).toBe('London');
    const bulgarian = airportIndex(
      testRoutes.airports,
      cityNameIn((await loadCatalogue('bg')).cities),
    );
    expect(bulgarian.get('LHR')).toMatchObject({ id: 'LHR', city: 'Лондон' });
  });
});
