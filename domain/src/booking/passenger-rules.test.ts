import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PassengerType } from '../config/reference-ids.ts';
import { addDays, addYears } from '../dates/ymd.ts';
import { ymdArb } from '../testing/arbitraries.ts';
import {
  ageOn,
  countPassengerTypes,
  describeCounts,
  passengerProblems,
  passengerTypeForAge,
  sameCounts,
  type PassengerFacts,
  type TripDays,
} from './passenger-rules.ts';
import { d } from '../testing/dates.ts';

const trip: TripDays = {
  today: d('2026-11-23'),
  firstTravelDate: d('2026-12-14'),
  lastTravelDate: d('2026-12-21'),
};
const known = {
  isCountry: (code: string) => ['DE', 'RO'].includes(code),
  isTitle: (id: number) => [1, 2, 4, 5].includes(id),
};

function passenger(overrides: Partial<PassengerFacts> = {}): PassengerFacts {
  return {
    typeId: PassengerType.adult,
    titleId: 1,
    birthDate: d('1990-05-01'),
    nationality: 'DE',
    documentExpiry: d('2030-01-01'),
    ...overrides,
  };
}

describe('ageOn', () => {
  it.each([
    ['2000-01-01', '2001-01-01', 1],
    ['2000-01-02', '2001-01-01', 0],
    ['2000-02-29', '2001-02-28', 0],
    ['2000-02-29', '2001-03-01', 1],
    ['2024-12-14', '2026-12-14', 2],
    ['2024-12-15', '2026-12-14', 1],
    ['2026-12-15', '2026-12-14', -1],
  ])('born %s, on %s: %i', (birth, day, age) => {
    expect(ageOn(d(birth), d(day))).toBe(age);
  });

  it('grows by exactly one on each birthday', () => {
    fc.assert(
      fc.property(
        ymdArb(d('1900-01-01'), d('2100-12-31')),
        fc.integer({ min: 0, max: 90 }),
        (birth, years) => {
          const birthday = addYears(birth, years);
          // 29 February birthdays fall on 28 February in common years, one day early.
          if (birth.endsWith('-02-29') && !birthday.endsWith('-02-29')) return;
          expect(ageOn(birth, birthday)).toBe(years);
          expect(ageOn(birth, addDays(birthday, -1))).toBe(years - 1);
        },
      ),
    );
  });
});

describe('passenger types by age', () => {
  it.each([
    [0, PassengerType.infant],
    [1, PassengerType.infant],
    [2, PassengerType.child],
    [11, PassengerType.child],
    [12, PassengerType.adult],
    [90, PassengerType.adult],
  ])('%i years: type %i', (age, type) => {
    expect(passengerTypeForAge(age)).toBe(type);
  });
});

/** The problems of the sample passenger changed by `overrides`, on the sample trip. */
const problemsOf = (overrides: Partial<PassengerFacts> = {}) =>
  passengerProblems(passenger(overrides), trip, known);

describe('passengerProblems', () => {
  it('accepts a valid adult, child and infant', () => {
    expect(problemsOf()).toEqual([]);
    expect(
      problemsOf({ typeId: PassengerType.child, titleId: 5, birthDate: d('2016-01-01') }),
    ).toEqual([]);
    expect(
      problemsOf({ typeId: PassengerType.infant, titleId: 4, birthDate: d('2025-06-01') }),
    ).toEqual([]);
  });

  it.each([
    [
      'infant turning 2 on the first travel date',
      { typeId: 3, birthDate: '2024-12-14' },
      'INFANT_TOO_OLD',
    ],
    ['child under 2', { typeId: 2, birthDate: '2025-01-01' }, 'CHILD_AGE'],
    ['child turning 12 before travel', { typeId: 2, birthDate: '2014-12-01' }, 'CHILD_AGE'],
    [
      'adult aged 11 on the first travel date',
      { typeId: 1, birthDate: '2014-12-15' },
      'ADULT_TOO_YOUNG',
    ],
    ['birth date tomorrow', { birthDate: '2026-11-24' }, 'BIRTH_DATE_IN_FUTURE'],
    [
      'document expiring on the last travel date',
      { documentExpiry: '2026-12-21' },
      'DOCUMENT_EXPIRES',
    ],
    ['document expired', { documentExpiry: '2020-01-01' }, 'DOCUMENT_EXPIRES'],
    ['unknown nationality', { nationality: 'XX' }, 'NATIONALITY_UNKNOWN'],
    ['unknown title', { titleId: 99 }, 'TITLE_UNKNOWN'],
  ])('%s', (_, overrides, code) => {
    const problems = problemsOf(overrides as Partial<PassengerFacts>);
    expect(problems.map((problem) => problem.code)).toEqual([code]);
    expect(problems[0]?.message).toMatch(/\w/);
  });

  it('the age is taken on the first travel date, the document on the last', () => {
    // 12 on the first date: adult, although 11 today.
    expect(problemsOf({ birthDate: d('2014-12-10') })).toEqual([]);
    // Valid on the first date, expired on the last: refused.
    expect(problemsOf({ documentExpiry: d('2026-12-15') }).map((problem) => problem.field)).toEqual(
      ['documentExpiry'],
    );
  });

  it('the type the rules accept is exactly the type of the age on the first travel date', () => {
    fc.assert(
      fc.property(
        ymdArb(d('1920-01-01'), trip.today),
        fc.constantFrom(PassengerType.adult, PassengerType.child, PassengerType.infant),
        (birthDate, typeId) => {
          const problems = problemsOf({ birthDate, typeId });
          const agrees = passengerTypeForAge(ageOn(birthDate, trip.firstTravelDate)) === typeId;
          expect(problems.length === 0).toBe(agrees);
        },
      ),
    );
  });
});

describe('counts', () => {
  it('counts each type and compares', () => {
    const counts = countPassengerTypes([
      { typeId: 1 },
      { typeId: 1 },
      { typeId: 2 },
      { typeId: 3 },
    ]);
    expect(counts).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(sameCounts(counts, { adults: 2, children: 1, infants: 1 })).toBe(true);
    expect(sameCounts(counts, { adults: 2, children: 0, infants: 1 })).toBe(false);
    expect(describeCounts({ adults: 1, children: 2, infants: 0 })).toBe(
      '1 adult, 2 children, 0 infants',
    );
  });

  it('the counts always add up to the list length', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(1, 2, 3).map((typeId) => ({ typeId }))), (list) => {
        const counts = countPassengerTypes(list);
        expect(counts.adults + counts.children + counts.infants).toBe(list.length);
      }),
    );
  });
});
