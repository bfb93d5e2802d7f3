import type { FlightInfo, FlightInfoResponse } from '@uniquair/contract/flight';
import type { SearchFlight, SearchResult } from '@uniquair/contract/search';
import { rememberTrip } from '../../../lib/chosen-trip.ts';
import {
  json,
  mockAppApi,
  noAnswer,
  testInitData,
  type ApiHandler,
} from '../../../testing/mock-api.ts';

/** The hash of the one search of the trip (32 hex digits). */
export const TRIP_HASH = 'a'.repeat(32);

export interface LegSpec {
  readonly id: string;
  readonly route: number;
  readonly date: string;
  readonly from: string;
  readonly to: string;
  readonly fare: { letter: string; price: number; seatsLeft: number };
  readonly bag?: { price: number; maxPerPassenger: number };
}

export const OUTBOUND: LegSpec = {
  id: '101',
  route: 12,
  date: '2026-12-01',
  from: 'SOF',
  to: 'LHR',
  fare: { letter: 'Y', price: 10_000, seatsLeft: 9 },
};

export const RETURN: LegSpec = {
  id: '202',
  route: 13,
  date: '2026-12-08',
  from: 'LHR',
  to: 'SOF',
  fare: { letter: 'M', price: 8_000, seatsLeft: 9 },
};

function segment(leg: LegSpec) {
  return {
    flightNumber: `FB${leg.id}`,
    carrier: 'FB',
    carrierName: 'Flybridge',
    from: leg.from,
    to: leg.to,
    departureLocal: `${leg.date}T08:00`,
    departureUtc: `${leg.date}T06:00:00Z`,
    arrivalLocal: `${leg.date}T10:00`,
    arrivalUtc: `${leg.date}T10:00:00Z`,
    duration: 240,
  };
}

function searchFlight(leg: LegSpec): SearchFlight {
  return {
    id: leg.id,
    stops: 0,
    duration: 240,
    segments: [segment(leg)],
    fareClasses: [{ ...leg.fare, cabin: 'economy' }],
    selfTransfer: false,
  };
}

export function tripResult(
  legs: readonly LegSpec[],
  adults = 1,
  children = 0,
  infants = 0,
): SearchResult {
  return {
    currency: 'USD',
    passengers: { adults, children, infants },
    results: legs.map((leg) => ({
      route: leg.route,
      date: leg.date,
      cheapestPrice: leg.fare.price,
      complete: true,
      flights: [searchFlight(leg)],
    })),
    routes: [],
    airports: [
      { id: 'SOF', name: 'Sofia Airport', city: 'Sofia', country: 'BG', timeZone: 'Europe/Sofia' },
      { id: 'LHR', name: 'Heathrow', city: 'London', country: 'GB', timeZone: 'Europe/London' },
    ],
  };
}

export function flightInfo(legs: readonly LegSpec[]): FlightInfoResponse {
  return {
    success: true,
    hash: TRIP_HASH,
    currency: 'USD',
    flights: legs.map((leg): FlightInfo => ({
      id: leg.id,
      route: leg.route,
      date: leg.date,
      stops: 0,
      duration: 240,
      segments: [segment(leg)],
      fareClasses: [
        {
          ...leg.fare,
          cabin: 'economy',
          conditions: { refundable: false, refundFee: null, changeable: true, changeFee: 5_000 },
          baggage: { cabin: { pieces: 1, weightKg: 8 }, checked: { pieces: 0, weightKg: 0 } },
          extras: leg.bag ? [{ code: 'checked_bag', ...leg.bag }] : [],
        },
      ],
    })),
    airports: tripResult(legs).airports,
  };
}

/** Remembers the trip the results page would have written, with its flights and fares chosen. */
export function rememberChosenTrip(
  legs: readonly LegSpec[],
  adults = 1,
  children = 0,
  infants = 0,
) {
  const view = legs.length > 2 ? 'multi' : 'flights';
  rememberTrip(
    `/${view}/${adults}/${children}/${infants}/${legs
      .map((leg) => `${leg.route}.${leg.date}.${leg.id}.${leg.fare.letter}`)
      .join('/')}`,
  );
}

/** The server of a trip: its one search answers done at once, flight info as given. */
export function mockFlowApi(
  legs: readonly LegSpec[],
  extra: Record<string, ApiHandler> = {},
  counts: { adults?: number; children?: number; infants?: number } = {},
) {
  return mockAppApi({
    'POST /api/search/init': () =>
      json({
        success: true,
        hash: TRIP_HASH,
        status: 'done',
        progress: 100,
        result: tripResult(legs, counts.adults ?? 1, counts.children ?? 0, counts.infants ?? 0),
      }),
    [`GET /api/flight/info/${TRIP_HASH}`]: () => json(flightInfo(legs)),
    // The pay page a booking ends on: not looked at by these tests.
    'GET /api/booking/:pnr/get': noAnswer,
    ...extra,
  });
}

/** Countries the test init data lacks, to offer their calling codes. */
export const GERMANY = { code: 'DE', name: 'Germany', nameEn: 'Germany', phoneCode: '49' };
export const BRITAIN = {
  code: 'GB',
  name: 'United Kingdom',
  nameEn: 'United Kingdom',
  phoneCode: '44',
};

/** `GET /api/data/init` offering these countries (and their calling codes) besides Bulgaria. */
export function initWithCountries(...countries: typeof testInitData.countries): ApiHandler {
  return () => json({ ...testInitData, countries: [...testInitData.countries, ...countries] });
}
