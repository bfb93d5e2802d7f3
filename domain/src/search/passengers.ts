/**
 * Passenger counts (SPEC §3, §4, §5): adults, children and infants. Counts are corrected so that
 * there is at least one adult, children are not negative, and infants (who travel on an adult's
 * lap) are not more than adults. A count that is not a finite number becomes 0 (so adults become
 * 1), a fraction is rounded down, and a negative count becomes 0. The spec sets no upper limit.
 *
 * In the URL the counts are the segments `/{adults}/{children}/{infants}/`, digits only.
 */

export interface Passengers {
  readonly adults: number;
  readonly children: number;
  readonly infants: number;
}

export const DEFAULT_PASSENGERS: Passengers = { adults: 1, children: 0, infants: 0 };

/**
 * Most seated travellers (adults and children) one search and one booking may hold; infants sit
 * on a lap (reference/security-and-reliability.md §9, "Holds ≤ 9 seats").
 */
export const MAX_SEATED_PASSENGERS = 9;

/** Travellers who need a seat of their own: adults and children. */
export function seatedPassengers(passengers: Passengers): number {
  return passengers.adults + passengers.children;
}

/** A count as a non-negative safe integer: fractions round down, anything else becomes 0. */
function toCount(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const count = Math.floor(value);
  return Number.isSafeInteger(count) ? count : 0;
}

/** Whether the counts already satisfy every rule. */
export function arePassengersValid(passengers: Passengers): boolean {
  const { adults, children, infants } = passengers;
  return (
    Number.isSafeInteger(adults) &&
    Number.isSafeInteger(children) &&
    Number.isSafeInteger(infants) &&
    adults >= 1 &&
    children >= 0 &&
    infants >= 0 &&
    infants <= adults
  );
}

/** The counts with the rules applied; valid counts come back unchanged. */
export function correctPassengers(passengers: Passengers): Passengers {
  const adults = Math.max(1, toCount(passengers.adults));
  const children = toCount(passengers.children);
  const infants = Math.min(adults, toCount(passengers.infants));
  return { adults, children, infants };
}

/** Everyone travelling, infants included. */
export function totalPassengers(passengers: Passengers): number {
  return passengers.adults + passengers.children + passengers.infants;
}

const COUNT_SEGMENT_PATTERN = /^(0|[1-9]\d{0,15})$/;

export interface PassengerSegments {
  readonly adults: string;
  readonly children: string;
  readonly infants: string;
}

export interface ParsedPassengers {
  readonly passengers: Passengers;
  /** 'valid' when the segments were canonical digits obeying the rules; else 'corrected'. */
  readonly status: 'valid' | 'corrected';
}

/**
 * Reads the passenger segments of a search URL. A segment that is not a canonical decimal count
 * (digits only, no leading zeros, a safe integer) counts as 0 before correction.
 */
export function parsePassengerSegments(segments: PassengerSegments): ParsedPassengers {
  const read = (text: string) => {
    if (!COUNT_SEGMENT_PATTERN.test(text)) return null;
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : null;
  };
  const adults = read(segments.adults);
  const children = read(segments.children);
  const infants = read(segments.infants);
  const raw = { adults: adults ?? 0, children: children ?? 0, infants: infants ?? 0 };
  const wellFormed = adults !== null && children !== null && infants !== null;
  const passengers = correctPassengers(raw);
  return { passengers, status: wellFormed && arePassengersValid(raw) ? 'valid' : 'corrected' };
}

/** The three URL segments of valid counts (the counts are corrected first). */
export function passengerSegments(passengers: Passengers): PassengerSegments {
  const { adults, children, infants } = correctPassengers(passengers);
  return { adults: String(adults), children: String(children), infants: String(infants) };
}
