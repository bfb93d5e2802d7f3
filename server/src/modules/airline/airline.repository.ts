import type { Ymd } from '@uniquair/domain/dates/ymd';
import { Repository } from '../../db/repository.ts';
import type { FareClass, Flight, Route } from '../../db/tables/inventory.ts';
import type { Airport } from '../../db/tables/reference.ts';

/** Inventory reads of the airline-partner view: routes, flights and fare classes, no bookings. */
export class AirlineRepository extends Repository {
  async route(id: number): Promise<Route | undefined> {
    return this.db.selectFrom('routes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async airports(codes: readonly string[]): Promise<Airport[]> {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('airports')
      .selectAll()
      .where('code', 'in', [...new Set(codes)])
      .orderBy('code')
      .execute();
  }

  /** The route's flights on a local departure date, by departure. */
  async flights(routeId: number, date: Ymd): Promise<Flight[]> {
    return this.db
      .selectFrom('flights')
      .selectAll()
      .where('route_id', '=', routeId)
      .where('departure_date', '=', date)
      .orderBy('departure_utc')
      .orderBy('id')
      .execute();
  }

  async fares(flightIds: readonly number[]): Promise<FareClass[]> {
    if (flightIds.length === 0) return [];
    return this.db
      .selectFrom('fare_classes')
      .selectAll()
      .where('flight_id', 'in', flightIds)
      .orderBy('flight_id')
      .orderBy('price_minor')
      .execute();
  }
}
