/**
 * The price of a booking (SPEC §9, DESIGN §6), computed by the server only: each leg's fare times
 * the seated passengers (adults and children; infants travel on a lap and pay nothing), plus the
 * extras, all in minor units of the base currency (USD). The charge is that total converted once
 * into the charge currency. When the fares rose since the search, the traveller must accept the
 * new total first; when they fell or stayed, the booking goes ahead at the current price.
 */
import type { Passengers } from '../search/passengers.ts';
import { seatedPassengers } from '../search/passengers.ts';

export interface PricedLeg {
  /** Current fare of one seat on the leg, minor units of the base currency. */
  fare: number;
}

export interface PricedExtra {
  /** Price of one unit, minor units of the base currency. */
  unitPrice: number;
  quantity: number;
}

/** Fares of every leg for every seated passenger, plus the extras. */
export function bookingBaseTotal(
  legs: readonly PricedLeg[],
  passengers: Passengers,
  extras: readonly PricedExtra[],
): number {
  const seated = seatedPassengers(passengers);
  const fares = legs.reduce((sum, leg) => sum + leg.fare * seated, 0);
  return fares + extras.reduce((sum, extra) => sum + extraPrice(extra), 0);
}

/** The price of all units of one extra. */
export function extraPrice(extra: PricedExtra): number {
  return extra.unitPrice * extra.quantity;
}

export interface Amount {
  amount: number;
  currency: string;
}

/**
 * Whether a booking may go ahead at the current price: yes when the current base total is not
 * above the total at search time, or when the traveller accepted a charge (in the charge currency)
 * that is not below the current charge; otherwise the price increased and must be accepted.
 */
export function priceDecision(options: {
  currentBase: number;
  quotedBase: number;
  currentCharge: Amount;
  accepted?: Amount | undefined;
}): 'proceed' | 'increased' {
  if (options.currentBase <= options.quotedBase) return 'proceed';
  const { accepted, currentCharge } = options;
  if (
    accepted !== undefined &&
    accepted.currency === currentCharge.currency &&
    accepted.amount >= currentCharge.amount
  ) {
    return 'proceed';
  }
  return 'increased';
}
