import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Selectable } from 'kysely';
import { Repository } from '../../db/repository.ts';
import type { FareOfferRow, FlightTimes, RoutePathsTable } from '../../db/tables/inventory.ts';

export interface InventoryFlightRow {
  id: number;
  route_id: number;
  departure_date: string;
  carrier_code: string;
  duration_minutes: number;
  stops: number;
  departure_utc: string;
  arrival_utc: string;
}

/** A way to fly a route through hubs (`route_paths`). */
export type InventoryPathRow = Omit<Selectable<RoutePathsTable>, 'id' | 'route_id' | 'detour'>;

export interface InventorySegmentRow extends FlightTimes {
  flight_id: number;
  flight_number: string;
  carrier_code: string;
  carrier_name: string;
  from_airport: string;
  to_airport: string;
  duration_minutes: number;
}

export type InventoryFareRow = FareOfferRow;

/** Reads of the flight inventory for the search's inventory supplier. */
export class InventoryRepository extends Repository {
  /**
   * Flights of some routes departing on local dates from `from` to `until` after the instant, by
   * departure; cancelled flights are no longer sold (docs/schedule-changes.md).
   */
  async flights(
    routeIds: readonly number[],
    from: Ymd,
    until: Ymd,
    departingAfter: string,
  ): Promise<InventoryFlightRow[]> {
    if (routeIds.length === 0) return [];
    return this.db
      .selectFrom('flights')
      .select([
        'id',
        'route_id',
        'departure_date',
        'carrier_code',
        'duration_minutes',
        'stops',
        'departure_utc',
        'arrival_utc',
      ])
      .where('route_id', 'in', routeIds)
      .where('departure_date', '>=', from)
      .where('departure_date', '<=', until)
      .where('departure_utc', '>', departingAfter)
      .where('cancelled_at', 'is', null)
      .orderBy('departure_utc')
      .orderBy('id')
      .execute();
  }

  /**
   * The airport routes that fly a route from or to a city of several airports, with their ends;
   * none for an airport route.
   */
  async members(routeId: number): Promise<{ id: number; from: string; to: string }[]> {
    return this.db
      .selectFrom('route_members as m')
      .innerJoin('routes as r', 'r.id', 'm.member_route_id')
      .select(['r.id', 'r.from_airport as from', 'r.to_airport as to'])
      .where('m.route_id', '=', routeId)
      .orderBy('r.id')
      .execute();
  }

  /** The paths of a route through hubs, fewest stops and least detour first. */
  async paths(routeId: number): Promise<InventoryPathRow[]> {
    return this.db
      .selectFrom('route_paths')
      .select([
        'stops',
        'first_route_id',
        'second_route_id',
        'third_route_id',
        'first_connection_minutes',
        'second_connection_minutes',
      ])
      .where('route_id', '=', routeId)
      .orderBy('stops')
      .orderBy('detour')
      .orderBy('id')
      .execute();
  }

  /** The legs of the flights, in flight and leg order. */
  async segments(flightIds: readonly number[]): Promise<InventorySegmentRow[]> {
    if (flightIds.length === 0) return [];
    return this.db
      .selectFrom('flight_segments')
      .innerJoin('carriers', 'carriers.code', 'flight_segments.carrier_code')
      .select([
        'flight_segments.flight_id',
        'flight_segments.flight_number',
        'flight_segments.carrier_code',
        'carriers.name as carrier_name',
        'flight_segments.from_airport',
        'flight_segments.to_airport',
        'flight_segments.departure_date',
        'flight_segments.departure_time',
        'flight_segments.departure_utc',
        'flight_segments.arrival_date',
        'flight_segments.arrival_time',
        'flight_segments.arrival_utc',
        'flight_segments.duration_minutes',
      ])
      .where('flight_segments.flight_id', 'in', flightIds)
      .orderBy('flight_segments.flight_id')
      .orderBy('flight_segments.position')
      .execute();
  }

  /** Fare classes of the flights with at least `seats` left, cheapest first. */
  async fares(flightIds: readonly number[], seats: number): Promise<InventoryFareRow[]> {
    if (flightIds.length === 0) return [];
    return this.db
      .selectFrom('fare_classes')
      .select(['flight_id', 'letter', 'cabin', 'price_minor', 'currency', 'seats_left'])
      .where('flight_id', 'in', flightIds)
      .where('seats_left', '>=', seats)
      .orderBy('flight_id')
      .orderBy('price_minor')
      .orderBy('letter')
      .execute();
  }

  /** Exchange rates, units per US dollar, by currency code. */
  async rates(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('currencies').select(['code', 'rate']).execute();
    return Object.fromEntries(rows.map((row) => [row.code, row.rate]));
  }
}
