import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ymdArb } from '../testing/arbitraries.ts';
import {
  MAX_YMD,
  MIN_YMD,
  addDays,
  addYears,
  compareYmd,
  datesOfMonth,
  daysBetween,
  daysInMonth,
  isLeapYear,
  isYmd,
  isoWeekdayOf,
  maxYmd,
  minYmd,
  parseYmd,
  ymd,
  ymdFromUtcDate,
  ymdInTimeZone,
  ymdParts,
  ymdToUtcDate,
  type Ymd,
} from './ymd.ts';
import { d } from '../testing/dates.ts';

/** Year, month and its number of days, across leap years, centuries and month ends. */
const MONTH_LENGTHS = [
  [2024, 1, 31],
  [2024, 2, 29],
  [2023, 2, 28],
  [2100, 2, 28],
  [2000, 2, 29],
  [2024, 4, 30],
  [2024, 6, 30],
  [2024, 7, 31],
  [2024, 8, 31],
  [2024, 9, 30],
  [2024, 11, 30],
  [2024, 12, 31],
];

/** Asserts `property` for any date and any whole number from -limit to limit. */
function forAnyDateAnd(limit: number, property: (date: Ymd, offset: number) => void) {
  fc.assert(fc.property(ymdArb(), fc.integer({ min: -limit, max: limit }), property));
}

describe('parseYmd', () => {
  it.each([
    '2024-01-01',
    '2024-02-29',
    '2000-02-29',
    '2023-12-31',
    '1900-01-01',
    '0000-01-01',
    '9999-12-31',
    '2024-04-30',
  ])('accepts %s', (text) => {
    expect(parseYmd(text)).toBe(text);
    expect(isYmd(text)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['2023-02-29', 'not a leap year'],
    ['2100-02-29', 'century not divisible by 400'],
    ['1900-02-29', 'century not divisible by 400'],
    ['2024-02-30', 'past the end of February'],
    ['2024-04-31', 'April has 30 days'],
    ['2024-13-01', 'month 13'],
    ['2024-00-10', 'month 0'],
    ['2024-01-00', 'day 0'],
    ['2024-1-01', 'one-digit month'],
    ['24-01-01', 'two-digit year'],
    ['2024-01-01T00:00', 'time attached'],
    [' 2024-01-01', 'leading space'],
    ['2024-01-01 ', 'trailing space'],
    ['2024/01/01', 'slashes'],
    ['2024-0a-01', 'letter in month'],
    ['abcd-ef-gh', 'letters'],
    ['+2024-01-01', 'sign'],
    ['20240101', 'no separators'],
    ['12024-01-01', 'five-digit year'],
  ])('rejects %j (%s)', (text) => {
    expect(parseYmd(text)).toBeNull();
    expect(isYmd(text)).toBe(false);
  });
});

describe('ymd and ymdParts', () => {
  it.each([
    [2024, 2, 29, '2024-02-29'],
    [5, 3, 7, '0005-03-07'],
    [1999, 12, 31, '1999-12-31'],
  ])('ymd(%i, %i, %i) = %s', (year, month, day, text) => {
    expect(ymd(year, month, day)).toBe(text);
    expect(ymdParts(d(text))).toEqual({ year, month, day });
  });

  it.each([
    [2023, 2, 29],
    [2024, 13, 1],
    [2024, 0, 1],
    [2024, 6, 31],
    [10000, 1, 1],
    [-1, 1, 1],
  ])('ymd(%i, %i, %i) throws', (year, month, day) => {
    expect(() => ymd(year, month, day)).toThrow(RangeError);
  });
});

describe('isLeapYear and daysInMonth', () => {
  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
    [1600, true],
  ])('isLeapYear(%i) = %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each(MONTH_LENGTHS)('daysInMonth(%i, %i) = %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('gives 365 or 366 days a year', () => {
    for (const year of [1900, 2000, 2023, 2024, 2100]) {
      let total = 0;
      for (let month = 1; month <= 12; month += 1) total += daysInMonth(year, month);
      expect(total).toBe(isLeapYear(year) ? 366 : 365);
    }
  });
});

describe('addDays', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-01-01', 366, '2025-01-01'],
    ['2023-01-01', 365, '2024-01-01'],
    ['2024-05-15', 0, '2024-05-15'],
    // days on which clocks change in Europe and the United States
    ['2024-03-30', 1, '2024-03-31'],
    ['2024-03-31', 1, '2024-04-01'],
    ['2024-03-09', 2, '2024-03-11'],
    ['2024-10-26', 2, '2024-10-28'],
    ['2024-11-02', 2, '2024-11-04'],
  ])('%s + %i days = %s', (from, days, to) => {
    expect(addDays(d(from), days)).toBe(to);
  });

  it('rejects fractional days', () => {
    expect(() => addDays(d('2024-01-01'), 0.5)).toThrow(RangeError);
  });

  it('throws past the four-digit range', () => {
    expect(() => addDays(MAX_YMD, 1)).toThrow(RangeError);
    expect(() => addDays(MIN_YMD, -1)).toThrow(RangeError);
  });

  it('is undone by subtracting the same days', () => {
    forAnyDateAnd(5000, (date, days) => {
      expect(addDays(addDays(date, days), -days)).toBe(date);
    });
  });

  it('moves the weekday by the same number of days modulo 7', () => {
    forAnyDateAnd(1000, (date, days) => {
      const expected = ((((isoWeekdayOf(date) - 1 + days) % 7) + 7) % 7) + 1;
      expect(isoWeekdayOf(addDays(date, days))).toBe(expected);
    });
  });
});

describe('addYears', () => {
  it.each([
    ['2024-02-29', 1, '2025-02-28'],
    ['2024-02-29', 4, '2028-02-29'],
    ['2024-02-29', -1, '2023-02-28'],
    ['2096-02-29', 4, '2100-02-28'],
    ['1996-02-29', 4, '2000-02-29'],
    ['2023-12-31', 1, '2024-12-31'],
    ['2024-06-15', -30, '1994-06-15'],
  ])('%s + %i years = %s', (from, years, to) => {
    expect(addYears(d(from), years)).toBe(to);
  });

  it('rejects fractional years', () => {
    expect(() => addYears(d('2024-01-01'), 1.5)).toThrow(RangeError);
  });

  it('keeps month and day apart from 29 February', () => {
    forAnyDateAnd(100, (date, years) => {
      const before = ymdParts(date);
      const after = ymdParts(addYears(date, years));
      expect(after.year).toBe(before.year + years);
      expect(after.month).toBe(before.month);
      if (!(before.month === 2 && before.day === 29)) expect(after.day).toBe(before.day);
    });
  });
});

describe('daysBetween', () => {
  it.each([
    ['2024-01-01', '2024-01-01', 0],
    ['2024-01-01', '2024-12-31', 365],
    ['2023-01-01', '2023-12-31', 364],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2024-03-01', '2024-02-28', -2],
    ['1900-01-01', '2000-01-01', 36524],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(daysBetween(d(from), d(to))).toBe(days);
  });

  it('inverts addDays', () => {
    forAnyDateAnd(20000, (date, days) => {
      expect(daysBetween(date, addDays(date, days))).toBe(days);
    });
  });

  it('has the sign of compareYmd', () => {
    fc.assert(
      fc.property(ymdArb(), ymdArb(), (a, b) => {
        expect(Math.sign(daysBetween(a, b))).toBe(-compareYmd(a, b) || 0);
      }),
    );
  });
});

describe('isoWeekdayOf', () => {
  it.each([
    ['2024-01-01', 1],
    ['2024-02-29', 4],
    ['2000-01-01', 6],
    ['1900-01-01', 1],
    ['2023-12-31', 7],
    ['2100-03-01', 1],
    ['2026-12-01', 2],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekdayOf(d(date))).toBe(weekday);
  });
});

describe('UTC conversions', () => {
  it('round-trips through UTC midnight', () => {
    fc.assert(
      fc.property(ymdArb(), (date) => {
        const instant = ymdToUtcDate(date);
        expect(instant.getUTCHours()).toBe(0);
        expect(ymdFromUtcDate(instant)).toBe(date);
      }),
    );
  });

  it('handles years below 100 without the two-digit year shortcut', () => {
    expect(ymdToUtcDate(d('0050-06-01')).getUTCFullYear()).toBe(50);
    expect(ymdFromUtcDate(ymdToUtcDate(d('0050-06-01')))).toBe('0050-06-01');
  });
});

describe('ymdInTimeZone', () => {
  it.each([
    ['2024-01-01T03:00:00Z', 'America/New_York', '2023-12-31'],
    ['2024-01-01T03:00:00Z', 'Europe/London', '2024-01-01'],
    ['2023-12-31T16:00:00Z', 'Asia/Tokyo', '2024-01-01'],
    ['2023-12-31T14:59:59Z', 'Asia/Tokyo', '2023-12-31'],
    ['2024-02-29T23:30:00Z', 'Pacific/Kiritimati', '2024-03-01'],
    ['2024-03-10T06:59:00Z', 'America/New_York', '2024-03-10'],
    ['2024-03-10T04:59:00Z', 'America/New_York', '2024-03-09'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(ymdInTimeZone(new Date(instant), zone)).toBe(expected);
  });
});

describe('datesOfMonth', () => {
  it.each(MONTH_LENGTHS)('%i-%i has %i dates, first to last', (year, month, count) => {
    const dates = datesOfMonth(year, month);
    expect(dates).toHaveLength(count);
    expect(dates[0]).toBe(ymd(year, month, 1));
    expect(dates.at(-1)).toBe(ymd(year, month, count));
    dates.slice(1).forEach((date, index) => {
      expect(daysBetween(dates[index] as Ymd, date)).toBe(1);
    });
  });

  it.each([
    [2024, 0],
    [2024, 13],
    [2024, 1.5],
    [-1, 1],
    [10000, 1],
  ])('throws for %i-%i', (year, month) => {
    expect(() => datesOfMonth(year, month)).toThrow(RangeError);
  });
});

describe('ordering', () => {
  it.each([
    ['2024-01-01', '2024-01-02', -1],
    ['2024-12-31', '2024-01-01', 1],
    ['2024-06-15', '2024-06-15', 0],
    ['0999-12-31', '1000-01-01', -1],
  ])('compareYmd(%s, %s) = %i', (a, b, expected) => {
    expect(compareYmd(d(a), d(b))).toBe(expected);
  });

  it('minYmd and maxYmd pick the earlier and the later date', () => {
    fc.assert(
      fc.property(ymdArb(), ymdArb(), (a, b) => {
        expect(minYmd(a, b) <= maxYmd(a, b)).toBe(true);
        expect([a, b]).toContain(minYmd(a, b));
        expect([a, b]).toContain(maxYmd(a, b));
        expect(daysBetween(minYmd(a, b), maxYmd(a, b))).toBe(Math.abs(daysBetween(a, b)));
      }),
    );
  });
});
