import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { LANGUAGES } from '../locale/languages.ts';
import {
  CURRENCY_CODES,
  CURRENCY_EXPONENTS,
  DEFAULT_CURRENCY,
  chargeCurrency,
  convertAmount,
  convertMoney,
  currencyExponent,
  decimalToMinorUnits,
  isCurrencyCode,
  minorUnitsToDecimal,
  type CurrencyCode,
} from './currency.ts';

const usd = { code: 'USD', rate: 1 };

function codeOf(thrower: () => unknown): string | undefined {
  try {
    thrower();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
  return undefined;
}

describe('currency table', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['GBP', 2],
    ['VND', 0],
    ['KRW', 0],
    ['JPY', 0],
    ['HUF', 2],
    ['IDR', 2],
  ])('%s has %i decimals', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it('covers every default currency of the language entries', () => {
    for (const language of LANGUAGES) expect(isCurrencyCode(language.defaultCurrency)).toBe(true);
    expect(CURRENCY_CODES).toHaveLength(21);
  });

  it.each(['XYZ', 'usd', '', 'toString', '__proto__'])('%j is unknown', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
    expect(codeOf(() => currencyExponent(code))).toBe('CURRENCY_UNKNOWN');
  });

  it('defaults to the US dollar at rate 1', () => {
    expect(DEFAULT_CURRENCY).toEqual({ code: 'USD', name: 'US Dollar', symbol: '$', rate: 1 });
  });
});

describe('chargeCurrency', () => {
  it.each([
    ['USD', 'USD'],
    ['EUR', 'EUR'],
    ['GBP', 'GBP'],
    ['RUB', 'USD'],
    ['VND', 'USD'],
    ['KRW', 'USD'],
    ['eur', 'USD'],
    ['', 'USD'],
  ])('selected %j is charged in %s', (selected, charged) => {
    expect(chargeCurrency(selected)).toBe(charged);
  });
});

describe('convertAmount', () => {
  it.each<[number, string, number | string, string, number | string, number]>([
    [1000, 'USD', 1, 'VND', 25000, 250000],
    [250000, 'VND', 25000, 'USD', 1, 1000],
    [12345, 'KRW', 1350, 'USD', 1, 914],
    [10000, 'USD', 1, 'EUR', 0.92, 9200],
    [1, 'USD', 1, 'EUR', 0.92, 1],
    [1000, 'USD', 1, 'JPY', 150, 1500],
    [1000000, 'VND', 25000, 'KRW', 1350, 54000],
    [10000, 'GBP', 0.79, 'EUR', 0.92, 11646],
    [0, 'USD', 1, 'EUR', 0.92, 0],
    // exact decimals: 100 × 1.005 is 100.5 (binary floating point gives 100.4999…)
    [100, 'USD', 1, 'EUR', 1.005, 101],
    [100, 'USD', 1, 'EUR', '1.005', 101],
    [100, 'USD', '1', 'EUR', '1005e-3', 101],
    // half away from zero
    [1, 'USD', 1, 'EUR', '0.5', 1],
    [3, 'USD', 1, 'EUR', '0.5', 2],
    [-1, 'USD', 1, 'EUR', '0.5', -1],
    [-3, 'USD', 1, 'EUR', '0.5', -2],
    [1, 'USD', 1, 'EUR', '0.49', 0],
    [-1, 'USD', 1, 'EUR', '0.49', 0],
    [149, 'USD', 1, 'VND', '1', 1],
    [150, 'USD', 1, 'VND', '1', 2],
    [-150, 'USD', 1, 'VND', '1', -2],
  ])('%i %s (rate %s) → %s (rate %s) = %i', (amount, from, fromRate, to, toRate, expected) => {
    expect(convertAmount(amount, { code: from, rate: fromRate }, { code: to, rate: toRate })).toBe(
      expected,
    );
  });

  it('returns the amount unchanged for the same currency', () => {
    expect(convertAmount(12345, { code: 'EUR', rate: 0.92 }, { code: 'EUR', rate: 0.5 })).toBe(
      12345,
    );
  });

  it.each<[string, () => unknown]>([
    ['CURRENCY_UNKNOWN', () => convertAmount(100, usd, { code: 'XYZ', rate: 1 })],
    ['CURRENCY_UNKNOWN', () => convertAmount(100, { code: 'XYZ', rate: 1 }, usd)],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: 0 })],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: -0.92 })],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: Number.NaN })],
    [
      'CURRENCY_RATE_INVALID',
      () => convertAmount(100, usd, { code: 'EUR', rate: Number.POSITIVE_INFINITY }),
    ],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: '' })],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: 'abc' })],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: '0.00' })],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: '-1' })],
    ['CURRENCY_RATE_INVALID', () => convertAmount(100, usd, { code: 'EUR', rate: '1e999' })],
    ['AMOUNT_INVALID', () => convertAmount(1.5, usd, { code: 'EUR', rate: 1 })],
    ['AMOUNT_INVALID', () => convertAmount(Number.NaN, usd, { code: 'EUR', rate: 1 })],
    [
      'AMOUNT_INVALID',
      () => convertAmount(Number.MAX_SAFE_INTEGER, usd, { code: 'VND', rate: 25000 }),
    ],
  ])('throws %s', (code, call) => {
    expect(codeOf(call)).toBe(code);
  });

  it('is the identity for the same currency', () => {
    fc.assert(
      fc.property(amountArb(), codeArb(), rateArb(), (amount, code, rate) => {
        expect(convertAmount(amount, { code, rate }, { code, rate })).toBe(amount);
      }),
    );
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(
        amountArb(),
        amountArb(),
        codeArb(),
        rateArb(),
        codeArb(),
        rateArb(),
        (a, b, from, fromRate, to, toRate) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const convert = (x: number) =>
            convertAmount(x, { code: from, rate: fromRate }, { code: to, rate: toRate });
          expect(convert(low)).toBeLessThanOrEqual(convert(high));
        },
      ),
    );
  });

  it('is symmetric around zero and within half a minor unit of the exact value', () => {
    fc.assert(
      fc.property(
        amountArb(),
        codeArb(),
        rateArb(),
        codeArb(),
        rateArb(),
        (x, from, fr, to, tr) => {
          const source = { code: from, rate: fr };
          const target = { code: to, rate: tr };
          const result = convertAmount(x, source, target);
          expect(convertAmount(-x, source, target)).toBe(-result || 0);
          const exact =
            from === to
              ? x
              : (x * tr * 10 ** CURRENCY_EXPONENTS[to]) / (fr * 10 ** CURRENCY_EXPONENTS[from]);
          expect(Math.abs(result - exact)).toBeLessThanOrEqual(0.5 + Math.abs(exact) * 1e-12);
        },
      ),
    );
  });
});

describe('convertMoney', () => {
  const rates = { USD: 1, EUR: 0.92, VND: '25000' };

  it.each([
    [{ amount: 1000, currency: 'USD' }, 'EUR', { amount: 920, currency: 'EUR' }],
    [{ amount: 920, currency: 'EUR' }, 'USD', { amount: 1000, currency: 'USD' }],
    [{ amount: 1000, currency: 'USD' }, 'VND', { amount: 250000, currency: 'VND' }],
    [{ amount: 777, currency: 'GBP' }, 'GBP', { amount: 777, currency: 'GBP' }],
  ])('%j → %s = %j', (money, to, expected) => {
    expect(convertMoney(money, to, rates)).toEqual(expected);
  });

  it.each([
    [{ amount: 100, currency: 'GBP' }, 'USD'],
    [{ amount: 100, currency: 'USD' }, 'KRW'],
    [{ amount: 100, currency: 'USD' }, 'constructor'],
  ])('throws CURRENCY_RATE_INVALID without a rate: %j → %s', (money, to) => {
    expect(codeOf(() => convertMoney(money, to, rates))).toMatch(/^CURRENCY_/);
  });
});

describe('decimal text', () => {
  it.each([
    [1234, 'USD', '12.34'],
    [5, 'EUR', '0.05'],
    [-5, 'EUR', '-0.05'],
    [0, 'USD', '0.00'],
    [100, 'GBP', '1.00'],
    [250000, 'VND', '250000'],
    [-7, 'KRW', '-7'],
  ])('%i %s ⇄ %s', (amount, currency, text) => {
    expect(minorUnitsToDecimal(amount, currency)).toBe(text);
    expect(decimalToMinorUnits(text, currency)).toBe(amount);
  });

  it.each([
    ['12.3', 'USD', 1230],
    ['12', 'USD', 1200],
    ['-0', 'USD', 0],
    ['007', 'VND', 7],
  ])('reads %j %s as %i', (text, currency, amount) => {
    expect(decimalToMinorUnits(text, currency)).toBe(amount);
  });

  it.each([
    ['12.345', 'USD'],
    ['1.5', 'VND'],
    ['', 'USD'],
    ['1,50', 'EUR'],
    ['.5', 'USD'],
    ['1.', 'USD'],
    ['1e3', 'USD'],
    ['+1', 'USD'],
    ['99999999999999999999', 'USD'],
  ])('rejects %j %s', (text, currency) => {
    expect(decimalToMinorUnits(text, currency)).toBeNull();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(amountArb(), codeArb(), (amount, currency) => {
        expect(decimalToMinorUnits(minorUnitsToDecimal(amount, currency), currency)).toBe(amount);
      }),
    );
  });
});

function amountArb(): fc.Arbitrary<number> {
  return fc.integer({ min: -1e6, max: 1e6 });
}

function codeArb(): fc.Arbitrary<CurrencyCode> {
  return fc.constantFrom(...CURRENCY_CODES);
}

function rateArb(): fc.Arbitrary<number> {
  return fc.double({ min: 0.001, max: 10000, noNaN: true });
}
