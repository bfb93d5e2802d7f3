import { describe, expect, it } from 'vitest';
import { hasExpired, isCardNumber, isSecurityCode } from './card-rules.ts';

describe('card rules', () => {
  it('accepts the gateway test cards and refuses a wrong check digit or length', () => {
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('4000 0027 6000 3184')).toBe(true);
    expect(isCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isCardNumber('4242 4242 42')).toBe(false);
    expect(isCardNumber('')).toBe(false);
  });

  it('treats a card as valid until the end of its expiry month', () => {
    const today = new Date(2026, 10, 22);
    expect(hasExpired(11, 2026, today)).toBe(false);
    expect(hasExpired(10, 2026, today)).toBe(true);
    expect(hasExpired(1, 2027, today)).toBe(false);
  });

  it('wants four digits of security code for American Express, three otherwise', () => {
    expect(isSecurityCode('123', '4242424242424242')).toBe(true);
    expect(isSecurityCode('1234', '4242424242424242')).toBe(false);
    expect(isSecurityCode('1234', '378282246310005')).toBe(true);
    expect(isSecurityCode('12a', '4242424242424242')).toBe(false);
  });
});
