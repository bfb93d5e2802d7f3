import type { FlightTimes } from '../db/tables/inventory.ts';

/** The columns of a route row that the API shows. */
interface RouteColumns<Day extends string> {
  id: number;
  from_airport: string;
  to_airport: string;
  dow: number;
  available_from: Day;
  available_until: Day | null;
  rating: number;
}

/** A route row as the API answers it (`RouteSchema`): the flying window as `af`/`au`. */
export function routeJson<Day extends string>(route: RouteColumns<Day>) {
  return {
    id: route.id,
    from: route.from_airport,
    to: route.to_airport,
    dow: route.dow,
    af: route.available_from,
    au: route.available_until,
    rating: route.rating,
  };
}

/** The columns of an airport row that the API shows. */
interface AirportColumns {
  code: string;
  name: string;
  city: string;
  country_code: string;
  time_zone: string;
}

/** An airport row as the API answers it (`AirportSchema`, without the coordinates). */
export function airportJson(airport: AirportColumns) {
  return {
    id: airport.code,
    name: airport.name,
    city: airport.city,
    country: airport.country_code,
    timeZone: airport.time_zone,
  };
}

/** A flight's or leg's times as the API answers them: local (`date` T `time`) and UTC. */
export function flightTimesJson(flight: FlightTimes) {
  return {
    departureLocal: `${flight.departure_date}T${flight.departure_time}`,
    departureUtc: flight.departure_utc,
    arrivalLocal: `${flight.arrival_date}T${flight.arrival_time}`,
    arrivalUtc: flight.arrival_utc,
  };
}
