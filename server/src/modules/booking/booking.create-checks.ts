import type { Kysely } from 'kysely';
import type { CreateBookingRequestSchema } from '@uniquair/contract/booking';
import type { SearchFlight, SearchResult } from '@uniquair/contract/search';
import { bookingBaseTotal, priceDecision } from '@uniquair/domain/booking/booking-price';
import {
  countPassengerTypes,
  describeCounts,
  passengerProblems,
} from '@uniquair/domain/booking/passenger-rules';
import { PassengerType } from '@uniquair/domain/config/reference-ids';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { parsePhone, type PhoneProblem } from '@uniquair/domain/forms/phone-number';
import {
  chargeCurrency,
  convertAmount,
  convertMoney,
  DEFAULT_CURRENCY_CODE,
  type RateTable,
} from '@uniquair/domain/pricing/currency';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import { MAX_SEATED_PASSENGERS, seatedPassengers } from '@uniquair/domain/search/passengers';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { ReferenceSnapshot } from '../data/data.service.ts';
import { fareExtraOf } from '@uniquair/domain/pricing/fare-rules';

/**
 * The checks of a new booking against its search, the inventory and the fare rules, and its price
 * (SPEC §2, §3): nothing the client sends is a price. Field problems are collected and answered
 * together as one VALIDATION_ERROR.
 */

export type CreateBookingInput = z.output<typeof CreateBookingRequestSchema>;

export const UNAVAILABLE = 'A flight is no longer available';
const PRICE_INCREASED = 'Your booking price has increased';

/**
 * Inventory flights have numeric ids (their row ids), connections their flights' ids joined by
 * `-` (docs/search.md "Connections"); other suppliers' ids carry a prefix.
 */
const INVENTORY_ID = /^[1-9]\d{0,15}(?:-[1-9]\d{0,15}){0,2}$/;

/** A seat of the chosen fare on one inventory flight of a leg. */
export interface HeldFare {
  flightId: number;
  fareClassId: number;
  /** The flight's own route and local date (a connection's flights are of other routes). */
  routeId: number;
  date: Ymd;
}

export interface ChosenLeg {
  selectionIndex: number;
  destinationIndex: number;
  flight: SearchFlight;
  route: number;
  date: Ymd;
  /** The fare class held on each inventory flight, in flying order. */
  fares: HeldFare[];
  letter: string;
  cabin: string;
  /** Current fare of one seat, USD minor units. */
  fare: number;
  /** The same fare in the search result (what the traveller was shown), USD minor units. */
  quotedFare: number;
}

/** A selection checked against the search, before the inventory is read. */
type PickedLeg = Omit<ChosenLeg, 'fares' | 'cabin' | 'fare'>;

export type PricedExtra = CreateBookingInput['extras'][number] & { unitPrice: number };

/** Field problems found so far, answered together. */
export class FieldErrors {
  readonly #errors: Record<string, string[]> = {};

  fail(field: string, message: string): void {
    (this.#errors[field] ??= []).push(message);
  }

  throwIfAny(): void {
    if (Object.keys(this.#errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The booking is not valid', this.#errors);
    }
  }
}

export function rateTable(snapshot: ReferenceSnapshot): RateTable {
  return Object.fromEntries(snapshot.currencies.map((currency) => [currency.code, currency.rate]));
}

function toUsd(amount: number, currency: string, rates: RateTable): number {
  return currency === DEFAULT_CURRENCY_CODE
    ? amount
    : convertMoney({ amount, currency }, DEFAULT_CURRENCY_CODE, rates).amount;
}

/** Some country with this calling code ('44' → 'GB'); '' when none has it. */
function countryOfPhoneCode(reference: ReferenceSnapshot, phoneCode: string): string {
  return reference.countries.find((country) => country.phoneCode === phoneCode)?.code ?? '';
}

const PHONE_MESSAGES: Readonly<Record<PhoneProblem, string>> = {
  REQUIRED: 'Enter a phone number',
  CHARACTERS:
    'Use digits, spaces, dashes, dots and brackets, with + and the calling code if you like',
  NO_CALLING_CODE: 'Choose a country calling code from the list',
  UNKNOWN_CALLING_CODE: 'No country has the calling code written in this number',
  TOO_SHORT: 'This phone number is too short',
  TOO_LONG: 'This phone number is too long',
  INVALID: 'This is not a phone number of the calling code',
};

/**
 * The booker with the phone number as the booking keeps it: the number read as written (a
 * calling code typed in it wins over the chosen one), both as digits; the calling code must be
 * one of a known country. Field problems go to `errors`.
 */
export function checkBooker(
  booker: CreateBookingInput['booker'],
  reference: ReferenceSnapshot,
  errors: FieldErrors,
): CreateBookingInput['booker'] {
  const phone = parsePhone(booker.phone, booker.phoneCode);
  if (!countryOfPhoneCode(reference, phone.ok ? phone.phoneCode : booker.phoneCode)) {
    errors.fail('body.booker.phoneCode', 'Choose a country calling code from the list');
  }
  if (!phone.ok) {
    errors.fail('body.booker.phone', PHONE_MESSAGES[phone.problem]);
    return booker;
  }
  return { ...booker, phoneCode: phone.phoneCode, phone: phone.phone };
}

/**
 * The passengers (the counts searched, each passenger's own rules) and the selections (exactly
 * one per destination, each a flight of that destination's results). Throws VALIDATION_ERROR,
 * or FLIGHT_UNAVAILABLE for a partner's flight; answers the legs picked.
 */
export function checkRequest(
  input: CreateBookingInput,
  result: SearchResult,
  reference: ReferenceSnapshot,
  today: Ymd,
  errors: FieldErrors,
): PickedLeg[] {
  // Passengers: the counts searched, and each passenger's own rules.
  const counts = countPassengerTypes(input.passengers);
  const searched = result.passengers;
  if (
    counts.adults !== searched.adults ||
    counts.children !== searched.children ||
    counts.infants !== searched.infants
  ) {
    errors.fail(
      'body.passengers',
      `The search is for ${describeCounts(searched)}; the passengers are ${describeCounts(counts)}`,
    );
  }
  if (seatedPassengers(counts) > MAX_SEATED_PASSENGERS) {
    errors.fail(
      'body.passengers',
      `At most ${MAX_SEATED_PASSENGERS} adults and children per booking`,
    );
  }

  // Selections: exactly one per destination, each a flight of that destination's results.
  const unbookable: number[] = [];
  const chosen: (PickedLeg | null)[] = input.selections.map((selection, index) => {
    const field = `body.selections.${index}`;
    const destination = result.results[selection.destinationIndex];
    if (!destination) {
      errors.fail(`${field}.destinationIndex`, 'No such destination in this search');
      return null;
    }
    if (
      input.selections.findIndex((s) => s.destinationIndex === selection.destinationIndex) !== index
    ) {
      errors.fail(`${field}.destinationIndex`, 'Only one flight can be chosen per destination');
      return null;
    }
    const flight = destination.flights.find((candidate) => candidate.id === selection.flightId);
    if (!flight) {
      errors.fail(`${field}.flightId`, 'This flight is not in the results of this destination');
      return null;
    }
    if (!INVENTORY_ID.test(flight.id)) {
      // A partner's flight found by the search: no seats of ours to hold.
      unbookable.push(index);
      return null;
    }
    const quoted = flight.fareClasses.find((fare) => fare.letter === selection.fareClass);
    return {
      selectionIndex: index,
      destinationIndex: selection.destinationIndex,
      flight,
      // On a city's route, the airport route the flight flies.
      route: flight.route ?? destination.route,
      date: destination.date as Ymd,
      letter: selection.fareClass,
      quotedFare: quoted?.price ?? -1,
    };
  });
  result.results.forEach((_, index) => {
    if (!input.selections.some((selection) => selection.destinationIndex === index)) {
      errors.fail('body.selections', `Choose a flight for destination ${index + 1}`);
    }
  });

  const dates = result.results.map((destination) => destination.date as Ymd);
  const firstTravelDate = dates.reduce((a, b) => (b < a ? b : a));
  const lastTravelDate = dates.reduce((a, b) => (b > a ? b : a));
  const countries = new Set(reference.countries.map((country) => country.code));
  const titles = new Set(reference.titles.map((title) => title.id));
  input.passengers.forEach((passenger, index) => {
    for (const problem of passengerProblems(
      {
        typeId: passenger.typeId,
        titleId: passenger.titleId,
        birthDate: passenger.birthDate as Ymd,
        nationality: passenger.nationality,
        documentExpiry: passenger.documentExpiry as Ymd,
      },
      { today, firstTravelDate, lastTravelDate },
      { isCountry: (code) => countries.has(code), isTitle: (id) => titles.has(id) },
    )) {
      errors.fail(`body.passengers.${index}.${problem.field}`, problem.message);
    }
  });
  errors.throwIfAny();
  if (unbookable.length > 0) {
    throw new ServiceError(
      'FLIGHT_UNAVAILABLE',
      UNAVAILABLE,
      Object.fromEntries(unbookable.map((index) => [`body.selections.${index}`, [UNAVAILABLE]])),
    );
  }
  return chosen as PickedLeg[];
}

/**
 * The picked flights as the inventory has them now (the same flights, their fare classes' current
 * prices): SEARCH_EXPIRED when a flight changed since the search; an unknown fare class is a field
 * problem.
 */
export async function currentLegs(
  db: Kysely<Database>,
  picked: readonly PickedLeg[],
  rates: RateTable,
  errors: FieldErrors,
): Promise<ChosenLeg[]> {
  // The inventory as it is now: the same flights, their fare classes' current prices.
  const flightIds = picked.flatMap((leg) => inventoryFlightIds(leg.flight.id));
  const [flightRows, fareRows] = await Promise.all([
    db
      .selectFrom('flights')
      .select(['id', 'flight_number', 'departure_utc', 'route_id', 'departure_date'])
      .where('id', 'in', flightIds)
      // A cancelled flight is no longer sold: as changed since the search.
      .where('cancelled_at', 'is', null)
      .execute(),
    db
      .selectFrom('fare_classes')
      .select(['id', 'flight_id', 'letter', 'cabin', 'price_minor', 'currency', 'seats_left'])
      .where('flight_id', 'in', flightIds)
      .execute(),
  ]);
  for (const leg of picked) {
    for (const id of inventoryFlightIds(leg.flight.id)) {
      const row = flightRows.find((flight) => flight.id === id);
      const flown = leg.flight.segments.some(
        (segment) =>
          segment.flightNumber === row?.flight_number && segment.departureUtc === row.departure_utc,
      );
      if (!row || !flown) {
        throw new ServiceError('SEARCH_EXPIRED', 'The inventory changed since the search', {
          'body.searchHash': ['Search result expired'],
        });
      }
    }
  }
  const legs: ChosenLeg[] = [];
  for (const leg of picked) {
    const held: HeldFare[] = [];
    let current = 0;
    let cabin = '';
    for (const id of inventoryFlightIds(leg.flight.id)) {
      const fare = fareRows.find((row) => row.flight_id === id && row.letter === leg.letter);
      const flight = flightRows.find((row) => row.id === id);
      if (!fare || !flight) break;
      held.push({
        flightId: id,
        fareClassId: Number(fare.id),
        routeId: flight.route_id,
        date: flight.departure_date,
      });
      current += toUsd(fare.price_minor, fare.currency, rates);
      cabin ||= fare.cabin;
    }
    if (held.length !== inventoryFlightIds(leg.flight.id).length) {
      errors.fail(
        `body.selections.${leg.selectionIndex}.fareClass`,
        'No such fare class on this flight',
      );
      continue;
    }
    legs.push({
      ...leg,
      fares: held,
      cabin,
      fare: current,
      quotedFare: leg.quotedFare < 0 ? current : leg.quotedFare,
    });
  }

  return legs;
}

/** The extras, priced with the fare rules of the leg they are for. */
export function priceExtras(
  input: CreateBookingInput,
  legs: readonly ChosenLeg[],
  errors: FieldErrors,
): PricedExtra[] {
  // Extras: priced with the fare rules of the leg they are for.
  const extras = input.extras.map((extra, index): PricedExtra | null => {
    const field = `body.extras.${index}`;
    const leg = legs.find((candidate) => candidate.destinationIndex === extra.destinationIndex);
    const passenger = input.passengers[extra.passengerIndex];
    if (!leg) {
      errors.fail(`${field}.destinationIndex`, 'No flight is chosen for this destination');
      return null;
    }
    if (!passenger) {
      errors.fail(`${field}.passengerIndex`, 'No such passenger');
      return null;
    }
    if (passenger.typeId === PassengerType.infant) {
      errors.fail(`${field}.passengerIndex`, 'Infants cannot have extras');
      return null;
    }
    const offer = fareExtraOf(leg.letter, extra.code);
    if (!offer) {
      errors.fail(`${field}.code`, 'This fare does not sell this extra');
      return null;
    }
    const same = input.extras
      .filter(
        (other) =>
          other.destinationIndex === extra.destinationIndex &&
          other.passengerIndex === extra.passengerIndex &&
          other.code === extra.code,
      )
      .reduce((sum, other) => sum + other.quantity, 0);
    if (same > offer.maxPerPassenger) {
      errors.fail(
        `${field}.quantity`,
        `At most ${offer.maxPerPassenger} per passenger on this flight`,
      );
      return null;
    }
    return { ...extra, unitPrice: offer.price };
  });
  errors.throwIfAny();
  return extras as PricedExtra[];
}

/**
 * The booking's price from the current fares, in the base currency and in the charge currency the
 * visitor's currency gives; PRICE_INCREASED when it went up since the search and the traveller has
 * not accepted the new total.
 */
export function priceBooking(
  input: CreateBookingInput,
  legs: readonly ChosenLeg[],
  extras: readonly PricedExtra[],
  currency: string,
  rates: RateTable,
): { baseTotal: number; charge: string; chargeTotal: number } {
  const counts = countPassengerTypes(input.passengers);
  // Price: current fares; compared with the same fares at search time.
  const baseTotal = bookingBaseTotal(
    legs.map((leg) => ({ fare: leg.fare })),
    counts,
    extras,
  );
  const quotedTotal = bookingBaseTotal(
    legs.map((leg) => ({ fare: leg.quotedFare })),
    counts,
    extras,
  );
  const charge = chargeCurrency(currency);
  const rateOf = (code: string) => {
    const rate = rates[code];
    if (rate === undefined) throw new Error(`No exchange rate for ${code}`);
    return { code, rate };
  };
  const chargeOf = (usd: number) =>
    convertAmount(usd, rateOf(DEFAULT_CURRENCY_CODE), rateOf(charge));
  const chargeTotal = chargeOf(baseTotal);
  if (
    priceDecision({
      currentBase: baseTotal,
      quotedBase: quotedTotal,
      currentCharge: { amount: chargeTotal, currency: charge },
      accepted: input.acceptedTotal,
    }) === 'increased'
  ) {
    throw new ServiceError('PRICE_INCREASED', PRICE_INCREASED, {
      _: [PRICE_INCREASED],
      newTotal: [String(chargeTotal), charge],
      previousTotal: [String(chargeOf(quotedTotal)), charge],
    });
  }
  return { baseTotal, charge, chargeTotal };
}
