import type { AirportOption } from './airport-search.ts';

/** Real airports, for the airport dropdown's tests. */
export const AIRPORTS: readonly AirportOption[] = [
  { id: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'GB' },
  { id: 'LGW', name: 'London Gatwick Airport', city: 'London', country: 'GB' },
  { id: 'CDG', name: 'Paris Charles de Gaulle Airport', city: 'Paris', country: 'FR' },
  { id: 'BER', name: 'Berlin Brandenburg Airport', city: 'Berlin', country: 'DE' },
  { id: 'MUC', name: 'Munich Airport', city: 'Munich', country: 'DE' },
  { id: 'CPH', name: 'Copenhagen Airport, Kastrup', city: 'København', country: 'DK' },
  { id: 'OTP', name: 'Henri Coandă International Airport', city: 'Bucharest', country: 'RO' },
  { id: 'SOF', name: 'Sofia Airport', city: 'Sofia', country: 'BG' },
  { id: 'VAR', name: 'Varna Airport', city: 'Varna', country: 'BG' },
  {
    id: 'GRU',
    name: 'São Paulo–Guarulhos International Airport',
    city: 'São Paulo',
    country: 'BR',
  },
  { id: 'ZRH', name: 'Zürich Airport', city: 'Zürich', country: 'CH' },
  { id: 'HAN', name: 'Noi Bai International Airport', city: 'Hanoi', country: 'VN' },
  {
    id: 'SGN',
    name: 'Tan Son Nhat International Airport',
    city: 'Ho Chi Minh City',
    country: 'VN',
  },
  { id: 'ICN', name: 'Incheon International Airport', city: 'Seoul', country: 'KR' },
  { id: 'DEL', name: 'Indira Gandhi International Airport', city: 'Delhi', country: 'IN' },
  { id: 'MAD', name: 'Adolfo Suárez Madrid–Barajas Airport', city: 'Madrid', country: 'ES' },
  { id: 'AMS', name: 'Amsterdam Airport Schiphol', city: 'Amsterdam', country: 'NL' },
  { id: 'FCO', name: 'Leonardo da Vinci–Fiumicino Airport', city: 'Rome', country: 'IT' },
];

/** London's city entry over Heathrow and Gatwick, as `/api/data/routes` lists a city's. */
export const LONDON: AirportOption = {
  id: 'LON',
  name: 'All airports',
  city: 'London',
  country: 'GB',
  airports: ['LHR', 'LGW'],
};

/**
 * `count` numbered airports in one city, for the result limit: every one matches 'Springfield'.
 * Codes run AAA, AAB, … so each is distinct.
 */
export function numberedAirports(count: number): AirportOption[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: count }, (_, index) => {
    const code = [Math.floor(index / 676), Math.floor(index / 26) % 26, index % 26]
      .map((digit) => letters[digit])
      .join('');
    return { id: code, name: `Springfield Field ${index + 1}`, city: 'Springfield', country: 'US' };
  });
}
