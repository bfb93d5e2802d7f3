import type { SearchFareClass, SearchFlight, SearchSegment } from '@uniquair/contract/search';
import { convertMoney, DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import type {
  InventoryFareRow,
  InventoryRepository,
  InventorySegmentRow,
} from './search.inventory-repository.ts';
import type { Supplier, SupplierQuery } from './search.supplier.ts';

/** `2026-12-01` and `07:05` → `2026-12-01T07:05`. */
function localDateTime(date: string, time: string): string {
  return `${date}T${time}`;
}

function toSegment(row: InventorySegmentRow): SearchSegment {
  return {
    flightNumber: row.flight_number,
    carrier: row.carrier_code,
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

/**
 * The first supplier: our own flight inventory (DESIGN §5 "inventory is ours"). Answers a leg
 * with the route's flights on that local date that have not departed, each with its legs and the
 * fare classes that still have the seats asked for; flights with none are left out. Fares stored
 * in another currency are converted to the base currency with the currency table's rates.
 */
export function inventorySupplier(repository: InventoryRepository): Supplier {
  return {
    name: 'inventory',
    async search(query: SupplierQuery, signal: AbortSignal): Promise<SearchFlight[]> {
      const flights = await repository.flights(
        query.route.id,
        query.date,
        query.departingAfter.toISOString(),
      );
      signal.throwIfAborted();
      const ids = flights.map((flight) => flight.id);
      const [segments, fares] = await Promise.all([
        repository.segments(ids),
        repository.fares(ids, query.seats),
      ]);
      signal.throwIfAborted();
      const convert = await currencyConverter(repository, fares);
      const segmentsByFlight = groupByFlight(segments);
      const faresByFlight = groupByFlight(fares);
      const result: SearchFlight[] = [];
      for (const flight of flights) {
        const legs = segmentsByFlight.get(flight.id) ?? [];
        const classes = (faresByFlight.get(flight.id) ?? []).map(convert);
        if (legs.length === 0 || classes.length === 0) continue;
        classes.sort((a, b) => a.price - b.price || a.letter.localeCompare(b.letter));
        result.push({
          id: String(flight.id),
          stops: flight.stops,
          duration: flight.duration_minutes,
          segments: legs.map(toSegment),
          fareClasses: classes,
        });
      }
      return result;
    },
  };
}

/** Turns fare rows into fare classes in the base currency; loads rates only when needed. */
async function currencyConverter(
  repository: InventoryRepository,
  fares: readonly InventoryFareRow[],
): Promise<(row: InventoryFareRow) => SearchFareClass> {
  const foreign = fares.some((fare) => fare.currency !== DEFAULT_CURRENCY_CODE);
  const rates = foreign ? await repository.rates() : {};
  return (row) => ({
    letter: row.letter,
    cabin: row.cabin === 'business' ? 'business' : 'economy',
    price:
      row.currency === DEFAULT_CURRENCY_CODE
        ? row.price_minor
        : convertMoney(
            { amount: row.price_minor, currency: row.currency },
            DEFAULT_CURRENCY_CODE,
            rates,
          ).amount,
    seatsLeft: row.seats_left,
  });
}
