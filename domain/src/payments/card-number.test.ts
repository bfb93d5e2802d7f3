import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDigits,
  isCardExpired,
  isCardNumber,
  isSecurityCode,
  passesLuhn,
} from './card-number.ts';
import { predicateCases } from '../testing/predicate-cases.ts';

/** Appends the Luhn check digit to a number without one. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('unreachable');
}

describe('passesLuhn', () => {
  it.each(
    predicateCases(
      ['4242424242424242', '4000002760003184', '378282246310005'],
      ['4242424242424241', '', '4242-4242'],
    ),
  )('%j → %j', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });

  it('exactly one check digit fits, and changing any one digit breaks it', () => {
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
});

describe('isCardNumber', () => {
  it.each(
    predicateCases(
      ['4242 4242 4242 4242', '4000-0027-6000-3184'],
      ['4242 4242 4242 4241', '4242 4242 42', '4242 4242 4242 4242 4242', ''],
    ),
  )('%j → %j', (typed, expected) => {
    expect(isCardNumber(typed)).toBe(expected);
  });

  it('drops spaces and dashes only', () => {
    expect(cardDigits(' 4242-4242 4242 4242 ')).toBe('4242424242424242');
  });
});

describe('cardBrand', () => {
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
  ])('%s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});

describe('isCardExpired', () => {
  const today = { month: 11, year: 2026 };
  it.each([
    [{ month: 11, year: 2026 }, false],
    [{ month: 10, year: 2026 }, true],
    [{ month: 1, year: 2027 }, false],
    [{ month: 12, year: 2025 }, true],
  ])('%j in November 2026 → %j', (expiry, expected) => {
    expect(isCardExpired(expiry, today)).toBe(expected);
  });
});

describe('isSecurityCode', () => {
  it.each([
    ['123', '4242424242424242', true],
    ['1234', '4242424242424242', false],
    ['1234', '378282246310005', true],
    ['123', '378282246310005', false],
    ['12a', '4242424242424242', false],
  ])('%j for %s → %j', (code, number, expected) => {
    expect(isSecurityCode(code, number)).toBe(expected);
  });
});
