import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_YMD, MIN_YMD, addDays, isoWeekdayOf, type Ymd } from '../dates/ymd.ts';
import { ymdArb } from '../testing/arbitraries.ts';
import { DayBit, operatesOnIsoWeekday } from './day-of-week.ts';
import {
  isRouteAvailable,
  isValidRouteDay,
  isWithinAvailability,
  monthHasValidRouteDay,
  nearestValidRouteDays,
  nextValidRouteDay,
  operatesOnDate,
  previousValidRouteDay,
  validRouteDayOnOrAfter,
  validRouteDayOnOrBefore,
  validRouteDaysInMonth,
  type RouteSchedule,
} from './route-availability.ts';
import { d } from '../testing/dates.ts';

const weekends = DayBit.saturday | DayBit.sunday;
const mondays = DayBit.monday;

/** Saturdays and Sundays from 1 March to 31 May 2024. */
const spring: RouteSchedule = {
  dow: weekends,
  availableFrom: d('2024-03-01'),
  availableUntil: d('2024-05-31'),
};

describe('isRouteAvailable', () => {
  it.each([
    [0, false],
    [1, true],
    [127, true],
    [-1, false],
    [128, false],
    [255, false],
    [2.5, false],
    [Number.NaN, false],
  ])('dow %d is available: %s', (dow, available) => {
    expect(isRouteAvailable({ dow })).toBe(available);
  });
});

describe('isWithinAvailability', () => {
  it.each([
    [null, null, '1900-01-01', true],
    [undefined, undefined, '2999-12-31', true],
    ['2024-03-01', null, '2024-02-29', false],
    ['2024-03-01', null, '2024-03-01', true],
    [null, '2024-05-31', '2024-05-31', true],
    [null, '2024-05-31', '2024-06-01', false],
    ['2024-03-01', '2024-05-31', '2024-04-15', true],
    ['2024-06-01', '2024-05-31', '2024-05-31', false],
  ])('from %s until %s contains %s: %s', (from, until, date, inside) => {
    const route: RouteSchedule = {
      dow: 127,
      availableFrom: from === undefined ? undefined : (from as Ymd | null),
      availableUntil: until === undefined ? undefined : (until as Ymd | null),
    };
    expect(isWithinAvailability(route, d(date))).toBe(inside);
  });
});

describe('isValidRouteDay', () => {
  it.each([
    ['2024-02-29', false, 'Thursday, and before the window'],
    ['2024-03-02', true, 'first Saturday of the window'],
    ['2024-03-01', false, 'Friday on the first day of the window'],
    ['2024-03-04', false, 'Monday'],
    ['2024-05-26', true, 'last Sunday in the window'],
    ['2024-06-01', false, 'Saturday after the window'],
    ['2024-02-25', false, 'Sunday before the window'],
  ])('%s: %s (%s)', (date, valid) => {
    expect(isValidRouteDay(spring, d(date))).toBe(valid);
  });

  it('treats both window ends as inclusive', () => {
    const oneDay: RouteSchedule = {
      dow: 127,
      availableFrom: d('2024-02-29'),
      availableUntil: d('2024-02-29'),
    };
    expect(isValidRouteDay(oneDay, d('2024-02-28'))).toBe(false);
    expect(isValidRouteDay(oneDay, d('2024-02-29'))).toBe(true);
    expect(isValidRouteDay(oneDay, d('2024-03-01'))).toBe(false);
  });

  it('never accepts a day on a route with dow 0 or a malformed mask', () => {
    fc.assert(
      fc.property(ymdArb(), fc.constantFrom(0, 128, -1, 1.5), (date, dow) => {
        expect(isValidRouteDay({ dow }, date)).toBe(false);
        expect(operatesOnDate({ dow }, date)).toBe(false);
      }),
    );
  });

  it('is the weekday rule and the window rule together', () => {
    fc.assert(
      fc.property(routeArb(), ymdArb(), (route, date) => {
        expect(isValidRouteDay(route, date)).toBe(
          operatesOnIsoWeekday(route.dow, isoWeekdayOf(date)) && isWithinAvailability(route, date),
        );
      }),
    );
  });
});

describe('nearest valid days', () => {
  it.each([
    ['2024-03-06', '2024-03-09', '2024-03-03'],
    ['2024-03-09', '2024-03-10', '2024-03-03'],
    ['2024-03-10', '2024-03-16', '2024-03-09'],
    ['2024-03-02', '2024-03-03', null],
    ['2024-02-10', '2024-03-02', null],
    ['2024-05-26', null, '2024-05-25'],
    ['2024-07-01', null, '2024-05-26'],
  ])('around %s: next %s, previous %s', (date, next, previous) => {
    expect(nextValidRouteDay(spring, d(date))).toBe(next);
    expect(previousValidRouteDay(spring, d(date))).toBe(previous);
  });

  it('on or after/before include the date itself when it is valid', () => {
    expect(validRouteDayOnOrAfter(spring, d('2024-03-02'))).toBe('2024-03-02');
    expect(validRouteDayOnOrBefore(spring, d('2024-03-02'))).toBe('2024-03-02');
    expect(validRouteDayOnOrAfter(spring, d('2024-03-04'))).toBe('2024-03-09');
    expect(validRouteDayOnOrBefore(spring, d('2024-03-04'))).toBe('2024-03-03');
  });

  it('respects extra bounds such as "not before today"', () => {
    const bounds = { min: d('2024-03-12'), max: d('2024-03-20') };
    expect(previousValidRouteDay(spring, d('2024-03-16'), bounds)).toBeNull();
    expect(nextValidRouteDay(spring, d('2024-03-05'), bounds)).toBe('2024-03-16');
    expect(nextValidRouteDay(spring, d('2024-03-17'), bounds)).toBeNull();
  });

  it('finds nothing on a route with dow 0 or an empty window', () => {
    expect(nextValidRouteDay({ dow: 0 }, d('2024-01-01'))).toBeNull();
    expect(previousValidRouteDay({ dow: 0 }, d('2024-01-01'))).toBeNull();
    const inverted: RouteSchedule = {
      dow: 127,
      availableFrom: d('2024-06-01'),
      availableUntil: d('2024-05-01'),
    };
    expect(validRouteDayOnOrAfter(inverted, d('2024-01-01'))).toBeNull();
    expect(validRouteDayOnOrBefore(inverted, d('2024-12-01'))).toBeNull();
  });

  it('stops at the ends of the four-digit calendar instead of throwing', () => {
    expect(nextValidRouteDay({ dow: 127 }, MAX_YMD)).toBeNull();
    expect(previousValidRouteDay({ dow: 127 }, MIN_YMD)).toBeNull();
    expect(nextValidRouteDay({ dow: mondays }, d('9999-12-28'))).toBeNull();
    expect(validRouteDayOnOrAfter({ dow: 127 }, MAX_YMD)).toBe(MAX_YMD);
  });

  it('crosses month and leap-day boundaries', () => {
    const thursdays: RouteSchedule = { dow: DayBit.thursday };
    expect(nextValidRouteDay(thursdays, d('2024-02-23'))).toBe('2024-02-29');
    expect(nextValidRouteDay(thursdays, d('2024-02-29'))).toBe('2024-03-07');
    expect(previousValidRouteDay(thursdays, d('2025-01-01'))).toBe('2024-12-26');
  });

  it('agree with a day-by-day scan', () => {
    fc.assert(
      fc.property(routeArb(), narrowYmdArb(), (route, date) => {
        expect(nextValidRouteDay(route, date)).toBe(scan(route, date, 1));
        expect(previousValidRouteDay(route, date)).toBe(scan(route, date, -1));
      }),
    );
  });

  it('lists nearest days on both sides, nearest first', () => {
    expect(nearestValidRouteDays(spring, d('2024-03-13'), 3)).toEqual({
      before: ['2024-03-10', '2024-03-09', '2024-03-03'],
      after: ['2024-03-16', '2024-03-17', '2024-03-23'],
    });
    expect(nearestValidRouteDays(spring, d('2024-03-05'), 3)).toEqual({
      before: ['2024-03-03', '2024-03-02'],
      after: ['2024-03-09', '2024-03-10', '2024-03-16'],
    });
    expect(nearestValidRouteDays(spring, d('2024-03-05'), 0)).toEqual({ before: [], after: [] });
  });

  it('lists only valid days, never the date itself', () => {
    fc.assert(
      fc.property(routeArb(), narrowYmdArb(), fc.integer({ min: 0, max: 5 }), (route, date, n) => {
        const { before, after } = nearestValidRouteDays(route, date, n);
        expect(before.length).toBeLessThanOrEqual(n);
        expect(after.length).toBeLessThanOrEqual(n);
        for (const day of [...before, ...after]) expect(isValidRouteDay(route, day)).toBe(true);
        expect(
          before.every((day, i) => day < date && (i === 0 || day < (before[i - 1] ?? ''))),
        ).toBe(true);
        expect(after.every((day, i) => day > date && (i === 0 || day > (after[i - 1] ?? '')))).toBe(
          true,
        );
      }),
    );
  });
});

describe('valid days of a month', () => {
  it.each([
    [2024, 2, []],
    [
      2024,
      3,
      [
        '2024-03-02',
        '2024-03-03',
        '2024-03-09',
        '2024-03-10',
        '2024-03-16',
        '2024-03-17',
        '2024-03-23',
        '2024-03-24',
        '2024-03-30',
        '2024-03-31',
      ],
    ],
    [
      2024,
      5,
      [
        '2024-05-04',
        '2024-05-05',
        '2024-05-11',
        '2024-05-12',
        '2024-05-18',
        '2024-05-19',
        '2024-05-25',
        '2024-05-26',
      ],
    ],
    [2024, 6, []],
  ])('%i-%i', (year, month, days) => {
    expect(validRouteDaysInMonth(spring, year, month)).toEqual(days);
    expect(monthHasValidRouteDay(spring, year, month)).toBe(days.length > 0);
  });

  it('counts 29 February only in leap years', () => {
    const thursdays: RouteSchedule = { dow: DayBit.thursday };
    expect(validRouteDaysInMonth(thursdays, 2024, 2)).toContain('2024-02-29');
    const window: RouteSchedule = {
      dow: 127,
      availableFrom: d('2100-02-28'),
      availableUntil: d('2100-03-01'),
    };
    expect(validRouteDaysInMonth(window, 2100, 2)).toEqual(['2100-02-28']);
    expect(validRouteDaysInMonth({ ...window, availableFrom: d('2000-02-28') }, 2000, 2)).toEqual([
      '2000-02-28',
      '2000-02-29',
    ]);
  });

  it('a month with a one-day window on a weekday not flown has no valid day', () => {
    const route: RouteSchedule = {
      dow: mondays,
      availableFrom: d('2024-04-02'),
      availableUntil: d('2024-04-07'),
    };
    expect(monthHasValidRouteDay(route, 2024, 4)).toBe(false);
    expect(validRouteDaysInMonth(route, 2024, 4)).toEqual([]);
  });

  it('applies extra bounds', () => {
    const bounds = { min: d('2024-03-20') };
    expect(validRouteDaysInMonth(spring, 2024, 3, bounds)).toEqual([
      '2024-03-23',
      '2024-03-24',
      '2024-03-30',
      '2024-03-31',
    ]);
    expect(monthHasValidRouteDay(spring, 2024, 3, { min: d('2024-04-01') })).toBe(false);
  });

  it('monthHasValidRouteDay agrees with the list of valid days', () => {
    fc.assert(
      fc.property(
        routeArb(),
        fc.integer({ min: 2023, max: 2026 }),
        fc.integer({ min: 1, max: 12 }),
        (route, year, month) => {
          expect(monthHasValidRouteDay(route, year, month)).toBe(
            validRouteDaysInMonth(route, year, month).length > 0,
          );
        },
      ),
    );
  });
});

function narrowYmdArb(): fc.Arbitrary<Ymd> {
  return ymdArb(d('2024-01-01'), d('2025-12-31'));
}

function routeArb(): fc.Arbitrary<RouteSchedule> {
  return fc.record({
    dow: fc.integer({ min: 0, max: 127 }),
    availableFrom: fc.option(narrowYmdArb(), { nil: null }),
    availableUntil: fc.option(narrowYmdArb(), { nil: null }),
  });
}

/** Reference answer: walk one day at a time, far past the range the arbitraries use. */
function scan(route: RouteSchedule, date: Ymd, direction: 1 | -1): Ymd | null {
  let day = date;
  for (let step = 0; step < 1200; step += 1) {
    day = addDays(day, direction);
    if (isValidRouteDay(route, day)) return day;
  }
  return null;
}
