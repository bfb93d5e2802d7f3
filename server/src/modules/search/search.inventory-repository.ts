import type { Ymd } from '@uniquair/domain/dates/ymd';
import { Repository } from '../../db/repository.ts';

export interface InventoryFlightRow {
  id: number;
  duration_minutes: number;
  stops: number;
  departure_utc: string;
}

export interface InventorySegmentRow {
  flight_id: number;
  flight_number: string;
  carrier_code: string;
  from_airport: string;
  to_airport: string;
  departure_date: string;
  departure_time: string;
  departure_utc: string;
  arrival_date: string;
  arrival_time: string;
  arrival_utc: string;
  duration_minutes: number;
}

export interface InventoryFareRow {
  flight_id: number;
  letter: string;
  cabin: string;
  price_minor: number;
  currency: string;
  seats_left: number;
}

/** Reads of the flight inventory for the search's inventory supplier. */
export class InventoryRepository extends Repository {
  /**
   * Flights of a route on a local departure date that depart after the instant, by departure;
   * cancelled flights are no longer sold (docs/schedule-changes.md).
   */
  async flights(routeId: number, date: Ymd, departingAfter: string): Promise<InventoryFlightRow[]> {
    return this.db
      .selectFrom('flights')
      .select(['id', 'duration_minutes', 'stops', 'departure_utc'])
      .where('route_id', '=', routeId)
      .where('departure_date', '=', date)
      .where('departure_utc', '>', departingAfter)
      .where('cancelled_at', 'is', null)
      .orderBy('departure_utc')
      .orderBy('id')
      .execute();
  }

  /** The legs of the flights, in flight and leg order. */
  async segments(flightIds: readonly number[]): Promise<InventorySegmentRow[]> {
    if (flightIds.length === 0) return [];
    return this.db
      .selectFrom('flight_segments')
      .select([
        'flight_id',
        'flight_number',
        'carrier_code',
        'from_airport',
        'to_airport',
        'departure_date',
        'departure_time',
        'departure_utc',
        'arrival_date',
        'arrival_time',
        'arrival_utc',
        'duration_minutes',
      ])
      .where('flight_id', 'in', flightIds)
      .orderBy('flight_id')
      .orderBy('position')
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
