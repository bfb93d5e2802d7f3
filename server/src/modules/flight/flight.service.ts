import type { FlightInfo, FlightInfoResponse } from '@uniquair/contract/flight';
import type { SearchFareClass, SearchFlight, SearchResult } from '@uniquair/contract/search';
import { convertMoney, DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { ServiceError } from '../../lib/service-error.ts';
import type { SearchService } from '../search/search.service.ts';
import { fareRulesOf, fareTermsOf } from './flight.fare-rules.ts';
import type { CurrentFareRow, FlightRepository } from './flight.repository.ts';

/** Inventory flights have numeric ids (their row ids); other suppliers' ids carry a prefix. */
const INVENTORY_ID = /^[1-9]\d{0,15}$/;

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
          found.set(flight.id, { flight, route: destination.route, date: destination.date });
        }
      }
    }
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new ServiceError('NOT_FOUND', 'No such flight in this search', {
        'querystring.ids': unknown.map((id) => `Flight ${id} is not in this search`),
      });
    }

    const inventoryIds = ids.filter((id) => INVENTORY_ID.test(id)).map(Number);
    const [current, fares, carriers] = await Promise.all([
      this.repository.flights(inventoryIds),
      this.repository.fares(inventoryIds),
      this.repository.carriers(
        ids.flatMap((id) => found.get(id)?.flight.segments.map((segment) => segment.carrier) ?? []),
      ),
    ]);
    // Re-seeding renumbers the inventory: an id that now names another flight (or none) means the
    // result no longer describes the inventory, and the client must search again.
    for (const id of inventoryIds) {
      const row = current.find((flight) => flight.id === id);
      const first = found.get(String(id))?.flight.segments[0];
      if (
        !row ||
        row.flight_number !== first?.flightNumber ||
        row.departure_utc !== first.departureUtc
      ) {
        throw new ServiceError('SEARCH_EXPIRED', 'The inventory changed since the search', {
          'params.hash': ['Search result expired'],
        });
      }
    }
    const rates = fares.some((fare) => fare.currency !== DEFAULT_CURRENCY_CODE)
      ? await this.repository.rates()
      : {};
    const faresByFlight = new Map<number, CurrentFareRow[]>();
    for (const fare of fares) {
      const list = faresByFlight.get(fare.flight_id);
      if (list) list.push(fare);
      else faresByFlight.set(fare.flight_id, [fare]);
    }

    const flights: FlightInfo[] = ids.map((id) => {
      const { flight, route, date } = found.get(id) as {
        flight: SearchFlight;
        route: number;
        date: string;
      };
      const classes: SearchFareClass[] = INVENTORY_ID.test(id)
        ? (faresByFlight.get(Number(id)) ?? []).map((fare) => ({
            letter: fare.letter,
            cabin: fare.cabin === 'business' ? 'business' : 'economy',
            price:
              fare.currency === DEFAULT_CURRENCY_CODE
                ? fare.price_minor
                : convertMoney(
                    { amount: fare.price_minor, currency: fare.currency },
                    DEFAULT_CURRENCY_CODE,
                    rates,
                  ).amount,
            seatsLeft: fare.seats_left,
          }))
        : flight.fareClasses;
      return {
        id,
        route,
        date,
        stops: flight.stops,
        duration: flight.duration,
        segments: flight.segments.map((segment) => ({
          ...segment,
          carrierName: carriers.get(segment.carrier) ?? segment.carrier,
        })),
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
