/**
 * What the trip costs as the flow shows it: each leg's current fare for every seat (adults and
 * children; infants sit on a lap) plus the extras chosen, in the flight info's currency (USD
 * minor units); and the charge currency of SPEC §9 with the amount converted once from that
 * total. The server prices the booking itself; this is what the traveller is told to expect.
 */
import type { Currency } from '@uniquair/contract/data';
import { apportion } from '@uniquair/domain/pricing/apportion';
import { chargeCurrency, convertAmount } from '@uniquair/domain/pricing/currency';
import { seatedPassengers, type Passengers } from '@uniquair/domain/search/passengers';
import type { BookingExtraInputSchema } from '@uniquair/contract/booking';
import type { z } from 'zod';
import type { TripOffer } from './trip-offer.ts';

type ExtraInput = z.infer<typeof BookingExtraInputSchema>;

/** The chosen extras as the booking API takes them. */
export function extrasInput(extras: Readonly<Record<string, number>>): ExtraInput[] {
  return Object.entries(extras)
    .map(([key, quantity]) => {
      const [leg, passenger] = key.split(':').map(Number);
      return {
        destinationIndex: leg ?? 0,
        passengerIndex: passenger ?? 0,
        code: 'checked_bag' as const,
        quantity,
      };
    })
    .filter((extra) => extra.quantity > 0)
    .sort((a, b) => a.destinationIndex - b.destinationIndex || a.passengerIndex - b.passengerIndex);
}

export function faresTotal(offer: TripOffer, passengers: Passengers): number {
  const seats = seatedPassengers(passengers);
  return offer.legs.reduce((sum, leg) => sum + leg.fare.price * seats, 0);
}

export function extrasTotal(offer: TripOffer, extras: Readonly<Record<string, number>>): number {
  return extrasInput(extras).reduce((sum, extra) => {
    const bag = offer.legs[extra.destinationIndex]?.extras.find((item) => item.code === extra.code);
    return sum + (bag ? bag.price * extra.quantity : 0);
  }, 0);
}

export interface ChargeLine {
  readonly currency: string;
  readonly amount: number;
}

/**
 * The amount charged when the charge currency differs from the one shown (SPEC §9: the selected
 * currency if USD, EUR or GBP, else USD); null when they are the same.
 */
export function chargeLine(
  total: number,
  totalCurrency: string,
  selected: Currency,
  currencies: readonly Currency[],
): ChargeLine | null {
  const charge = chargeCurrency(selected.code);
  if (charge === selected.code) return null;
  const from = currencies.find((currency) => currency.code === totalCurrency);
  const to = currencies.find((currency) => currency.code === charge);
  if (!from || !to) return null;
  return { currency: charge, amount: convertAmount(total, from, to) };
}

export interface ShownPrice {
  readonly fares: number;
  readonly extras: number;
  readonly total: number;
  readonly currency: string;
}

/**
 * The trip's price in the currency the visitor chose: the total converted once, and the fares
 * and extras as their shares of it, so that the lines shown add up to the total shown. In the
 * flight info's own currency when the chosen one is unknown or cannot be converted.
 */
export function shownPrice(
  parts: { readonly fares: number; readonly extras: number },
  partsCurrency: string,
  selected: Currency,
  currencies: readonly Currency[],
): ShownPrice {
  const total = parts.fares + parts.extras;
  const from = currencies.find((currency) => currency.code === partsCurrency);
  if (from && partsCurrency !== selected.code) {
    try {
      const converted = convertAmount(total, from, selected);
      const [fares = 0, extras = 0] = apportion([parts.fares, parts.extras], converted);
      return { fares, extras, total: converted, currency: selected.code };
    } catch {
      // Shown in the flight info's currency below.
    }
  }
  return { ...parts, total, currency: partsCurrency };
}
