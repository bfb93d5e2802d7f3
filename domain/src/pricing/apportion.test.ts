import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.ts';

describe('apportion', () => {
  it.each([
    { parts: [10_000, 5_000], total: 13_500, shares: [9_000, 4_500] },
    // 1/3 and 2/3 of 100: 33.33… and 66.66…; the larger remainder takes the unit left.
    { parts: [1, 2], total: 100, shares: [33, 67] },
    // Equal remainders: the earlier part takes the unit.
    { parts: [1, 1], total: 3, shares: [2, 1] },
    { parts: [12_345, 0], total: 56_789, shares: [56_789, 0] },
    { parts: [0, 0], total: 500, shares: [500, 0] },
    { parts: [], total: 0, shares: [] },
  ])('splits $total over $parts as $shares', ({ parts, total, shares }) => {
    expect(apportion(parts, total)).toEqual(shares);
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => apportion([1, -1], 10)).toThrow(RangeError);
    expect(() => apportion([1, 2], 10.5)).toThrow(RangeError);
  });

  it('adds up to the total, each share within one unit of its exact proportion', () => {
    const amount = fc.integer({ min: 0, max: 50_000_000 });
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 8 }), amount, (parts, total) => {
        const shares = apportion(parts, total);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        const sum = parts.reduce((a, b) => a + b, 0);
        if (sum === 0) return;
        parts.forEach((part, index) => {
          const exact = (part * total) / sum;
          expect(Math.abs((shares[index] ?? 0) - exact)).toBeLessThan(1);
        });
      }),
    );
  });
});
