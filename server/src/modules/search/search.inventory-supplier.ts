import type { SearchFareClass, SearchFlight, SearchSegment } from '@uniquair/contract/search';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import {
  buildItineraries,
  connectionId,
  type CandidateFlight,
  type ConnectionPath,
  type Itinerary,
} from '@uniquair/domain/search/connections';
import type {
  InventoryFareRow,
  InventoryFlightRow,
  InventoryPathRow,
  InventoryRepository,
  InventorySegmentRow,
} from './search.inventory-repository.ts';
import { CONNECTION_DAYS } from '../../db/route-day-prices-scope.ts';
import { baseCurrencyFareClass } from './search.fare-classes.ts';
import type { Supplier, SupplierQuery } from './search.supplier.ts';

/** `2026-12-01` and `07:05` → `2026-12-01T07:05`. */
function localDateTime(date: string, time: string): string {
  return `${date}T${time}`;
}

function toSegment(row: InventorySegmentRow): SearchSegment {
  return {
    flightNumber: row.flight_number,
    carrier: row.carrier_code,
    carrierName: row.carrier_name,
    from: row.from_airport,
    to: row.to_airport,
    departureLocal: localDateTime(row.departure_date, row.departure_time),
    departureUtc: row.departure_utc,
    arrivalLocal: localDateTime(row.arrival_date, row.arrival_time),
    arrivalUtc: row.arrival_utc,
    duration: row.duration_minutes,
  };
}

function groupByFlight<T extends { flight_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.flight_id);
    if (group) group.push(row);
    else groups.set(row.flight_id, [row]);
  }
  return groups;
}

function toPath(row: InventoryPathRow): ConnectionPath {
  return {
    routes: [row.first_route_id, row.second_route_id, row.third_route_id].filter(
      (id) => id !== null,
    ),
    connectionMinutes: [row.first_connection_minutes, row.second_connection_minutes].filter(
      (minutes) => minutes !== null,
    ),
  };
}

/**
 * The first supplier: our own flight inventory (DESIGN §5 "inventory is ours"). Answers a leg
 * with the route's own flights on that local date that have not departed, and its connections
 * (docs/search.md "Connections"): flights of the route's one-stop paths joined at their hub, and
 * of its two-stop paths when nothing shorter is left that day. Each comes with its legs and the
 * fare classes that still have the seats asked for on every flight; a flight or connection with
 * none is left out. Fares stored in another currency are converted to the base currency.
 */
export function inventorySupplier(repository: InventoryRepository): Supplier {
  const search = async (query: SupplierQuery, signal: AbortSignal): Promise<SearchFlight[]> => {
    // A city's route: its airport routes' flights together, each naming the route it flies.
    const members = await repository.members(query.route.id);
    if (members.length > 0) {
      const answers = await Promise.all(
        members.map(async (route) =>
          (await searchRoute({ ...query, route }, signal)).map((flight) => ({
            ...flight,
            route: route.id,
          })),
        ),
      );
      return answers.flat().sort(byDeparture);
    }
    return searchRoute(query, signal);
  };
  const searchRoute = async (
    query: SupplierQuery,
    signal: AbortSignal,
  ): Promise<SearchFlight[]> => {
    const after = query.departingAfter.toISOString();
    const paths = (await repository.paths(query.route.id)).map(toPath);
    const pathRoutes = [...new Set(paths.flatMap((path) => path.routes))];
    const until = paths.length > 0 ? addDays(query.date, CONNECTION_DAYS) : query.date;
    const flights = await repository.flights(
      [query.route.id, ...pathRoutes.filter((id) => id !== query.route.id)],
      query.date,
      until,
      after,
    );
    signal.throwIfAborted();
    const ids = flights.map((flight) => flight.id);
    const [segments, fares] = await Promise.all([
      repository.segments(ids),
      repository.fares(ids, query.seats),
    ]);
    signal.throwIfAborted();
    const convert = await currencyConverter(repository, fares);
    const inventory = new InventoryFlights(flights, segments, fares, convert);

    const direct = flights
      .filter(
        (flight) => flight.route_id === query.route.id && flight.departure_date === query.date,
      )
      .map((flight) => inventory.direct(flight))
      .filter((flight) => flight !== null);
    const connect = (stops: number): SearchFlight[] =>
      paths
        .filter((path) => path.routes.length === stops + 1)
        .flatMap((path) => buildItineraries(path, inventory.byRoute(path, query.date)).itineraries)
        .map((itinerary) => inventory.connection(itinerary));
    let result = [...direct, ...connect(1)];
    if (result.length === 0) result = connect(2);
    return result.sort(byDeparture);
  };
  return { name: 'inventory', search };
}

/** Earliest departure first, then shortest. */
function byDeparture(a: SearchFlight, b: SearchFlight): number {
  return (
    (a.segments[0] as SearchSegment).departureUtc.localeCompare(
      (b.segments[0] as SearchSegment).departureUtc,
    ) || a.duration - b.duration
  );
}

/** The flights read for one search leg, as search results and as candidates for connections. */
class InventoryFlights {
  readonly #segments: Map<number, InventorySegmentRow[]>;
  readonly #classes = new Map<number, SearchFareClass[]>();
  readonly #candidates = new Map<number, CandidateFlight[]>();

  constructor(
    private readonly flights: readonly InventoryFlightRow[],
    segments: readonly InventorySegmentRow[],
    fares: readonly InventoryFareRow[],
    convert: (row: InventoryFareRow) => SearchFareClass,
  ) {
    this.#segments = groupByFlight(segments);
    for (const [flightId, rows] of groupByFlight(fares)) {
      const classes = rows.map(convert);
      classes.sort((a, b) => a.price - b.price || a.letter.localeCompare(b.letter));
      this.#classes.set(flightId, classes);
    }
    for (const flight of flights) {
      const legs = this.#segments.get(flight.id) ?? [];
      const classes = this.#classes.get(flight.id) ?? [];
      if (legs.length === 0 || classes.length === 0) continue;
      const candidate: CandidateFlight = {
        id: flight.id,
        carrier: flight.carrier_code,
        departureMs: Date.parse(flight.departure_utc),
        arrivalMs: Date.parse(flight.arrival_utc),
        airports: [...legs.map((leg) => leg.from_airport), legs.at(-1)?.to_airport ?? ''],
        fares: classes,
      };
      const list = this.#candidates.get(flight.route_id) ?? [];
      list.push(candidate);
      this.#candidates.set(flight.route_id, list);
    }
  }

  /** A route's own flight as a result, or null when no fare class has the seats. */
  direct(flight: InventoryFlightRow): SearchFlight | null {
    const legs = this.#segments.get(flight.id) ?? [];
    const classes = this.#classes.get(flight.id) ?? [];
    if (legs.length === 0 || classes.length === 0) return null;
    return {
      id: String(flight.id),
      stops: flight.stops,
      duration: flight.duration_minutes,
      segments: legs.map(toSegment),
      fareClasses: classes,
      selfTransfer: false,
    };
  }

  /** The candidates of a path's routes: the first route's on the search date, the others' all. */
  byRoute(path: ConnectionPath, date: Ymd): Map<number, CandidateFlight[]> {
    const firstRoute = path.routes[0] as number;
    const departingOn = new Set(
      this.flights
        .filter((flight) => flight.route_id === firstRoute && flight.departure_date === date)
        .map((flight) => flight.id),
    );
    const map = new Map<number, CandidateFlight[]>();
    for (const routeId of path.routes) {
      const candidates = this.#candidates.get(routeId) ?? [];
      map.set(
        routeId,
        routeId === firstRoute
          ? candidates.filter((flight) => departingOn.has(flight.id))
          : candidates,
      );
    }
    return map;
  }

  /** A connection as a result: its flights' legs in order, the fares sold on all of them. */
  connection(itinerary: Itinerary): SearchFlight {
    const flights = itinerary.flights;
    const first = flights[0] as CandidateFlight;
    const last = flights.at(-1) as CandidateFlight;
    const rows = flights.map(
      (flight) => this.flights.find((row) => row.id === flight.id) as InventoryFlightRow,
    );
    return {
      id: connectionId(flights.map((flight) => flight.id)),
      stops: rows.reduce((sum, row) => sum + row.stops, flights.length - 1),
      duration: Math.round((last.arrivalMs - first.departureMs) / 60_000),
      segments: flights.flatMap((flight) => (this.#segments.get(flight.id) ?? []).map(toSegment)),
      fareClasses: itinerary.fares.map((fare) => ({
        letter: fare.letter,
        cabin: fare.cabin === 'business' ? 'business' : 'economy',
        price: fare.price,
        seatsLeft: fare.seatsLeft,
      })),
      selfTransfer: itinerary.selfTransfer,
    };
  }
}

/** Turns fare rows into fare classes in the base currency; loads rates only when needed. */
async function currencyConverter(
  repository: InventoryRepository,
  fares: readonly InventoryFareRow[],
): Promise<(row: InventoryFareRow) => SearchFareClass> {
  const foreign = fares.some((fare) => fare.currency !== DEFAULT_CURRENCY_CODE);
  const rates = foreign ? await repository.rates() : {};
  return (row) => baseCurrencyFareClass(row, rates);
}
