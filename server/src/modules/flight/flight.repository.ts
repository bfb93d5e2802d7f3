import { Repository } from '../../db/repository.ts';
import type { FareOfferRow } from '../../db/tables/inventory.ts';

export type CurrentFareRow = FareOfferRow;

export interface CurrentFlightRow {
  id: number;
  flight_number: string;
  departure_utc: string;
}

/** Current flights, fares and carrier names for the flight details. */
export class FlightRepository extends Repository {
  /** What identifies the flights now: their designator and departure. */
  async flights(flightIds: readonly number[]): Promise<CurrentFlightRow[]> {
    if (flightIds.length === 0) return [];
    return this.db
      .selectFrom('flights')
      .select(['id', 'flight_number', 'departure_utc'])
      .where('id', 'in', [...new Set(flightIds)])
      .where('cancelled_at', 'is', null)
      .execute();
  }

  /** Every fare class of the flights, as it stands now. */
  async fares(flightIds: readonly number[]): Promise<CurrentFareRow[]> {
    if (flightIds.length === 0) return [];
    return this.db
      .selectFrom('fare_classes')
      .select(['flight_id', 'letter', 'cabin', 'price_minor', 'currency', 'seats_left'])
      .where('flight_id', 'in', [...new Set(flightIds)])
      .orderBy('flight_id')
      .orderBy('price_minor')
      .execute();
  }

  async carriers(codes: readonly string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('carriers')
      .select(['code', 'name'])
      .where('code', 'in', [...new Set(codes)])
      .execute();
    return new Map(rows.map((row) => [row.code, row.name]));
  }

  async rates(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('currencies').select(['code', 'rate']).execute();
    return Object.fromEntries(rows.map((row) => [row.code, row.rate]));
  }
}
