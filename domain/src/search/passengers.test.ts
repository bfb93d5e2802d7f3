import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSENGERS,
  MAX_SEATED_PASSENGERS,
  arePassengersValid,
  correctPassengers,
  parsePassengerSegments,
  passengerSegments,
  seatedPassengers,
  totalPassengers,
  type Passengers,
} from './passengers.ts';

const p = (adults: number, children: number, infants: number): Passengers => ({
  adults,
  children,
  infants,
});

describe('correctPassengers', () => {
  it.each([
    [p(1, 0, 0), p(1, 0, 0)],
    [p(2, 3, 2), p(2, 3, 2)],
    [p(0, 0, 0), p(1, 0, 0)],
    [p(0, 2, 1), p(1, 2, 1)],
    [p(1, 0, 3), p(1, 0, 1)],
    [p(2, 0, 5), p(2, 0, 2)],
    [p(0, 0, 4), p(1, 0, 1)],
    [p(-2, -1, -3), p(1, 0, 0)],
    [p(2.7, 1.2, 2.9), p(2, 1, 2)],
    [p(0.5, 0, 0), p(1, 0, 0)],
    [p(Number.NaN, Number.NaN, Number.NaN), p(1, 0, 0)],
    [p(Number.POSITIVE_INFINITY, 0, 1), p(1, 0, 1)],
    [p(1e300, 0, 0), p(1, 0, 0)],
    [p(3, Number.NEGATIVE_INFINITY, 3), p(3, 0, 3)],
  ])('%j → %j', (input, expected) => {
    expect(correctPassengers(input)).toEqual(expected);
  });

  it('always gives counts that satisfy the rules', () => {
    fc.assert(
      fc.property(countArb(), countArb(), countArb(), (adults, children, infants) => {
        const corrected = correctPassengers(p(adults, children, infants));
        expect(arePassengersValid(corrected)).toBe(true);
        expect(corrected.adults).toBeGreaterThanOrEqual(1);
        expect(corrected.children).toBeGreaterThanOrEqual(0);
        expect(corrected.infants).toBeLessThanOrEqual(corrected.adults);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(countArb(), countArb(), countArb(), (adults, children, infants) => {
        const once = correctPassengers(p(adults, children, infants));
        expect(correctPassengers(once)).toEqual(once);
      }),
    );
  });

  it('leaves valid counts unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.nat(50),
        fc.nat(50),
        (adults, children, infants) => {
          const valid = p(adults, children, Math.min(infants, adults));
          expect(correctPassengers(valid)).toEqual(valid);
        },
      ),
    );
  });
});

describe('arePassengersValid', () => {
  it.each([
    [p(1, 0, 0), true],
    [p(2, 5, 2), true],
    [p(0, 1, 0), false],
    [p(1, 0, 2), false],
    [p(1, -1, 0), false],
    [p(1.5, 0, 0), false],
    [p(1, 0, Number.NaN), false],
  ])('%j: %s', (passengers, valid) => {
    expect(arePassengersValid(passengers)).toBe(valid);
  });
});

describe('totalPassengers', () => {
  it('counts everyone, infants included', () => {
    expect(totalPassengers(p(2, 1, 1))).toBe(4);
    expect(totalPassengers(DEFAULT_PASSENGERS)).toBe(1);
  });
});

describe('parsePassengerSegments', () => {
  it.each([
    [['1', '0', '0'], p(1, 0, 0), 'valid'],
    [['2', '3', '2'], p(2, 3, 2), 'valid'],
    [['1', '0', '3'], p(1, 0, 1), 'corrected'],
    [['0', '0', '0'], p(1, 0, 0), 'corrected'],
    [['2', '0', '5'], p(2, 0, 2), 'corrected'],
    [['01', '0', '0'], p(1, 0, 0), 'corrected'],
    [['a', '1', '0'], p(1, 1, 0), 'corrected'],
    [['2', '-1', '0'], p(2, 0, 0), 'corrected'],
    [['2', '1.5', '0'], p(2, 0, 0), 'corrected'],
    [['2', '', '0'], p(2, 0, 0), 'corrected'],
    [[' 2', '0', '0'], p(1, 0, 0), 'corrected'],
    [['1e2', '0', '0'], p(1, 0, 0), 'corrected'],
    [['99999999999999999999', '0', '0'], p(1, 0, 0), 'corrected'],
    [['٣', '0', '0'], p(1, 0, 0), 'corrected'],
  ])('%j → %j (%s)', ([adults = '', children = '', infants = ''], passengers, status) => {
    expect(parsePassengerSegments({ adults, children, infants })).toEqual({ passengers, status });
  });

  it('always returns counts that satisfy the rules, and never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (adults, children, infants) => {
        const { passengers } = parsePassengerSegments({ adults, children, infants });
        expect(arePassengersValid(passengers)).toBe(true);
      }),
    );
  });

  it('reads back what passengerSegments writes, as valid', () => {
    fc.assert(
      fc.property(countArb(), countArb(), countArb(), (adults, children, infants) => {
        const corrected = correctPassengers(p(adults, children, infants));
        expect(parsePassengerSegments(passengerSegments(corrected))).toEqual({
          passengers: corrected,
          status: 'valid',
        });
      }),
    );
  });
});

describe('passengerSegments', () => {
  it('writes corrected counts as decimal text', () => {
    expect(passengerSegments(p(2, 1, 1))).toEqual({ adults: '2', children: '1', infants: '1' });
    expect(passengerSegments(p(0, 1, 4))).toEqual({ adults: '1', children: '1', infants: '1' });
  });
});

function countArb(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -5, max: 20 }),
    fc.double({ min: -10, max: 20, noNaN: false }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300),
  );
}

describe('seatedPassengers', () => {
  it('counts adults and children, not infants on a lap', () => {
    expect(seatedPassengers(p(2, 3, 2))).toBe(5);
    expect(seatedPassengers(p(1, 0, 1))).toBe(1);
  });

  it('has a limit of nine seats', () => {
    expect(MAX_SEATED_PASSENGERS).toBe(9);
  });
});
