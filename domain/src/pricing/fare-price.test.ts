import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classBasePriceMinor,
  demandMultiplier,
  farePriceMinor,
  flightLoadFactor,
  MAX_SALE_PERCENT,
  MIN_FARE_MINOR,
  salePercentOn,
} from './fare-price.ts';

const base = fc.integer({ min: 1, max: 5_000_000 });
const load = fc.double({ min: 0, max: 1, noNaN: true });
const days = fc.integer({ min: 0, max: 400 });
const sale = fc.integer({ min: 0, max: MAX_SALE_PERCENT });

/**
 * Checks `compare` on the prices of two fares alike but for `input`, drawn twice from `values`:
 * the price at the smaller value first, then at the larger.
 */
function forTwoValuesOf(
  input: 'loadFactor' | 'daysToDeparture' | 'salePercent',
  values: fc.Arbitrary<number>,
  compare: (atSmaller: number, atLarger: number) => void,
): void {
  fc.assert(
    fc.property(
      base,
      load,
      days,
      sale,
      values,
      values,
      (basePriceMinor, loadFactor, daysToDeparture, salePercent, a, b) => {
        const fare = { basePriceMinor, loadFactor, daysToDeparture, salePercent };
        const price = (value: number) => farePriceMinor({ ...fare, [input]: value });
        compare(price(Math.min(a, b)), price(Math.max(a, b)));
      },
    ),
  );
}

describe('farePriceMinor', () => {
  it('is whole dollars in cents, never below one dollar', () => {
    fc.assert(
      fc.property(base, load, days, sale, (basePriceMinor, loadFactor, d, salePercent) => {
        const price = farePriceMinor({
          basePriceMinor,
          loadFactor,
          daysToDeparture: d,
          salePercent,
        });
        expect(price % 100).toBe(0);
        expect(price).toBeGreaterThanOrEqual(MIN_FARE_MINOR);
      }),
    );
  });

  it('never falls as more seats are sold', () => {
    forTwoValuesOf('loadFactor', load, (less, more) => {
      expect(more).toBeGreaterThanOrEqual(less);
    });
  });

  it('never falls as departure nears', () => {
    forTwoValuesOf('daysToDeparture', days, (near, far) => {
      expect(near).toBeGreaterThanOrEqual(far);
    });
  });

  it('never rises with a larger sale', () => {
    forTwoValuesOf('salePercent', sale, (smaller, larger) => {
      expect(larger).toBeLessThanOrEqual(smaller);
    });
  });

  it.each([
    // Half full, far out: base × 1.125.
    {
      basePriceMinor: 12_000,
      loadFactor: 0.5,
      daysToDeparture: 100,
      salePercent: 0,
      price: 13_500,
    },
    // The same with 20 % off: 10 800 cents, whole dollars.
    {
      basePriceMinor: 12_000,
      loadFactor: 0.5,
      daysToDeparture: 100,
      salePercent: 20,
      price: 10_800,
    },
    // Full on the day: base × 1.5 × 1.5.
    { basePriceMinor: 10_000, loadFactor: 1, daysToDeparture: 0, salePercent: 0, price: 22_500 },
    // Empty, a year out: the base, rounded to the dollar.
    { basePriceMinor: 9_049, loadFactor: 0, daysToDeparture: 365, salePercent: 0, price: 9_000 },
    // Never below a dollar, even at 90 % off.
    { basePriceMinor: 120, loadFactor: 0, daysToDeparture: 300, salePercent: 90, price: 100 },
  ])(
    'prices $basePriceMinor at load $loadFactor, $daysToDeparture days, $salePercent % off as $price',
    (input) => {
      expect(farePriceMinor(input)).toBe(input.price);
    },
  );

  it('reads no sale as none', () => {
    const input = { basePriceMinor: 15_500, loadFactor: 0.3, daysToDeparture: 20 };
    expect(farePriceMinor(input)).toBe(farePriceMinor({ ...input, salePercent: 0 }));
  });
});

describe('demandMultiplier', () => {
  it('goes from 1 (empty, six weeks out or more) to 2.25 (full, on the day)', () => {
    expect(demandMultiplier(0, 45)).toBe(1);
    expect(demandMultiplier(0, 300)).toBe(1);
    expect(demandMultiplier(1, 0)).toBeCloseTo(2.25, 10);
    // Out of range inputs are clamped.
    expect(demandMultiplier(-1, -5)).toBe(demandMultiplier(0, 0));
    expect(demandMultiplier(2, 10)).toBe(demandMultiplier(1, 10));
  });
});

describe('flightLoadFactor', () => {
  it('is the share of all classes’ seats sold', () => {
    expect(
      flightLoadFactor([
        { seatsTotal: 60, seatsLeft: 0 },
        { seatsTotal: 30, seatsLeft: 30 },
        { seatsTotal: 10, seatsLeft: 5 },
      ]),
    ).toBeCloseTo(0.65, 10);
    expect(flightLoadFactor([])).toBe(0);
    expect(flightLoadFactor([{ seatsTotal: 0, seatsLeft: 0 }])).toBe(0);
  });
});

describe('classBasePriceMinor', () => {
  it('is the fare times the multiplier in whole cents', () => {
    expect(classBasePriceMinor(9_001, 1.3)).toBe(11_701);
    expect(classBasePriceMinor(10_000, 1)).toBe(10_000);
  });
});

describe('salePercentOn', () => {
  const sales = [
    { from: '2026-12-01', until: '2026-12-10', percent: 10 },
    { from: '2026-12-05', until: '2026-12-20', percent: 25 },
  ];

  it('takes the largest sale covering the day, both ends included', () => {
    expect(salePercentOn(sales, '2026-12-01')).toBe(10);
    expect(salePercentOn(sales, '2026-12-05')).toBe(25);
    expect(salePercentOn(sales, '2026-12-10')).toBe(25);
    expect(salePercentOn(sales, '2026-12-20')).toBe(25);
  });

  it('is 0 outside every sale', () => {
    expect(salePercentOn(sales, '2026-11-30')).toBe(0);
    expect(salePercentOn(sales, '2026-12-21')).toBe(0);
    expect(salePercentOn([], '2026-12-05')).toBe(0);
  });
});
