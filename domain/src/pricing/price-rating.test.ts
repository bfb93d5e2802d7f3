import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratePrices, ratePricesByKey } from './price-rating.ts';

describe('ratePrices', () => {
  it.each([
    [[], []],
    [[500], [1]],
    [
      [500, 500, 500],
      [1, 1, 1],
    ],
    [
      [100, 200],
      [0, 2],
    ],
    [
      [300, 100, 200],
      [2, 0, 1],
    ],
    [
      [100, 100, 300, 200, 300],
      [0, 0, 2, 1, 2],
    ],
    [
      [0, 5, 10],
      [0, 1, 2],
    ],
    [
      [-5, 0, 5],
      [0, 1, 2],
    ],
  ])('%j → %j', (prices, ratings) => {
    expect(ratePrices(prices)).toEqual(ratings);
  });

  it.each([[[1, Number.NaN]], [[Number.POSITIVE_INFINITY]], [[1, Number.NEGATIVE_INFINITY]]])(
    'throws for %j',
    (prices) => {
      expect(() => ratePrices(prices)).toThrow(RangeError);
    },
  );

  it('rates every minimum 0 and every maximum 2, others 1, unless all are equal', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1 }), (prices) => {
        const ratings = ratePrices(prices);
        expect(ratings).toHaveLength(prices.length);
        const low = Math.min(...prices);
        const high = Math.max(...prices);
        prices.forEach((price, i) => {
          const expected = low === high ? 1 : price === low ? 0 : price === high ? 2 : 1;
          expect(ratings[i]).toBe(expected);
        });
        if (low !== high) {
          expect(ratings).toContain(0);
          expect(ratings).toContain(2);
        }
      }),
    );
  });

  it('orders ratings like prices', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), (prices) => {
        const ratings = ratePrices(prices);
        prices.forEach((a, i) =>
          prices.forEach((b, j) => {
            if (a < b) expect(ratings[i] ?? 1).toBeLessThanOrEqual(ratings[j] ?? 1);
          }),
        );
      }),
    );
  });

  it('does not depend on the order of the prices', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), (prices) => {
        const reversed = [...prices].reverse();
        expect(ratePrices(reversed)).toEqual(ratePrices(prices).reverse());
      }),
    );
  });

  it('does not change when every price moves by the same amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 })),
        fc.integer({ min: -500, max: 500 }),
        (prices, shift) => {
          expect(ratePrices(prices.map((p) => p + shift))).toEqual(ratePrices(prices));
        },
      ),
    );
  });
});

describe('ratePricesByKey', () => {
  it('keeps the keys', () => {
    const prices = new Map([
      ['2024-02-28', 12000],
      ['2024-02-29', 9000],
      ['2024-03-01', 15000],
      ['2024-03-02', 12000],
    ]);
    expect([...ratePricesByKey(prices)]).toEqual([
      ['2024-02-28', 1],
      ['2024-02-29', 0],
      ['2024-03-01', 2],
      ['2024-03-02', 1],
    ]);
    expect(ratePricesByKey(new Map()).size).toBe(0);
  });
});
