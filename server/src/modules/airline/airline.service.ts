import type { AirlineFlightsResponse } from '@uniquair/contract/airline';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { isValidRouteDay } from '@uniquair/domain/routes/route-availability';
import type { FareClass } from '../../db/tables/inventory.ts';
import { airportJson, flightTimesJson, routeJson } from '../../lib/network-json.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { AirlineRepository } from './airline.repository.ts';

/**
 * The airline-partner view (SPEC §1, §2 'not for passengers'): a route's flights on a date with
 * capacity and, per fare class, seats sold and left — inventory only, no booking or passenger
 * data, so nothing personal can leak through it.
 */
export class AirlineService {
  constructor(private readonly repository: AirlineRepository) {}

  async flights(routeId: number, date: Ymd): Promise<AirlineFlightsResponse> {
    const route = await this.repository.route(routeId);
    if (!route) {
      throw new ServiceError('NOT_FOUND', 'No such route', {
        'querystring.route': [`Unknown route ${routeId}`],
      });
    }
    const flights = await this.repository.flights(route.id, date);
    const fares = await this.repository.fares(flights.map((flight) => flight.id));
    const faresByFlight = new Map<number, FareClass[]>();
    for (const fare of fares) {
      const list = faresByFlight.get(fare.flight_id);
      if (list) list.push(fare);
      else faresByFlight.set(fare.flight_id, [fare]);
    }
    const codes = [route.from_airport, route.to_airport];
    for (const flight of flights) if (flight.via_airport) codes.push(flight.via_airport);
    const airports = await this.repository.airports(codes);
    return {
      success: true,
      route: routeJson(route),
      date,
      operates: isValidRouteDay(
        {
          dow: route.dow,
          availableFrom: route.available_from,
          availableUntil: route.available_until,
        },
        date,
      ),
      airports: airports.map(airportJson),
      flights: flights.map((flight) => {
        const classes = faresByFlight.get(flight.id) ?? [];
        const seatsLeft = classes.reduce((sum, fare) => sum + fare.seats_left, 0);
        const seatsSold = classes.reduce(
          (sum, fare) => sum + fare.seats_total - fare.seats_left,
          0,
        );
        return {
          id: flight.id,
          flightNumber: flight.flight_number,
          carrier: flight.carrier_code,
          ...flightTimesJson(flight),
          duration: flight.duration_minutes,
          stops: flight.stops,
          via: flight.via_airport,
          capacity: flight.capacity,
          seatsSold,
          seatsLeft,
          loadFactor:
            flight.capacity > 0 ? Math.round((seatsSold / flight.capacity) * 1000) / 1000 : 0,
          fareClasses: classes.map((fare) => ({
            letter: fare.letter,
            cabin: fare.cabin === 'business' ? ('business' as const) : ('economy' as const),
            price: fare.price_minor,
            currency: fare.currency,
            seatsTotal: fare.seats_total,
            seatsSold: fare.seats_total - fare.seats_left,
            seatsLeft: fare.seats_left,
          })),
        };
      }),
    };
  }
}
