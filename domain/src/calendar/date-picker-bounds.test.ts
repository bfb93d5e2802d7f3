import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeekdayOf, type Ymd } from '../dates/ymd.ts';
import { DayBit, operatesOnIsoWeekday } from '../routes/day-of-week.ts';
import { ymdArb } from '../testing/arbitraries.ts';
import {
  DATE_PICKER_MIN_YEAR,
  WEEK_STARTS_ON,
  clampToBounds,
  datePickerBounds,
  datePickerYears,
  defaultDatePickerMax,
  defaultDatePickerMin,
  isDayPickable,
  monthHasPickableDay,
  monthWeeks,
  pickableDaysInMonth,
  yearHasPickableDay,
  type DatePickerBounds,
} from './date-picker-bounds.ts';
import { d } from '../testing/dates.ts';

describe('defaults', () => {
  it('run from 1 January 1900 to 31 December thirty years ahead', () => {
    expect(defaultDatePickerMin()).toBe('1900-01-01');
    expect(defaultDatePickerMax(2024)).toBe('2054-12-31');
    expect(datePickerBounds(d('2024-02-29'))).toEqual({
      min: '1900-01-01',
      max: '2054-12-31',
      dowMask: null,
    });
  });

  it('list the years 1900 … current + 30', () => {
    const years = datePickerYears(datePickerBounds(d('2026-07-01')));
    expect(years[0]).toBe(DATE_PICKER_MIN_YEAR);
    expect(years.at(-1)).toBe(2056);
    expect(years).toHaveLength(2056 - 1900 + 1);
    expect(years.every((year, i) => i === 0 || year === (years[i - 1] ?? 0) + 1)).toBe(true);
  });

  it('are overridden field by field', () => {
    expect(
      datePickerBounds(d('2024-06-15'), { min: d('2024-06-15'), dowMask: DayBit.monday }),
    ).toEqual({ min: '2024-06-15', max: '2054-12-31', dowMask: 1 });
  });

  it('start the week on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
  });
});

describe('isDayPickable', () => {
  const bounds: DatePickerBounds = {
    min: d('2024-02-10'),
    max: d('2024-03-10'),
    dowMask: DayBit.thursday | DayBit.sunday,
  };

  it.each([
    ['2024-02-08', false, 'Thursday before min'],
    ['2024-02-11', true, 'first Sunday'],
    ['2024-02-10', false, 'min itself is a Saturday'],
    ['2024-02-29', true, 'leap day, a Thursday'],
    ['2024-03-10', true, 'max itself is a Sunday'],
    ['2024-03-14', false, 'Thursday after max'],
    ['2024-03-01', false, 'Friday'],
  ])('%s: %s (%s)', (date, pickable) => {
    expect(isDayPickable(bounds, d(date))).toBe(pickable);
  });

  it('accepts both ends when no mask is given', () => {
    const open = { min: d('2024-02-10'), max: d('2024-03-10') };
    expect(isDayPickable(open, d('2024-02-10'))).toBe(true);
    expect(isDayPickable(open, d('2024-03-10'))).toBe(true);
    expect(isDayPickable(open, d('2024-02-09'))).toBe(false);
    expect(isDayPickable(open, d('2024-03-11'))).toBe(false);
  });

  it('picks nothing with mask 0', () => {
    fc.assert(
      fc.property(ymdArb(), (date) => {
        expect(
          isDayPickable({ min: d('1900-01-01'), max: d('2200-12-31'), dowMask: 0 }, date),
        ).toBe(false);
      }),
    );
  });

  it('is the range rule and the weekday rule together', () => {
    fc.assert(
      fc.property(boundsArb(), ymdArb(d('2023-01-01'), d('2025-12-31')), (b, date) => {
        const inRange = date >= b.min && date <= b.max;
        const weekday = b.dowMask == null || operatesOnIsoWeekday(b.dowMask, isoWeekdayOf(date));
        expect(isDayPickable(b, date)).toBe(inRange && weekday);
      }),
    );
  });
});

describe('selectable months and years', () => {
  const bounds: DatePickerBounds = {
    min: d('2024-02-10'),
    max: d('2024-04-02'),
    dowMask: DayBit.wednesday,
  };

  it.each([
    [2024, 1, []],
    [2024, 2, ['2024-02-14', '2024-02-21', '2024-02-28']],
    [2024, 3, ['2024-03-06', '2024-03-13', '2024-03-20', '2024-03-27']],
    [2024, 4, []],
    [2023, 12, []],
  ])('%i-%i pickable days', (year, month, days) => {
    expect(pickableDaysInMonth(bounds, year, month)).toEqual(days);
    expect(monthHasPickableDay(bounds, year, month)).toBe(days.length > 0);
  });

  it('a month inside the range is not selectable when no weekday matches', () => {
    const b: DatePickerBounds = {
      min: d('2024-04-02'),
      max: d('2024-04-06'),
      dowMask: DayBit.monday,
    };
    expect(monthHasPickableDay(b, 2024, 4)).toBe(false);
  });

  it('includes 29 February on a leap year only', () => {
    const leapOnly: DatePickerBounds = { min: d('2000-02-29'), max: d('2000-02-29') };
    expect(pickableDaysInMonth(leapOnly, 2000, 2)).toEqual(['2000-02-29']);
    expect(pickableDaysInMonth({ min: d('2100-02-28'), max: d('2100-03-01') }, 2100, 2)).toEqual([
      '2100-02-28',
    ]);
  });

  it('a year is selectable when any of its months is', () => {
    expect(yearHasPickableDay(bounds, 2024)).toBe(true);
    expect(yearHasPickableDay(bounds, 2023)).toBe(false);
    expect(yearHasPickableDay(bounds, 2025)).toBe(false);
    expect(yearHasPickableDay({ ...bounds, dowMask: 0 }, 2024)).toBe(false);
  });

  it('monthHasPickableDay agrees with the list of pickable days', () => {
    fc.assert(
      fc.property(
        boundsArb(),
        fc.integer({ min: 2022, max: 2026 }),
        fc.integer({ min: 1, max: 12 }),
        (b, year, month) => {
          expect(monthHasPickableDay(b, year, month)).toBe(
            pickableDaysInMonth(b, year, month).length > 0,
          );
        },
      ),
    );
  });
});

describe('clampToBounds', () => {
  const bounds = { min: d('2024-01-01'), max: d('2024-12-31') };
  it.each([
    ['2023-12-31', '2024-01-01'],
    ['2024-06-15', '2024-06-15'],
    ['2025-01-01', '2024-12-31'],
  ])('%s → %s', (date, clamped) => {
    expect(clampToBounds(bounds, d(date))).toBe(clamped);
  });
});

describe('monthWeeks', () => {
  it('lays out February 2024 from Monday (1 February is a Thursday)', () => {
    const weeks = monthWeeks(2024, 2);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      null,
      null,
      '2024-02-01',
      '2024-02-02',
      '2024-02-03',
      '2024-02-04',
    ]);
    expect(weeks[4]).toEqual([
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      null,
      null,
      null,
    ]);
  });

  it('fits February 2021 (starting on a Monday, 28 days) in four rows', () => {
    const weeks = monthWeeks(2021, 2);
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe('2021-02-01');
    expect(weeks[3]?.[6]).toBe('2021-02-28');
  });

  it('needs six rows for a 31-day month starting on a Sunday (December 2024)', () => {
    const weeks = monthWeeks(2024, 12);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2024-12-01']);
    expect(weeks[5]?.[0]).toBe('2024-12-30');
  });

  it('puts every date of the month once, in the column of its weekday', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        (year, month) => {
          const weeks = monthWeeks(year, month);
          const dates = weeks.flat().filter((cell): cell is Ymd => cell !== null);
          expect(dates).toEqual(
            pickableDaysInMonth({ min: d('1900-01-01'), max: d('2200-12-31') }, year, month),
          );
          for (const week of weeks) {
            expect(week).toHaveLength(7);
            week.forEach((cell, column) => {
              if (cell !== null) expect(isoWeekdayOf(cell)).toBe(column + 1);
            });
          }
        },
      ),
    );
  });
});

function boundsArb(): fc.Arbitrary<DatePickerBounds> {
  const dateArb = ymdArb(d('2023-01-01'), d('2025-12-31'));
  return fc
    .tuple(dateArb, dateArb, fc.option(fc.integer({ min: 0, max: 127 }), { nil: null }))
    .map(([a, b, dowMask]) => ({ min: a < b ? a : b, max: a < b ? b : a, dowMask }));
}
