import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_DAYS_MASK,
  DAY_NAMES,
  DayBit,
  bitOfIsoWeekday,
  dayNameOfIsoWeekday,
  daysOfMask,
  isValidDowMask,
  isoWeekday,
  maskOf,
  operatesOnIsoWeekday,
  type DayName,
} from './day-of-week.ts';

describe('DayBit', () => {
  it.each([
    ['monday', 1, 1],
    ['tuesday', 2, 2],
    ['wednesday', 4, 3],
    ['thursday', 8, 4],
    ['friday', 16, 5],
    ['saturday', 32, 6],
    ['sunday', 64, 7],
  ] as const)('%s is bit %i and ISO weekday %i', (name, bit, isoDay) => {
    expect(DayBit[name]).toBe(bit);
    expect(bitOfIsoWeekday(isoDay)).toBe(bit);
    expect(dayNameOfIsoWeekday(isoDay)).toBe(name);
    expect(DAY_NAMES[isoDay - 1]).toBe(name);
  });

  it('all days make 127', () => {
    expect(ALL_DAYS_MASK).toBe(127);
    expect(maskOf(DAY_NAMES)).toBe(127);
  });
});

describe('isValidDowMask', () => {
  it.each([
    [0, true],
    [1, true],
    [64, true],
    [127, true],
    [128, false],
    [255, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('isValidDowMask(%d) = %s', (mask, valid) => {
    expect(isValidDowMask(mask)).toBe(valid);
  });
});

describe('bitOfIsoWeekday and dayNameOfIsoWeekday', () => {
  it.each([0, 8, -1, 1.5, Number.NaN])('reject ISO weekday %d', (isoDay) => {
    expect(() => bitOfIsoWeekday(isoDay)).toThrow(RangeError);
    expect(() => dayNameOfIsoWeekday(isoDay)).toThrow(RangeError);
  });
});

describe('operatesOnIsoWeekday', () => {
  it('dow 0 operates on no day and 127 on every day', () => {
    for (let isoDay = 1; isoDay <= 7; isoDay += 1) {
      expect(operatesOnIsoWeekday(0, isoDay)).toBe(false);
      expect(operatesOnIsoWeekday(127, isoDay)).toBe(true);
    }
  });

  it.each([
    [1, 1, true],
    [1, 2, false],
    [DayBit.saturday | DayBit.sunday, 6, true],
    [DayBit.saturday | DayBit.sunday, 7, true],
    [DayBit.saturday | DayBit.sunday, 5, false],
    [128, 1, false],
    [128, 7, false],
  ])('mask %i on ISO weekday %i is %s', (mask, isoDay, operated) => {
    expect(operatesOnIsoWeekday(mask, isoDay)).toBe(operated);
  });

  it('matches daysOfMask for every well-formed mask', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 127 }), fc.integer({ min: 1, max: 7 }), (mask, day) => {
        expect(operatesOnIsoWeekday(mask, day)).toBe(
          daysOfMask(mask).includes(dayNameOfIsoWeekday(day)),
        );
      }),
    );
  });
});

describe('maskOf and daysOfMask', () => {
  it.each([
    [0, []],
    [1, ['monday']],
    [64, ['sunday']],
    [65, ['monday', 'sunday']],
    [127, DAY_NAMES],
    [128, []],
  ])('daysOfMask(%i)', (mask, days) => {
    expect(daysOfMask(mask)).toEqual(days);
  });

  it('ignores repeated day names', () => {
    expect(maskOf(['friday', 'friday'])).toBe(16);
  });

  it('round-trip every well-formed mask', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 127 }), (mask) => {
        expect(maskOf(daysOfMask(mask))).toBe(mask);
      }),
    );
  });

  it('round-trip every set of days, Monday first', () => {
    fc.assert(
      fc.property(fc.subarray([...DAY_NAMES]), (days: DayName[]) => {
        expect(daysOfMask(maskOf(days))).toEqual(days);
      }),
    );
  });
});

describe('isoWeekday', () => {
  it.each([
    ['2024-01-01T00:00:00Z', 1],
    ['2024-01-07T23:59:59Z', 7],
    ['2024-02-29T12:00:00Z', 4],
  ])('%s is ISO weekday %i', (instant, isoDay) => {
    expect(isoWeekday(new Date(instant))).toBe(isoDay);
  });
});
