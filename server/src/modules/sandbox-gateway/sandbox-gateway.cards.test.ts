import { describe, expect, it } from 'vitest';
import { passesLuhn } from '@uniquair/domain/payments/card-number';
import { TEST_CARDS, validateCard } from './sandbox-gateway.cards.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');

describe('sandbox card rules', () => {
  it('every test card is a valid number with a distinct scenario', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number), number).toBe(true);
    expect(new Set(Object.values(TEST_CARDS)).size).toBe(Object.keys(TEST_CARDS).length);
  });

  it('keeps only holder, brand, last four, expiry and scenario', () => {
    const result = validateCard(
      {
        holder: '  Ada   Lovelace ',
        number: '4000-0000-0000-9995',
        expMonth: '03',
        expYear: '29',
        cvc: '123',
      },
      NOW,
    );
    expect(result).toEqual({
      card: {
        holder: 'Ada Lovelace',
        brand: 'visa',
        last4: '9995',
        expMonth: 3,
        expYear: 2029,
        scenario: 'insufficient_funds',
      },
    });
  });

  it('asks Amex for a 4-digit code and others for 3', () => {
    const amex = { holder: 'A', number: '378282246310005', expMonth: 1, expYear: 2030 };
    expect(validateCard({ ...amex, cvc: '1234' }, NOW)).toHaveProperty('card');
    expect(validateCard({ ...amex, cvc: '123' }, NOW)).toEqual({
      errors: { cvc: ['The security code has 4 digits'] },
    });
  });

  it('a card is valid to the end of its expiry month', () => {
    const card = { holder: 'A', number: '4242424242424242', cvc: '123' };
    expect(validateCard({ ...card, expMonth: 11, expYear: 2026 }, NOW)).toHaveProperty('card');
    expect(validateCard({ ...card, expMonth: 10, expYear: 2026 }, NOW)).toEqual({
      errors: { expYear: ['The card has expired'] },
    });
    expect(validateCard({ ...card, expMonth: 1, expYear: 2057 }, NOW)).toEqual({
      errors: { expYear: ['Enter the expiry year'] },
    });
  });
});
