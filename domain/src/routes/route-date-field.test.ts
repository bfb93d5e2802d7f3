import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYears } from '../dates/ymd.ts';
import { isDomainErrorCode } from '../errors.ts';
import { ymdArb } from '../testing/arbitraries.ts';
import { DayBit } from './day-of-week.ts';
import { isValidRouteDay, type RouteSchedule } from './route-availability.ts';
import {
  isInRouteDateRange,
  routeDateRange,
  validateRouteDate,
  type RouteDateError,
} from './route-date-field.ts';
import { d } from '../testing/dates.ts';

const cities = { fromCity: 'Sofia', toCity: 'Hanoi' };
const weekdays =
  DayBit.monday | DayBit.tuesday | DayBit.wednesday | DayBit.thursday | DayBit.friday;
const route: RouteSchedule = {
  dow: weekdays,
  availableFrom: d('2024-03-01'),
  availableUntil: d('2024-05-31'),
};

describe('validateRouteDate', () => {
  it.each<[string, RouteDateError | null]>([
    [
      '2024-02-29',
      {
        code: 'ROUTE_DATE_BEFORE_AVAILABILITY',
        params: { ...cities, availableFrom: d('2024-03-01') },
      },
    ],
    [
      // a Saturday before the window reports the window, not the weekday
      '2024-02-24',
      {
        code: 'ROUTE_DATE_BEFORE_AVAILABILITY',
        params: { ...cities, availableFrom: d('2024-03-01') },
      },
    ],
    ['2024-03-01', null],
    ['2024-05-31', null],
    [
      '2024-06-03',
      {
        code: 'ROUTE_DATE_AFTER_AVAILABILITY',
        params: { ...cities, availableUntil: d('2024-05-31') },
      },
    ],
    [
      '2024-03-02',
      {
        code: 'ROUTE_DATE_DAY_NOT_OPERATED',
        params: { ...cities, isoWeekday: 6, dayName: 'saturday' },
      },
    ],
    [
      '2024-03-31',
      {
        code: 'ROUTE_DATE_DAY_NOT_OPERATED',
        params: { ...cities, isoWeekday: 7, dayName: 'sunday' },
      },
    ],
  ])('%s', (date, expected) => {
    expect(validateRouteDate(route, cities, d(date))).toEqual(expected);
  });

  it('with open ends only checks the weekday', () => {
    const open: RouteSchedule = { dow: DayBit.thursday, availableFrom: null };
    expect(validateRouteDate(open, cities, d('1900-01-04'))).toBeNull();
    expect(validateRouteDate(open, cities, d('2024-02-29'))).toBeNull();
    expect(validateRouteDate(open, cities, d('2100-03-01'))?.code).toBe(
      'ROUTE_DATE_DAY_NOT_OPERATED',
    );
  });

  it('reports every day of a dow 0 route as not operated', () => {
    fc.assert(
      fc.property(ymdArb(), (date) => {
        expect(validateRouteDate({ dow: 0 }, cities, date)?.code).toBe(
          'ROUTE_DATE_DAY_NOT_OPERATED',
        );
      }),
    );
  });

  it('returns null exactly for valid route days, with codes from the closed union', () => {
    fc.assert(
      fc.property(routeArb(), ymdArb(d('2023-06-01'), d('2025-06-30')), (schedule, date) => {
        const error = validateRouteDate(schedule, cities, date);
        expect(error === null).toBe(isValidRouteDay(schedule, date));
        if (error) {
          expect(isDomainErrorCode(error.code)).toBe(true);
          expect(error.params).toMatchObject(cities);
        }
      }),
    );
  });
});

describe('routeDateRange', () => {
  it.each([
    ['2024-01-10', { min: '2024-03-01', max: '2024-05-31' }],
    ['2024-04-15', { min: '2024-04-15', max: '2024-05-31' }],
    ['2024-05-31', { min: '2024-05-31', max: '2024-05-31' }],
    ['2024-06-01', null],
  ])('for today %s', (today, expected) => {
    expect(routeDateRange(route, d(today))).toEqual(expected);
  });

  it.each([
    ['2024-06-15', { min: '2024-06-15', max: '2025-06-15' }],
    ['2024-02-29', { min: '2024-02-29', max: '2025-02-28' }],
    ['2023-12-31', { min: '2023-12-31', max: '2024-12-31' }],
  ])('without an end stops one year after today %s', (today, expected) => {
    expect(routeDateRange({ dow: 127 }, d(today))).toEqual(expected);
  });

  it('takes the route end when it comes before one year ahead, else the year', () => {
    const long: RouteSchedule = { dow: 127, availableUntil: d('2030-01-01') };
    expect(routeDateRange(long, d('2024-01-10'))?.max).toBe('2025-01-10');
    const short: RouteSchedule = { dow: 127, availableUntil: d('2024-08-01') };
    expect(routeDateRange(short, d('2024-01-10'))?.max).toBe('2024-08-01');
  });

  it('is empty when the route starts more than a year ahead or has dow 0', () => {
    expect(routeDateRange({ dow: 127, availableFrom: d('2025-06-16') }, d('2024-06-15'))).toBe(
      null,
    );
    expect(routeDateRange({ dow: 127, availableFrom: d('2025-06-15') }, d('2024-06-15'))).toEqual({
      min: '2025-06-15',
      max: '2025-06-15',
    });
    expect(routeDateRange({ dow: 0 }, d('2024-06-15'))).toBeNull();
  });

  it('always lies within today … today + 1 year and within the availability window', () => {
    fc.assert(
      fc.property(routeArb(), ymdArb(d('2023-06-01'), d('2025-06-30')), (schedule, today) => {
        const range = routeDateRange(schedule, today);
        if (range === null) return;
        expect(range.min <= range.max).toBe(true);
        expect(range.min >= today).toBe(true);
        expect(range.max <= addYears(today, 1)).toBe(true);
        if (schedule.availableFrom) expect(range.min >= schedule.availableFrom).toBe(true);
        if (schedule.availableUntil) expect(range.max <= schedule.availableUntil).toBe(true);
      }),
    );
  });

  it('isInRouteDateRange follows the range', () => {
    expect(isInRouteDateRange(route, d('2024-04-15'), d('2024-04-14'))).toBe(false);
    expect(isInRouteDateRange(route, d('2024-04-15'), d('2024-04-15'))).toBe(true);
    expect(isInRouteDateRange(route, d('2024-04-15'), d('2024-05-31'))).toBe(true);
    expect(isInRouteDateRange(route, d('2024-04-15'), d('2024-06-01'))).toBe(false);
    expect(isInRouteDateRange(route, d('2024-07-01'), d('2024-07-01'))).toBe(false);
  });
});

function routeArb(): fc.Arbitrary<RouteSchedule> {
  const dateArb = ymdArb(d('2023-06-01'), d('2025-06-30'));
  return fc.record({
    dow: fc.integer({ min: 0, max: 127 }),
    availableFrom: fc.option(dateArb, { nil: null }),
    availableUntil: fc.option(dateArb, { nil: null }),
  });
}
