/**
 * The flights chosen for a trip (SPEC §3: the flight and fare class of each destination in the
 * URL) read against the search results, and what they cost: each leg's fare times the seats
 * (adults and children; infants sit on a lap), all-in with the search's checked bags, summed per
 * currency before converting once.
 */
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { farePriceWithBags } from './bags.ts';
import type { SearchFareClass, SearchFlight } from '@uniquair/contract/search';
import { seatedPassengers, type Passengers } from '@uniquair/domain/search/passengers';
import type { SearchOutcome } from '../../lib/search/search-run.ts';
import type { TripLeg } from './trip.ts';

type DoneOutcome = Extract<SearchOutcome, { status: 'done' }>;

export interface ChosenFlight {
  readonly leg: TripLeg;
  readonly flight: SearchFlight;
  readonly fare: SearchFareClass;
  /** The search the flight belongs to. */
  readonly hash: string;
  readonly currency: string;
  /** One seat's fare, all-in with the bags (the fare alone when it cannot carry them). */
  readonly unitPrice: number;
  /** Fare (all-in with the bags; the fare alone when it cannot carry them) × seats, minor units of `currency`. */
  readonly subtotal: number;
}

/** Each leg's chosen flight, or null when none is chosen or it is not (or no longer) in the results. */
export function chosenFlights(
  legs: readonly TripLeg[],
  outcomes: readonly (DoneOutcome | null)[],
  passengers: Passengers,
  bags: BagCount = 0,
): (ChosenFlight | null)[] {
  const seats = seatedPassengers(passengers);
  return legs.map((leg, index) => {
    const { flightId, fareClass } = leg.destination;
    const outcome = outcomes[index];
    if (!flightId || !fareClass || !outcome) return null;
    const flight = outcome.result.results[0]?.flights.find((entry) => entry.id === flightId);
    const fare = flight?.fareClasses.find((entry) => entry.letter === fareClass);
    if (!flight || !fare) return null;
    const unitPrice = farePriceWithBags(fare, bags) ?? fare.price;
    return {
      leg,
      flight,
      fare,
      hash: outcome.hash,
      currency: outcome.result.currency,
      unitPrice,
      subtotal: unitPrice * seats,
    };
  });
}

/** The sum of the chosen flights per currency. */
export function totalsByCurrency(chosen: readonly (ChosenFlight | null)[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of chosen) {
    if (entry) totals.set(entry.currency, (totals.get(entry.currency) ?? 0) + entry.subtotal);
  }
  return totals;
}

/** The total in the shown currency: each currency's sum converted once, then added. */
export function totalIn(
  totals: ReadonlyMap<string, number>,
  convert: (amount: number, from: string) => number,
): number {
  let sum = 0;
  for (const [currency, amount] of totals) sum += convert(amount, currency);
  return sum;
}
