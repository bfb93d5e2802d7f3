import type { Route } from '@uniquair/contract/data';
import type { CheapestDaysResponse, OffersResponse } from '@uniquair/contract/pricing';
import type { SearchFlight, SearchResult } from '@uniquair/contract/search';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Money } from '../features/search/hooks/use-money.ts';
import { json, testRoutes } from './mock-api.ts';

/**
 * Search results for unit tests, on the test network of `testing/mock-api.ts` (route 12 Sofia →
 * London, 13 London → Sofia). Times are local `YYYY-MM-DDTHH:mm`; prices USD minor units.
 */

export interface FlightSpec {
  readonly id: string;
  readonly date?: string;
  readonly from?: string;
  readonly to?: string;
  /** Local departure time `HH:mm`. */
  readonly departs?: string;
  readonly minutes?: number;
  readonly stops?: number;
  /** The airline of each flight of the itinerary, by code; `UQ` for those not given. */
  readonly carriers?: readonly string[];
  /** Where a one-stop flight lands at the stop. */
  readonly via?: string;
  /** Where it leaves the stop from, when another airport than `via`. */
  readonly viaDeparture?: string;
  /** Minutes at the stop, between landing and the next departure. */
  readonly layover?: number;
  /** Prices of the fare classes, cheapest first. */
  readonly prices?: readonly number[];
  readonly seatsLeft?: number;
}

function addMinutes(localDateTime: string, minutes: number): string {
  const at = new Date(`${localDateTime}:00Z`);
  return new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 16);
}

const LETTERS = ['Q', 'M', 'B', 'Y', 'J'] as const;

/** The names of the test airlines by code. */
export const AIRLINE_NAMES: Readonly<Record<string, string>> = {
  UQ: 'Uniquair',
  EV: 'Eurovela',
  OP: 'Orchid Pacific',
  QA: 'Quetzal Airways',
};

export function makeFlight({
  id,
  date = '2026-12-01',
  from = 'SOF',
  to = 'LHR',
  departs = '07:05',
  minutes = 185,
  stops = 0,
  carriers = [],
  via = 'VIE',
  viaDeparture = via,
  layover = 0,
  prices = [12_300, 15_900],
  seatsLeft = 9,
}: FlightSpec): SearchFlight {
  const departure = `${date}T${departs}`;
  const hops =
    stops === 0
      ? [[from, to]]
      : [
          [from, via],
          [viaDeparture, to],
        ];
  const flying = minutes - layover * (hops.length - 1);
  const legMinutes = Math.floor(flying / hops.length);
  const codes = hops.map((_, index) => carriers[index] ?? 'UQ');
  const segments = hops.map(([legFrom = from, legTo = to], index) => {
    const start = addMinutes(departure, index * (legMinutes + layover));
    const inAir = index === hops.length - 1 ? flying - index * legMinutes : legMinutes;
    const end = addMinutes(start, inAir);
    const carrier = codes[index] ?? 'UQ';
    return {
      flightNumber: `${carrier}${100 + index}${id}`,
      carrier,
      carrierName: AIRLINE_NAMES[carrier] ?? carrier,
      from: legFrom,
      to: legTo,
      departureLocal: start,
      departureUtc: `${start}:00.000Z`,
      arrivalLocal: end,
      arrivalUtc: `${end}:00.000Z`,
      duration: inAir,
    };
  });
  return {
    id,
    stops,
    duration: minutes,
    segments,
    fareClasses: prices.map((price, index) => ({
      letter: LETTERS[index] ?? 'Y',
      cabin: LETTERS[index] === 'J' ? ('business' as const) : ('economy' as const),
      price,
      seatsLeft,
    })),
    selfTransfer: new Set(codes).size > 1,
  };
}

const AIRPORTS = [
  { id: 'SOF', name: 'Sofia Airport', city: 'Sofia', country: 'BG', timeZone: 'Europe/Sofia' },
  { id: 'LHR', name: 'Heathrow', city: 'London', country: 'GB', timeZone: 'Europe/London' },
];

const ROUTES = [
  { id: 12, from: 'SOF', to: 'LHR', dow: 127, af: '2026-01-01', au: null, rating: 1 },
  { id: 13, from: 'LHR', to: 'SOF', dow: 127, af: '2026-01-01', au: null, rating: 1 },
];

/** A one-leg result for `route` on `date` with the given flights. */
export function legResult(
  route: number,
  date: string,
  flights: readonly SearchFlight[],
  passengers = { adults: 1, children: 0, infants: 0 },
): SearchResult {
  const prices = flights.flatMap((flight) => flight.fareClasses.map((fare) => fare.price));
  return {
    currency: 'USD',
    passengers,
    results: [
      {
        route,
        date,
        cheapestPrice: prices.length > 0 ? Math.min(...prices) : null,
        complete: true,
        flights: [...flights],
      },
    ],
    routes: ROUTES.filter((entry) => entry.id === route),
    airports: AIRPORTS,
  };
}

/** A 32-digit search hash made from a short tag: `hashOf('a')`. */
export function hashOf(tag: string): string {
  return tag
    .padEnd(32, '0')
    .slice(0, 32)
    .replace(/[^0-9a-f]/g, '0');
}

/**
 * The test network plus Rome: London → Rome (route 14) flies Mondays only from 2026-01-01 until
 * `until` (open-ended by default), and there is no Rome → London route.
 */
export function networkWithRome(until: Ymd | null = null) {
  return {
    airports: [
      ...testRoutes.airports,
      {
        id: 'FCO',
        name: 'Fiumicino',
        city: 'Rome',
        country: 'IT',
        timeZone: 'Europe/Rome',
        lat: 41.8,
        lon: 12.25,
      },
    ],
    routes: [
      ...testRoutes.routes,
      { id: 14, from: 'LHR', to: 'FCO', dow: 1, af: '2026-01-01' as Ymd, au: until, rating: 1 },
    ] satisfies Route[],
  };
}

const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** Prices shown as they come, in dollars: the money of components tested on their own. */
export const DOLLARS: Money = {
  currency: 'USD',
  convert: (amount) => amount,
  currencyOf: (from) => from,
  format: dollars,
  formatShort: dollars,
  show: dollars,
};

/**
 * The answer of `GET /api/cheapest-price/days/{route}/{year}/{month}` with these priced days (minor
 * units of USD).
 */
export function dayPricesAnswer(
  route: number,
  year: number,
  month: number,
  days: CheapestDaysResponse['days'] = [],
): Response {
  return json({ success: true, route, year, month, currency: 'USD', days });
}

/**
 * The answer of `GET /api/cheapest-price/{airport}/offers` with these offers (minor units of USD)
 * over the four weeks from the tests' today.
 */
export function offersAnswer(airport: string, offers: OffersResponse['offers'] = []): Response {
  return json({
    success: true,
    airport,
    currency: 'USD',
    from: '2026-11-22',
    until: '2026-12-19',
    offers,
  });
}
