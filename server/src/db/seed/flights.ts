import {
  addDays,
  daysBetween,
  isoWeekdayOf,
  maxYmd,
  minYmd,
  type Ymd,
} from '@uniquair/domain/dates/ymd';
import { operatesOnIsoWeekday } from '@uniquair/domain/routes/day-of-week';
import type { Insertable } from 'kysely';
import type { FareClassesTable, FlightSegmentsTable, FlightsTable } from '../tables/inventory.ts';
import type { SeedAirport } from './airports.ts';
import { buildFares } from './fares.ts';
import { buildNetwork, type SeedRoute } from './network.ts';
import { createRandom, type Random } from './random.ts';
import { formatClock, ZoneClock } from './time-zones.ts';

/** Days of inventory from `today`, today included. */
export const INVENTORY_DAYS = 365;

const MINUTE_MS = 60_000;

/** The columns of a generated flight, leg and fare class, without their ids. */
export const FLIGHT_ROW_COLUMNS = [
  'route_id',
  'departure_date',
  'flight_number',
  'carrier_code',
  'departure_time',
  'departure_utc',
  'arrival_date',
  'arrival_time',
  'arrival_utc',
  'duration_minutes',
  'stops',
  'via_airport',
  'capacity',
] as const;
export const SEGMENT_ROW_COLUMNS = [
  'flight_id',
  'position',
  'from_airport',
  'to_airport',
  'flight_number',
  'carrier_code',
  'departure_date',
  'departure_time',
  'departure_utc',
  'arrival_date',
  'arrival_time',
  'arrival_utc',
  'duration_minutes',
] as const;
export const FARE_ROW_COLUMNS = [
  'flight_id',
  'letter',
  'cabin',
  'base_price_minor',
  'price_minor',
  'currency',
  'seats_total',
  'seats_left',
] as const;

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

/** Departure days, both included. */
export interface DayRange {
  first: Ymd;
  last: Ymd;
}

/** The days a seed's inventory holds: `INVENTORY_DAYS` from `today`, today included. */
export function inventoryDays(today: Ymd): DayRange {
  return { first: today, last: addDays(today, INVENTORY_DAYS - 1) };
}

/** What every flight of a seed is generated from, whether seeded or rolled in later. */
export interface FlightSchedule {
  /** The network's own routes with their services (connections and cities add no flights). */
  routes: SeedRoute[];
  /** The stream each route and day derives its draws from. */
  random: Random;
}

/**
 * The schedule of a seed: its network (the services do not depend on `today`, only the
 * availability windows do) and the random stream of its flights.
 */
export function flightSchedule(
  airports: readonly SeedAirport[],
  seed: number,
  today: Ymd,
): FlightSchedule {
  const random = createRandom(seed);
  return {
    routes: buildNetwork(airports, random.derive('network'), today),
    random: random.derive('flights'),
  };
}

/**
 * Every flight of the network on the given days (by default `INVENTORY_DAYS` from `today`): one
 * per service on each day the route operates inside its availability window, route by route.
 * Local times are converted with both airports' time zones, so a flight keeps its local departure
 * time across daylight-saving changes while its UTC times move. Fares are priced as of `today`.
 * Each route and day draws from a stream of its own, so a day's flights are the same whichever
 * days are generated with it: a day rolled in later equals that day seeded with the same `today`.
 */
export function* generateFlights(options: {
  routes: readonly SeedRoute[];
  airports: readonly SeedAirport[];
  today: Ymd;
  days?: DayRange;
  random: Random;
  ids: IdCounters;
}): Generator<SeededFlight> {
  const { routes, today, random, ids } = options;
  const days = options.days ?? inventoryDays(today);
  const clocks = new Map(options.airports.map((a) => [a.code, new ZoneClock(a.timeZone)]));
  const clock = (code: string): ZoneClock => {
    const found = clocks.get(code);
    if (!found) throw new Error(`No time zone for airport ${code}`);
    return found;
  };

  for (const route of routes) {
    const first = maxYmd(route.availableFrom, days.first);
    const last =
      route.availableUntil === null ? days.last : minYmd(route.availableUntil, days.last);
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (!operatesOnIsoWeekday(route.dow, isoWeekdayOf(date))) continue;
      const rnd = random.derive(`flights:${route.id}:${date}`);
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
          base_price_minor: fare.basePriceMinor,
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
