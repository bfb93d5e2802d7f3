import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandOf, passesLuhn, TEST_CARDS, validateCard } from './sandbox-gateway.cards.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');

/** Appends the Luhn check digit to a number without one. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('unreachable');
}

describe('sandbox card rules', () => {
  it('every test card is a valid number with a distinct scenario', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number), number).toBe(true);
    expect(new Set(Object.values(TEST_CARDS)).size).toBe(Object.keys(TEST_CARDS).length);
  });

  it('Luhn: exactly one check digit fits; changing any one digit breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12,18}$/), fc.nat(), (body, position) => {
        const number = withCheckDigit(body);
        const fits = [...'0123456789'].filter((digit) => passesLuhn(`${body}${digit}`));
        expect(fits).toHaveLength(1);
        const index = position % number.length;
        const changed = `${number.slice(0, index)}${(Number(number[index]) + 1) % 10}${number.slice(index + 1)}`;
        expect(passesLuhn(changed)).toBe(false);
      }),
    );
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6200000000000005', 'unionpay'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['36227206271667', 'diners'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(brandOf(number)).toBe(brand);
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
