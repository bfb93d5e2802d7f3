import type { FlightInfo, FlightInfoResponse } from '@uniquair/contract/flight';
import type { SearchFareClass, SearchFlight, SearchResult } from '@uniquair/contract/search';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { commonFares, inventoryFlightIds } from '@uniquair/domain/search/connections';
import { ServiceError } from '../../lib/service-error.ts';
import { baseCurrencyFareClass } from '../search/search.fare-classes.ts';
import type { SearchService } from '../search/search.service.ts';
import { fareRulesOf, fareTermsOf } from '@uniquair/domain/pricing/fare-rules';
import type { FlightRepository } from './flight.repository.ts';

/** Inventory flights and connections have digits only (`812`, `812-9051`); partners a prefix. */
const INVENTORY_ID = /^[1-9]\d{0,15}(?:-[1-9]\d{0,15}){0,2}$/;

/**
 * Details of chosen flights (SPEC §7 `GET /api/flight/info/{hash}?ids=…`): the flights must belong
 * to that search's result (done and not expired). Legs come from the result; fare classes of our
 * inventory are read again, so price and seats left are as they are now (a class sold out since
 * the search shows 0 seats); each class carries its conditions and baggage allowance. When an
 * inventory flight of the result is gone or its id now names another flight (re-seeding renumbers
 * them), the result is out of date: SEARCH_EXPIRED, as for an expired result.
 */
export class FlightService {
  constructor(
    private readonly search: SearchService,
    private readonly repository: FlightRepository,
  ) {}

  async info(hash: string, ids: readonly string[]): Promise<FlightInfoResponse> {
    const snapshot = await this.search.result(hash);
    const result = JSON.parse(snapshot.result) as SearchResult;
    const found = new Map<string, { flight: SearchFlight; route: number; date: string }>();
    for (const destination of result.results) {
      for (const flight of destination.flights) {
        if (!found.has(flight.id)) {
          // On a city's route, the airport route the flight flies.
          const route = flight.route ?? destination.route;
          found.set(flight.id, { flight, route, date: destination.date });
        }
      }
    }
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new ServiceError('NOT_FOUND', 'No such flight in this search', {
        'querystring.ids': unknown.map((id) => `Flight ${id} is not in this search`),
      });
    }

    const inventoryIds = ids.filter((id) => INVENTORY_ID.test(id)).flatMap(inventoryFlightIds);
    const [current, fares] = await Promise.all([
      this.repository.flights(inventoryIds),
      this.repository.fares(inventoryIds),
    ]);
    // Re-seeding renumbers the inventory: an id that now names another flight (or none) means the
    // result no longer describes the inventory, and the client must search again.
    for (const id of ids.filter((candidate) => INVENTORY_ID.test(candidate))) {
      const segments = found.get(id)?.flight.segments ?? [];
      for (const flightId of inventoryFlightIds(id)) {
        const row = current.find((flight) => flight.id === flightId);
        const flown = segments.some(
          (segment) =>
            segment.flightNumber === row?.flight_number &&
            segment.departureUtc === row.departure_utc,
        );
        if (!row || !flown) {
          throw new ServiceError('SEARCH_EXPIRED', 'The inventory changed since the search', {
            'params.hash': ['Search result expired'],
          });
        }
      }
    }
    const rates = fares.some((fare) => fare.currency !== DEFAULT_CURRENCY_CODE)
      ? await this.repository.rates()
      : {};
    const classesByFlight = new Map<number, SearchFareClass[]>();
    for (const fare of fares) {
      const list = classesByFlight.get(fare.flight_id) ?? [];
      list.push(baseCurrencyFareClass(fare, rates));
      classesByFlight.set(fare.flight_id, list);
    }
    /** A connection sells the letters of all its flights, at their sum, with the scarcest seats. */
    const currentClasses = (id: string): SearchFareClass[] =>
      commonFares(
        inventoryFlightIds(id).map((flightId) => ({
          id: flightId,
          carrier: '',
          departureMs: 0,
          arrivalMs: 0,
          airports: [],
          fares: classesByFlight.get(flightId) ?? [],
        })),
      ).map((fare) => ({ ...fare, cabin: fare.cabin === 'business' ? 'business' : 'economy' }));

    const flights: FlightInfo[] = ids.map((id) => {
      const { flight, route, date } = found.get(id) as {
        flight: SearchFlight;
        route: number;
        date: string;
      };
      const classes = INVENTORY_ID.test(id) ? currentClasses(id) : flight.fareClasses;
      return {
        id,
        route,
        date,
        stops: flight.stops,
        duration: flight.duration,
        segments: flight.segments,
        fareClasses: [...classes]
          .sort((a, b) => a.price - b.price || a.letter.localeCompare(b.letter))
          .map((fare) => {
            const rules = fareRulesOf(fare.letter);
            return {
              ...fare,
              ...fareTermsOf(rules),
              extras: rules.extras.map((extra) => ({ ...extra })),
            };
          }),
      };
    });
    const codes = new Set(
      flights.flatMap((flight) => flight.segments.flatMap((segment) => [segment.from, segment.to])),
    );
    return {
      success: true,
      hash,
      currency: result.currency,
      flights,
      airports: result.airports.filter((airport) => codes.has(airport.id)),
    };
  }
}
