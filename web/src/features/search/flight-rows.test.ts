import { DEFAULT_FILTERS } from '@uniquair/domain/search/filters';
import { describe, expect, it } from 'vitest';
import {
  dayOffset,
  flightRows,
  minuteOfDay,
  rowBounds,
  tripRowBounds,
  visibleRows,
} from './flight-rows.ts';
import { makeFlight } from '../../testing/search-fixtures.ts';

const flights = [
  makeFlight({ id: 'a', departs: '07:05', minutes: 185, prices: [12_300, 15_900] }),
  makeFlight({ id: 'b', departs: '21:40', minutes: 300, stops: 1, prices: [9_900] }),
  makeFlight({ id: 'c', departs: '13:15', minutes: 170, prices: [20_000] }),
];

describe('flightRows', () => {
  it('reads the cheapest fare, converted, and local departure and arrival minutes', () => {
    const rows = flightRows(flights, (amount) => amount * 2);
    expect(
      rows.map((row) => [row.flight.id, row.price, row.departureMinute, row.arrivalMinute]),
    ).toEqual([
      ['a', 24_600, 425, 610],
      ['b', 19_800, 1300, 160],
      ['c', 40_000, 795, 965],
    ]);
    expect(rows.map((row) => row.arrivalDayOffset)).toEqual([0, 1, 0]);
    expect(rows[0]?.cheapest.letter).toBe('Q');
  });

  it('leaves out a flight without a fare', () => {
    const [first] = flights;
    if (!first) throw new Error('fixture');
    expect(flightRows([{ ...first, fareClasses: [] }], (x) => x)).toEqual([]);
  });
});

describe('visibleRows', () => {
  const rows = flightRows(flights, (amount) => amount);

  it('sorts by the chosen order', () => {
    expect(visibleRows(rows, DEFAULT_FILTERS, 0, 'cheapest').map((row) => row.flight.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(visibleRows(rows, DEFAULT_FILTERS, 0, 'fastest').map((row) => row.flight.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('applies the filters of the leg only', () => {
    const filters = { ...DEFAULT_FILTERS, maxStops: 0, departure: { 0: { from: 6, to: 12 } } };
    expect(visibleRows(rows, filters, 0, 'best').map((row) => row.flight.id)).toEqual(['a']);
    expect(visibleRows(rows, { ...filters, maxStops: null }, 1, 'best')).toHaveLength(3);
  });
});

describe('helpers', () => {
  it('reads minutes and day offsets of local times', () => {
    expect(minuteOfDay('2026-12-01T23:59')).toBe(1439);
    expect(minuteOfDay('garbage')).toBe(0);
    expect(dayOffset('2026-12-31T22:00', '2027-01-01T06:00')).toBe(1);
    expect(dayOffset('2026-12-01T10:00', '2026-11-30T22:00')).toBe(-1);
  });

  it('gives the bounds of the price and duration filters', () => {
    expect(rowBounds(flightRows(flights, (x) => x))).toEqual({
      price: [9_900, 20_000],
      duration: [170, 300],
      maxStops: 1,
    });
    expect(rowBounds([])).toEqual({ price: null, duration: null, maxStops: 0 });
  });
});

describe('tripRowBounds', () => {
  it('combines the legs and gives the same object for the same rows', () => {
    const first = flightRows(flights, (x) => x);
    const second = flightRows([makeFlight({ id: 'z', prices: [5_000], minutes: 400 })], (x) => x);
    const bounds = tripRowBounds([first, second]);
    expect(bounds).toEqual({ price: [5_000, 20_000], duration: [170, 400], maxStops: 1 });
    expect(tripRowBounds([first, second])).toBe(bounds);
    expect(tripRowBounds([first])).not.toBe(bounds);
  });
});
