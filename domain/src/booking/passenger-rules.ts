/**
 * Rules a booked passenger must meet (SPEC §3 "Passengers", issue 8): the passenger type follows
 * the age on the FIRST travel date (infant under 2, child 2–11, adult 12 or more), the birth date
 * is not in the future, the travel document is still valid after the LAST travel date, the
 * nationality is a known country and the title a known one. The server checks every booking with
 * these functions; the web's passenger forms use the same ones, so both say the same thing.
 */
import { PassengerType, type PassengerTypeId } from '../config/reference-ids.ts';
import { ymdParts, type Ymd } from '../dates/ymd.ts';
import type { Passengers } from '../search/passengers.ts';

/** Below this age (in whole years on the first travel date) a passenger is an infant. */
export const CHILD_MIN_AGE = 2;
/** From this age a passenger is an adult. */
export const ADULT_MIN_AGE = 12;

/** Whole years between a birth date and a day (negative when the birth date is later). */
export function ageOn(birthDate: Ymd, day: Ymd): number {
  const birth = ymdParts(birthDate);
  const on = ymdParts(day);
  let years = on.year - birth.year;
  if (on.month < birth.month || (on.month === birth.month && on.day < birth.day)) years -= 1;
  return years;
}

/** The passenger type an age calls for. */
export function passengerTypeForAge(age: number): PassengerTypeId {
  if (age < CHILD_MIN_AGE) return PassengerType.infant;
  if (age < ADULT_MIN_AGE) return PassengerType.child;
  return PassengerType.adult;
}

export interface PassengerFacts {
  typeId: number;
  titleId: number;
  birthDate: Ymd;
  nationality: string;
  documentExpiry: Ymd;
}

export interface TripDays {
  /** Today (where the booking is made); a birth date after it is refused. */
  today: Ymd;
  /** Local date of the first departure: the passenger type is decided by the age on it. */
  firstTravelDate: Ymd;
  /** Local date of the last departure: the document must still be valid after it. */
  lastTravelDate: Ymd;
}

export interface KnownReferences {
  isCountry(code: string): boolean;
  isTitle(id: number): boolean;
}

export type PassengerProblemCode =
  | 'BIRTH_DATE_IN_FUTURE'
  | 'INFANT_TOO_OLD'
  | 'CHILD_AGE'
  | 'ADULT_TOO_YOUNG'
  | 'DOCUMENT_EXPIRES'
  | 'NATIONALITY_UNKNOWN'
  | 'TITLE_UNKNOWN';

export interface PassengerProblem {
  field: 'birthDate' | 'documentExpiry' | 'nationality' | 'titleId';
  code: PassengerProblemCode;
  /** An English sentence for API clients; the web shows its own translation of `code`. */
  message: string;
}

/** Everything wrong with one passenger, in field order; empty when the passenger may travel. */
export function passengerProblems(
  passenger: PassengerFacts,
  trip: TripDays,
  known: KnownReferences,
): PassengerProblem[] {
  const problems: PassengerProblem[] = [];
  if (!known.isTitle(passenger.titleId)) {
    problems.push({ field: 'titleId', code: 'TITLE_UNKNOWN', message: 'Choose a title' });
  }
  if (passenger.birthDate > trip.today) {
    problems.push({
      field: 'birthDate',
      code: 'BIRTH_DATE_IN_FUTURE',
      message: 'The birth date cannot be in the future',
    });
  } else {
    const age = ageOn(passenger.birthDate, trip.firstTravelDate);
    const expected = passengerTypeForAge(age);
    if (expected !== passenger.typeId) {
      if (passenger.typeId === PassengerType.infant) {
        problems.push({
          field: 'birthDate',
          code: 'INFANT_TOO_OLD',
          message: `An infant must be under ${CHILD_MIN_AGE} on the first travel date`,
        });
      } else if (passenger.typeId === PassengerType.child) {
        problems.push({
          field: 'birthDate',
          code: 'CHILD_AGE',
          message: `A child must be ${CHILD_MIN_AGE} to ${ADULT_MIN_AGE - 1} on the first travel date`,
        });
      } else {
        problems.push({
          field: 'birthDate',
          code: 'ADULT_TOO_YOUNG',
          message: `An adult must be ${ADULT_MIN_AGE} or older on the first travel date`,
        });
      }
    }
  }
  if (!known.isCountry(passenger.nationality)) {
    problems.push({
      field: 'nationality',
      code: 'NATIONALITY_UNKNOWN',
      message: 'Choose a nationality from the list',
    });
  }
  if (passenger.documentExpiry <= trip.lastTravelDate) {
    problems.push({
      field: 'documentExpiry',
      code: 'DOCUMENT_EXPIRES',
      message: 'The document must be valid after the last travel date',
    });
  }
  return problems;
}

/** How many passengers of each type a list holds. */
export function countPassengerTypes(passengers: readonly { typeId: number }[]): Passengers {
  let adults = 0;
  let children = 0;
  let infants = 0;
  for (const passenger of passengers) {
    if (passenger.typeId === PassengerType.adult) adults += 1;
    else if (passenger.typeId === PassengerType.child) children += 1;
    else if (passenger.typeId === PassengerType.infant) infants += 1;
  }
  return { adults, children, infants };
}

/** Whether two sets of counts are the same. */
export function sameCounts(a: Passengers, b: Passengers): boolean {
  return a.adults === b.adults && a.children === b.children && a.infants === b.infants;
}

/** "2 adults, 1 child, 0 infants". */
export function describeCounts(counts: Passengers): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    part(counts.adults, 'adult', 'adults'),
    part(counts.children, 'child', 'children'),
    part(counts.infants, 'infant', 'infants'),
  ].join(', ');
}
