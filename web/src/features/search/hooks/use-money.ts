import { convertAmount, minorUnitsToDecimal } from '@uniquair/domain/pricing/currency';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCurrency } from '../../../lib/currency.tsx';

export interface FormatOptions {
  readonly currency?: string;
  readonly whole?: boolean;
}

export interface Money {
  /** The currency prices are shown in: the visitor's choice. */
  readonly currency: string;
  /**
   * An amount in minor units of `from` as minor units of the shown currency (domain
   * `convertAmount` with the server's rates). A currency without a rate is shown as it came,
   * so `currencyOf` tells which currency the converted amount is in.
   */
  readonly convert: (amount: number, from: string) => number;
  readonly currencyOf: (from: string) => string;
  /**
   * A converted amount, e.g. '€113.57': minor units of the shown currency, or of `currency` when
   * given (see `currencyOf`). `whole` leaves out the decimals.
   */
  readonly format: (amount: number, options?: FormatOptions) => string;
  /** Short form for tight spaces (the calendar): no decimals, compact above 100,000. */
  readonly formatShort: (amount: number, options?: Pick<FormatOptions, 'currency'>) => string;
  /**
   * An amount in minor units of `from`, converted and formatted in one step: `format` of
   * `convert`, in the currency `currencyOf` names.
   */
  readonly show: (amount: number, from: string, options?: Pick<FormatOptions, 'whole'>) => string;
}

/**
 * Prices in the visitor's currency and language (SPEC §9): converted once with the currencies of
 * the init data, formatted with `Intl`.
 */
export function useMoney(): Money {
  const intl = useIntl();
  const { currency, currencies } = useCurrency();
  return useMemo(() => {
    const sourceOf = (code: string) => currencies.find((entry) => entry.code === code);
    const canConvert = (from: string) => {
      const source = sourceOf(from);
      if (!source) return false;
      try {
        convertAmount(0, source, currency);
        return true;
      } catch {
        return false;
      }
    };
    const convertible = new Map<string, boolean>();
    const currencyOf = (from: string) => {
      let ok = convertible.get(from);
      if (ok === undefined) {
        ok = from === currency.code || canConvert(from);
        convertible.set(from, ok);
      }
      return ok ? currency.code : from;
    };
    const convert = (amount: number, from: string) => {
      if (currencyOf(from) !== currency.code || from === currency.code) return amount;
      const source = sourceOf(from);
      return source ? convertAmount(amount, source, currency) : amount;
    };
    const major = (amount: number, code: string) => {
      try {
        return Number(minorUnitsToDecimal(amount, code));
      } catch {
        return amount / 100;
      }
    };
    const format = (amount: number, options?: FormatOptions) => {
      const code = options?.currency ?? currency.code;
      return intl.formatNumber(major(amount, code), {
        style: 'currency',
        currency: code,
        ...(options?.whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
      });
    };
    const formatShort = (amount: number, options?: Pick<FormatOptions, 'currency'>) => {
      const code = options?.currency ?? currency.code;
      const value = major(amount, code);
      return intl.formatNumber(value, {
        style: 'currency',
        currency: code,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
        ...(value >= 100_000 ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
      });
    };
    const show = (amount: number, from: string, options?: Pick<FormatOptions, 'whole'>) =>
      format(convert(amount, from), { ...options, currency: currencyOf(from) });
    return { currency: currency.code, convert, currencyOf, format, formatShort, show };
  }, [intl, currency, currencies]);
}
