import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingBaseTotal, extraPrice, priceDecision } from './booking-price.ts';

describe('bookingBaseTotal', () => {
  it.each([
    ['one adult, one leg', [10_000], { adults: 1, children: 0, infants: 0 }, [], 10_000],
    [
      'two legs, adult and child',
      [10_000, 8_000],
      { adults: 1, children: 1, infants: 0 },
      [],
      36_000,
    ],
    ['infants pay nothing', [10_000], { adults: 2, children: 0, infants: 2 }, [], 20_000],
    [
      'extras are added',
      [10_000],
      { adults: 1, children: 0, infants: 0 },
      [{ unitPrice: 3_500, quantity: 2 }],
      17_000,
    ],
  ])('%s', (_, fares, passengers, extras, total) => {
    expect(
      bookingBaseTotal(
        fares.map((fare) => ({ fare })),
        passengers,
        extras,
      ),
    ).toBe(total);
  });

  it('grows with every seated passenger and never with infants', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 9 }),
        (fares, adults, children, infants) => {
          const legs = fares.map((fare) => ({ fare }));
          const total = bookingBaseTotal(legs, { adults, children, infants }, []);
          const sum = fares.reduce((a, b) => a + b, 0);
          expect(total).toBe(sum * (adults + children));
          expect(bookingBaseTotal(legs, { adults, children, infants: 0 }, [])).toBe(total);
          expect(Number.isSafeInteger(total)).toBe(true);
        },
      ),
    );
  });

  it('extra price is unit times quantity', () => {
    expect(extraPrice({ unitPrice: 4_500, quantity: 3 })).toBe(13_500);
  });
});

describe('priceDecision', () => {
  const charge = { amount: 12_000, currency: 'EUR' };
  it.each([
    ['price fell', 9_000, 10_000, undefined, 'proceed'],
    ['price unchanged', 10_000, 10_000, undefined, 'proceed'],
    ['price rose, nothing accepted', 11_000, 10_000, undefined, 'increased'],
    [
      'price rose, new total accepted',
      11_000,
      10_000,
      { amount: 12_000, currency: 'EUR' },
      'proceed',
    ],
    ['price rose, more accepted', 11_000, 10_000, { amount: 15_000, currency: 'EUR' }, 'proceed'],
    ['price rose, less accepted', 11_000, 10_000, { amount: 11_999, currency: 'EUR' }, 'increased'],
    [
      'price rose, other currency accepted',
      11_000,
      10_000,
      { amount: 99_999, currency: 'USD' },
      'increased',
    ],
  ] as const)('%s', (_, currentBase, quotedBase, accepted, decision) => {
    expect(priceDecision({ currentBase, quotedBase, currentCharge: charge, accepted })).toBe(
      decision,
    );
  });

  it('never goes ahead above the quote without an acceptance covering the charge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
        (currentBase, quotedBase, chargeAmount, acceptedAmount) => {
          const decision = priceDecision({
            currentBase,
            quotedBase,
            currentCharge: { amount: chargeAmount, currency: 'GBP' },
            accepted:
              acceptedAmount === undefined
                ? undefined
                : { amount: acceptedAmount, currency: 'GBP' },
          });
          if (decision === 'proceed' && currentBase > quotedBase) {
            expect(acceptedAmount).toBeGreaterThanOrEqual(chargeAmount);
          }
          if (currentBase <= quotedBase) expect(decision).toBe('proceed');
        },
      ),
    );
  });
});
