/**
 * Money and currency conversion (SPEC §9, DESIGN §4, §6). Amounts are integers in minor units
 * with a currency code. A rate says how many units of a currency one US dollar buys (USD = 1), so
 * converting is amount × target rate / source rate, done on the major units each currency's
 * ISO 4217 exponent implies. The arithmetic is exact (rates are read as the decimals they are
 * written as, not as binary fractions) and the result is rounded once, half away from zero, to
 * whole minor units of the target currency: 0.5 → 1, −0.5 → −1, 0.49 → 0. Half away from zero
 * is the rounding travellers expect on a single price; banker's rounding only pays off when many
 * rounded amounts are summed, which conversion never does.
 *
 * Charge currency: the selected currency when it is USD, EUR or GBP, otherwise USD.
 */
import { DomainError } from '../errors.ts';

/**
 * ISO 4217 minor-unit exponents of the currencies the product uses (language defaults and the
 * currency picker).
 */
export const CURRENCY_EXPONENTS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  RUB: 2,
  BGN: 2,
  VND: 0,
  RON: 2,
  INR: 2,
  KRW: 0,
  DKK: 2,
  CHF: 2,
  JPY: 0,
  CNY: 2,
  TRY: 2,
  THB: 2,
  BRL: 2,
  PLN: 2,
  HUF: 2,
  ILS: 2,
  IDR: 2,
  PHP: 2,
} as const;

export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS;

export const CURRENCY_CODES = Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[];

export const DEFAULT_CURRENCY_CODE = 'USD' satisfies CurrencyCode;

/** The default currency entry of SPEC §3. */
export const DEFAULT_CURRENCY = {
  code: DEFAULT_CURRENCY_CODE,
  name: 'US Dollar',
  symbol: '$',
  rate: 1,
} as const;

/** Currencies a booking can be charged in. */
export const CHARGE_CURRENCIES = ['USD', 'EUR', 'GBP'] as const satisfies readonly CurrencyCode[];

export type ChargeCurrency = (typeof CHARGE_CURRENCIES)[number];

export interface Money {
  /** Integer, minor units. */
  readonly amount: number;
  readonly currency: string;
}

/** A currency with its rate: units of the currency per US dollar, as a number or decimal text. */
export interface CurrencyRate {
  readonly code: string;
  readonly rate: number | string;
}

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCY_EXPONENTS, code);
}

/** Minor-unit exponent (2 for cents, 0 for VND, KRW, JPY); throws CURRENCY_UNKNOWN otherwise. */
export function currencyExponent(code: string): number {
  if (!isCurrencyCode(code)) throw new DomainError('CURRENCY_UNKNOWN', `Unknown currency ${code}`);
  return CURRENCY_EXPONENTS[code];
}

/** The selected currency when a booking can be charged in it, otherwise USD. */
export function chargeCurrency(selected: string): ChargeCurrency {
  return (CHARGE_CURRENCIES as readonly string[]).includes(selected)
    ? (selected as ChargeCurrency)
    : 'USD';
}

interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** A positive decimal rate as an exact fraction; null when it is not a positive finite decimal. */
function rateFraction(rate: number | string): Fraction | null {
  if (typeof rate === 'number' && !(Number.isFinite(rate) && rate > 0)) return null;
  const match = DECIMAL_PATTERN.exec(String(rate));
  if (!match) return null;
  const [, whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
  const digits = BigInt(whole + fraction);
  if (digits === 0n) return null;
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

function requireRate(currency: CurrencyRate): Fraction {
  const fraction = rateFraction(currency.rate);
  if (fraction === null) {
    throw new DomainError(
      'CURRENCY_RATE_INVALID',
      `Rate of ${currency.code} must be a positive decimal, got ${String(currency.rate)}`,
    );
  }
  return fraction;
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

function requireAmount(amount: number): void {
  if (!Number.isSafeInteger(amount)) {
    throw new DomainError(
      'AMOUNT_INVALID',
      `Amount must be an integer of minor units, got ${amount}`,
    );
  }
}

/**
 * Converts an amount in minor units of `from` to minor units of `to`, rounded once. The same
 * currency converts to itself whatever rates are passed. Throws a DomainError for an unknown
 * currency, a rate that is not a positive decimal, an amount that is not a safe integer, or a
 * result too large to be one.
 */
export function convertAmount(amount: number, from: CurrencyRate, to: CurrencyRate): number {
  requireAmount(amount);
  const fromExponent = currencyExponent(from.code);
  const toExponent = currencyExponent(to.code);
  // `|| 0` turns a negative zero into zero: money has no sign of nothing.
  if (from.code === to.code) return amount || 0;
  const fromRate = requireRate(from);
  const toRate = requireRate(to);
  const numerator =
    BigInt(amount) * toRate.numerator * fromRate.denominator * 10n ** BigInt(toExponent);
  const denominator = toRate.denominator * fromRate.numerator * 10n ** BigInt(fromExponent);
  const result = Number(divideRounded(numerator, denominator));
  requireAmount(result);
  return result;
}

/** Rates by currency code, units per US dollar. */
export type RateTable = Readonly<Record<string, number | string>>;

/**
 * Converts money to another currency with a rate table. Throws CURRENCY_RATE_INVALID when a rate
 * the conversion needs is missing, and as {@link convertAmount} otherwise.
 */
export function convertMoney(money: Money, to: string, rates: RateTable): Money {
  const same = money.currency === to;
  const rateOf = (code: string): number | string => {
    const rate = same ? 1 : Object.hasOwn(rates, code) ? rates[code] : undefined;
    if (rate === undefined) throw new DomainError('CURRENCY_RATE_INVALID', `No rate for ${code}`);
    return rate;
  };
  const amount = convertAmount(
    money.amount,
    { code: money.currency, rate: rateOf(money.currency) },
    { code: to, rate: rateOf(to) },
  );
  return { amount, currency: to };
}

/** Minor units as exact decimal text in major units: 1234 USD → '12.34', -5 EUR → '-0.05'. */
export function minorUnitsToDecimal(amount: number, currency: string): string {
  requireAmount(amount);
  const exponent = currencyExponent(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * Decimal text in major units as minor units: '12.34' USD → 1234, '12.3' → 1230, '12' → 1200.
 * Null for malformed text or more decimals than the currency has ('12.345' USD, '1.5' VND).
 */
export function decimalToMinorUnits(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const amount = Number(`${sign}${whole}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(amount) ? (Object.is(amount, -0) ? 0 : amount) : null;
}
