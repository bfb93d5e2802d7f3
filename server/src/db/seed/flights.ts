import { addDays, daysBetween, isoWeekdayOf, type Ymd } from '@uniquair/domain/dates/ymd';
import { operatesOnIsoWeekday } from '@uniquair/domain/routes/day-of-week';
import type { Insertable } from 'kysely';
import type { FareClassesTable, FlightSegmentsTable, FlightsTable } from '../tables/inventory.ts';
import type { SeedAirport } from './airports.ts';
import { buildFares } from './fares.ts';
import type { SeedRoute } from './network.ts';
import type { Random } from './random.ts';
import { formatClock, ZoneClock } from './time-zones.ts';

/** Days of inventory from `today`, today included. */
export const INVENTORY_DAYS = 365;

const MINUTE_MS = 60_000;

export interface SeededFlight {
  flight: Insertable<FlightsTable> & { id: number };
  segments: Insertable<FlightSegmentsTable>[];
  fares: Insertable<FareClassesTable>[];
}

/** Running ids, so every row's id is fixed by the seed and `today`. */
export interface IdCounters {
  flight: number;
  segment: number;
  fare: number;
}

/**
 * Every flight of the network for `INVENTORY_DAYS` days from `today`: one per service on each day
 * the route operates inside its availability window. Local times are converted with both
 * airports' time zones, so a flight keeps its local departure time across daylight-saving
 * changes while its UTC times move.
 */
export function* generateFlights(options: {
  routes: readonly SeedRoute[];
  airports: readonly SeedAirport[];
  today: Ymd;
  random: Random;
  ids: IdCounters;
}): Generator<SeededFlight> {
  const { routes, today, random, ids } = options;
  const clocks = new Map(options.airports.map((a) => [a.code, new ZoneClock(a.timeZone)]));
  const clock = (code: string): ZoneClock => {
    const found = clocks.get(code);
    if (!found) throw new Error(`No time zone for airport ${code}`);
    return found;
  };
  const lastDay = addDays(today, INVENTORY_DAYS - 1);

  for (const route of routes) {
    const rnd = random.derive(`flights:${route.id}`);
    const first = route.availableFrom > today ? route.availableFrom : today;
    const last =
      route.availableUntil !== null && route.availableUntil < lastDay
        ? route.availableUntil
        : lastDay;
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (!operatesOnIsoWeekday(route.dow, isoWeekdayOf(date))) continue;
      const daysToDeparture = daysBetween(today, date);
      for (const service of route.services) {
        const flightId = ids.flight++;
        const departure = clock(route.from).toUtc(date, service.departureMinutes);
        const segments: Insertable<FlightSegmentsTable>[] = [];
        let legStart = departure;
        service.legs.forEach((leg, index) => {
          const legEnd = legStart + leg.minutes * MINUTE_MS;
          const localDeparture = clock(leg.from).toLocal(legStart);
          const localArrival = clock(leg.to).toLocal(legEnd);
          segments.push({
            id: ids.segment++,
            flight_id: flightId,
            position: index + 1,
            from_airport: leg.from,
            to_airport: leg.to,
            flight_number: leg.flightNumber,
            carrier_code: service.carrier,
            departure_date: localDeparture.date,
            departure_time: formatClock(localDeparture.minutes),
            departure_utc: new Date(legStart).toISOString(),
            arrival_date: localArrival.date,
            arrival_time: formatClock(localArrival.minutes),
            arrival_utc: new Date(legEnd).toISOString(),
            duration_minutes: leg.minutes,
          });
          legStart = legEnd + service.connectionMinutes * MINUTE_MS;
        });
        const firstLeg = segments[0];
        const lastLeg = segments[segments.length - 1];
        if (!firstLeg || !lastLeg) throw new Error(`Service without legs on route ${route.id}`);
        const arrival = Date.parse(lastLeg.arrival_utc);
        const stops = segments.length - 1;
        const flight = {
          id: flightId,
          route_id: route.id,
          departure_date: date,
          flight_number: firstLeg.flight_number,
          carrier_code: service.carrier,
          departure_time: firstLeg.departure_time,
          departure_utc: firstLeg.departure_utc,
          arrival_date: lastLeg.arrival_date,
          arrival_time: lastLeg.arrival_time,
          arrival_utc: lastLeg.arrival_utc,
          duration_minutes: Math.round((arrival - departure) / MINUTE_MS),
          stops,
          via_airport: stops > 0 ? firstLeg.to_airport : null,
          capacity: service.capacity,
        };
        const fares = buildFares({
          capacity: service.capacity,
          flownKm: service.flownKm,
          baseFareMinor: service.baseFareMinor,
          finalLoad: rnd.between(0.6, 0.98),
          daysToDeparture,
        }).map((fare) => ({
          id: ids.fare++,
          flight_id: flightId,
          letter: fare.letter,
          cabin: fare.cabin,
          price_minor: fare.priceMinor,
          currency: 'USD',
          seats_total: fare.seatsTotal,
          seats_left: fare.seatsLeft,
        }));
        yield { flight, segments, fares };
      }
    }
  }
}
