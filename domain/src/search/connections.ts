/**
 * Connections (docs/search.md "Connections"): the rules an itinerary of several inventory flights
 * must keep, and the builder that joins flights along a path of routes into itineraries.
 *
 * A path is a chain of routes (`A→H`, `H→B`, or `A→H1`, `H1→H2`, `H2→B`) with the minimum
 * connection time at each stop; the seed chooses the paths (hubs only, no absurd detour), the
 * search engine and the price summary both use them, so what the calendar promises is what the
 * search finds.
 */
import { ALL_DAYS_MASK } from '../routes/day-of-week.ts';

/**
 * Joins the inventory flight ids of a connection into its search id: `812-9051` (a hyphen, as
 * flight ids in the search URL are letters, digits and hyphens).
 */
const CONNECTION_ID_SEPARATOR = '-';

/** The search id of inventory flights flown one after the other: `812`, or `812-9051`. */
export function connectionId(flightIds: readonly number[]): string {
  return flightIds.join(CONNECTION_ID_SEPARATOR);
}

/** The inventory flights of a search flight id (or a booked leg's `flight_ref`), in order. */
export function inventoryFlightIds(id: string): number[] {
  return id.split(CONNECTION_ID_SEPARATOR).map(Number);
}

/** The longest wait at a stop that is still one journey. */
export const MAX_LAYOVER_MINUTES = 24 * 60;

/** A path flies at most this factor of the great-circle distance between its ends. */
export const MAX_DETOUR_FACTOR = 1.5;

/** Minimum connection times, minutes, at airports whose own differ from the default. */
const CONNECTION_MINUTES: Readonly<Record<string, { domestic: number; international: number }>> = {
  LHR: { domestic: 60, international: 90 },
  CDG: { domestic: 60, international: 90 },
  JFK: { domestic: 60, international: 90 },
  LAX: { domestic: 60, international: 90 },
  DXB: { domestic: 60, international: 75 },
  IST: { domestic: 60, international: 75 },
  FRA: { domestic: 45, international: 45 },
  AMS: { domestic: 40, international: 50 },
  MUC: { domestic: 35, international: 45 },
  ZRH: { domestic: 40, international: 40 },
  SIN: { domestic: 60, international: 60 },
  HKG: { domestic: 60, international: 60 },
  ICN: { domestic: 60, international: 60 },
  ATL: { domestic: 45, international: 60 },
};

const DEFAULT_CONNECTION_MINUTES = { domestic: 45, international: 60 };

/**
 * Minimum connection time at an airport: from the arriving flight to the departing one, for a
 * domestic connection (both flights within one country) or any other.
 */
export function minimumConnectionMinutes(airport: string, domestic: boolean): number {
  const times = CONNECTION_MINUTES[airport] ?? DEFAULT_CONNECTION_MINUTES;
  return domestic ? times.domestic : times.international;
}

/**
 * Days a path can start on: the first route's days on which the route after the n-th stop flies
 * within n + 1 days (an overnight flight and a wait of up to a day at each stop). Masks are
 * Monday 1 … Sunday 64.
 */
export function pathDayMask(routeMasks: readonly number[]): number {
  let mask = routeMasks[0] ?? 0;
  routeMasks.slice(1).forEach((routeMask, index) => {
    let reachable = 0;
    for (let shift = 0; shift <= index + 2; shift++) reachable |= rotateBack(routeMask, shift);
    mask &= reachable;
  });
  return mask;
}

/** The days `days` days before each day of the mask (Tuesday back 1 → Monday). */
function rotateBack(mask: number, days: number): number {
  const shift = days % 7;
  return ((mask >> shift) | (mask << (7 - shift))) & ALL_DAYS_MASK;
}

/** A fare class of a flight with the seats it still has. */
export interface CandidateFare {
  readonly letter: string;
  readonly cabin: string;
  /** One adult seat in the base currency, minor units. */
  readonly price: number;
  readonly seatsLeft: number;
}

/** An inventory flight as the builder needs it. */
export interface CandidateFlight {
  readonly id: number;
  readonly carrier: string;
  readonly departureMs: number;
  readonly arrivalMs: number;
  /** Every airport the flight touches, in order (a one-stop flight has three). */
  readonly airports: readonly string[];
  /** Fare classes with the seats asked for. */
  readonly fares: readonly CandidateFare[];
}

export interface ConnectionPath {
  /** The routes flown, in order. */
  readonly routes: readonly number[];
  /** Minimum connection time at each stop, minutes (one fewer than routes). */
  readonly connectionMinutes: readonly number[];
}

export interface Itinerary {
  readonly flights: readonly CandidateFlight[];
  /** Fare letters sold on every flight, priced as the sum of each flight's class, cheapest first. */
  readonly fares: readonly CandidateFare[];
  /** Some consecutive flights are of different airlines. */
  readonly selfTransfer: boolean;
}

export interface BuiltItineraries {
  readonly itineraries: Itinerary[];
  /** Chains of flights looked at (the work a search did). */
  readonly considered: number;
}

/** The fares every flight sells by letter, priced as their sum; the seats of the scarcest. */
export function commonFares(flights: readonly CandidateFlight[]): CandidateFare[] {
  const [first, ...rest] = flights;
  if (!first) return [];
  const fares: CandidateFare[] = [];
  for (const fare of first.fares) {
    let price = fare.price;
    let seatsLeft = fare.seatsLeft;
    let sold = true;
    for (const flight of rest) {
      const same = flight.fares.find((other) => other.letter === fare.letter);
      if (!same) {
        sold = false;
        break;
      }
      price += same.price;
      seatsLeft = Math.min(seatsLeft, same.seatsLeft);
    }
    if (sold) fares.push({ letter: fare.letter, cabin: fare.cabin, price, seatsLeft });
  }
  return fares.sort((a, b) => a.price - b.price || a.letter.localeCompare(b.letter));
}

/** Whether `next` can follow `previous` with at least `minimum` minutes and at most a day between. */
export function makesConnection(
  previous: Pick<CandidateFlight, 'arrivalMs'>,
  next: Pick<CandidateFlight, 'departureMs'>,
  minimum: number,
): boolean {
  const wait = (next.departureMs - previous.arrivalMs) / 60_000;
  return wait >= minimum && wait <= MAX_LAYOVER_MINUTES;
}

/**
 * The itineraries along a path: from each of the first route's flights, every onward flight that
 * makes the connection at each stop, with no airport visited twice and at least one fare letter
 * sold on every flight. `flightsByRoute` holds each route's candidate flights in departure order.
 */
export function buildItineraries(
  path: ConnectionPath,
  flightsByRoute: ReadonlyMap<number, readonly CandidateFlight[]>,
): BuiltItineraries {
  const itineraries: Itinerary[] = [];
  let considered = 0;
  const extend = (chain: readonly CandidateFlight[]): void => {
    const stop = chain.length - 1;
    const previous = chain[stop] as CandidateFlight;
    if (chain.length === path.routes.length) {
      considered++;
      const fares = commonFares(chain);
      if (fares.length === 0) return;
      const selfTransfer = chain.some(
        (flight, index) => index > 0 && flight.carrier !== chain[index - 1]?.carrier,
      );
      itineraries.push({ flights: chain, fares, selfTransfer });
      return;
    }
    const onward = flightsByRoute.get(path.routes[chain.length] as number) ?? [];
    const minimum = path.connectionMinutes[stop] ?? 0;
    const visited = new Set(chain.flatMap((flight) => flight.airports.slice(0, -1)));
    visited.add(previous.airports.at(-1) as string);
    for (const next of onward) {
      if (!makesConnection(previous, next, minimum)) continue;
      // The stop itself is where the next flight leaves from; no other airport may repeat.
      if (next.airports.slice(1).some((airport) => visited.has(airport))) continue;
      extend([...chain, next]);
    }
  };
  for (const first of flightsByRoute.get(path.routes[0] as number) ?? []) extend([first]);
  return { itineraries, considered };
}
