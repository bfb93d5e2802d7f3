/**
 * The trip being booked, read against the search made for it: each leg's chosen flight and fare
 * class as they are now (price, seats left, conditions, baggage, extras), or why it cannot be
 * booked. Pure, so that the rules are tested on their own.
 */
import type { FlightInfo, FlightInfoResponse } from '@uniquair/contract/flight';
import type { SearchParams, SearchResult } from '@uniquair/contract/search';
import type { Destination } from '@uniquair/domain/search/destination-codec';
import { seatedPassengers, type Passengers } from '@uniquair/domain/search/passengers';
import { parseSearchPath } from '@uniquair/domain/search/search-path';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { readBags } from '../search/bags.ts';

export type FlightInfoFare = FlightInfo['fareClasses'][number];

/** An extra a fare class sells (flight info `extras`): its price per item in the info currency. */
export type FareExtra = FlightInfoFare['extras'][number];

export interface ChosenTrip {
  readonly path: string;
  readonly passengers: Passengers;
  readonly destinations: readonly (Destination & { flightId: string; fareClass: string })[];
  /** Checked bags per passenger the trip was searched with (`?bags=`): pre-selected as extras. */
  readonly bags: BagCount;
}

/** The remembered trip when every leg has a flight and a fare class, else null. */
export function chosenTripOf(path: string | null): ChosenTrip | null {
  if (!path) return null;
  const [pathname = '', query = ''] = path.split('#')[0]?.split('?') ?? [];
  const parsed = parseSearchPath(pathname);
  if (!parsed || parsed.destinations.length === 0) return null;
  const destinations = parsed.destinations.filter(
    (entry): entry is Destination & { flightId: string; fareClass: string } =>
      entry.flightId !== null && entry.fareClass !== null,
  );
  if (destinations.length !== parsed.destinations.length) return null;
  return { path, passengers: parsed.passengers, destinations, bags: readBags(query) };
}

/** The one search of the whole trip: every leg, every passenger. */
export function tripSearchParams(trip: ChosenTrip): SearchParams {
  return {
    destinations: trip.destinations.map((entry) => ({ route: entry.routeId, date: entry.date })),
    passengers: { ...trip.passengers },
    // The search the results showed (its all-in prices), so its stored result is reused.
    ...(trip.bags > 0 ? { bags: trip.bags } : {}),
  };
}

export interface OfferLeg {
  readonly index: number;
  readonly flight: FlightInfo;
  readonly fare: FlightInfoFare;
  readonly extras: readonly FareExtra[];
}

export interface TripOffer {
  readonly hash: string;
  readonly currency: string;
  readonly legs: readonly OfferLeg[];
  readonly airports: FlightInfoResponse['airports'];
}

/** The leg whose chosen flight is not in the trip's search (gone since), or null. */
export function missingLeg(trip: ChosenTrip, result: SearchResult): number | null {
  const index = trip.destinations.findIndex((destination, legIndex) => {
    const leg = result.results[legIndex];
    return !leg?.flights.some((flight) => flight.id === destination.flightId);
  });
  return index === -1 ? null : index;
}

function extrasOf(fare: FlightInfoFare): FareExtra[] {
  return fare.extras.filter((extra) => extra.maxPerPassenger > 0);
}

export type OfferCheck =
  | { readonly ok: true; readonly offer: TripOffer }
  | { readonly ok: false; readonly unavailableLeg: number };

/**
 * Each leg's flight and fare class from the flight info; a leg whose fare class is gone or has
 * fewer seats left than the trip's seated passengers cannot be booked.
 */
export function checkOffer(trip: ChosenTrip, hash: string, info: FlightInfoResponse): OfferCheck {
  const seats = seatedPassengers(trip.passengers);
  const legs: OfferLeg[] = [];
  for (const [index, destination] of trip.destinations.entries()) {
    const flight = info.flights.find((entry) => entry.id === destination.flightId);
    const fare = flight?.fareClasses.find((entry) => entry.letter === destination.fareClass);
    if (!flight || !fare || fare.seatsLeft < seats) return { ok: false, unavailableLeg: index };
    legs.push({ index, flight, fare, extras: extrasOf(fare) });
  }
  return { ok: true, offer: { hash, currency: info.currency, legs, airports: info.airports } };
}

/** Whether any leg's fare sells an extra (the extras view is shown only then). */
export function offersExtras(offer: TripOffer): boolean {
  return offer.legs.some((leg) => leg.extras.some((extra) => extra.code === 'checked_bag'));
}

/** The first and last travel dates (local departure days), for the passenger rules. */
export function travelDays(offer: TripOffer): { first: string; last: string } {
  const dates = offer.legs.map((leg) => leg.flight.date).sort();
  return { first: dates[0] ?? '', last: dates[dates.length - 1] ?? '' };
}
