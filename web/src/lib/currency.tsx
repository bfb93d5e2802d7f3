import type { Currency } from '@uniquair/contract/data';
import {
  convertAmount,
  DEFAULT_CURRENCY,
  minorUnitsToDecimal,
} from '@uniquair/domain/pricing/currency';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The visitor's currency (SPEC §3, §9): the list comes from the server, the choice is kept in the
 * browser so that it survives a reload even when the server could not be told. Prices are
 * converted with the server's rates (domain `convertAmount`) and formatted with `Intl` in the
 * UI language.
 */

/** Where an explicit currency choice is kept between visits. */
export const CURRENCY_STORAGE_KEY = 'uniquair.currency';

function readStoredCurrency(): string | null {
  try {
    return window.localStorage.getItem(CURRENCY_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeCurrency(code: string): void {
  try {
    window.localStorage.setItem(CURRENCY_STORAGE_KEY, code);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

/** Whether the visitor has chosen a currency themselves (else it follows the language). */
export function hasChosenCurrency(): boolean {
  return readStoredCurrency() !== null;
}

export interface CurrencyState {
  readonly currency: Currency;
  /** Every currency on offer, in picker order. */
  readonly currencies: readonly Currency[];
  /**
   * Shows prices in `code` from now on. `remember` (default true) keeps it as the visitor's own
   * choice; a currency that follows a language change is not remembered.
   */
  readonly setCurrency: (code: string, options?: { readonly remember?: boolean }) => void;
}

const CurrencyContext = createContext<CurrencyState | null>(null);

export interface CurrencyProviderProps {
  readonly currencies: readonly Currency[];
  /** The currency the server has for this visitor. */
  readonly serverCurrency: Currency;
  readonly children: ReactNode;
}

const FALLBACK: Currency = { ...DEFAULT_CURRENCY, ord: 0 };

export function CurrencyProvider({ currencies, serverCurrency, children }: CurrencyProviderProps) {
  const [code, setCode] = useState<string>(() => readStoredCurrency() ?? serverCurrency.code);
  const setCurrency = useCallback<CurrencyState['setCurrency']>((next, options) => {
    if (options?.remember !== false) storeCurrency(next);
    setCode(next);
  }, []);
  const currency =
    currencies.find((entry) => entry.code === code) ??
    currencies.find((entry) => entry.code === serverCurrency.code) ??
    serverCurrency ??
    FALLBACK;
  const state = useMemo(
    () => ({ currency, currencies, setCurrency }),
    [currency, currencies, setCurrency],
  );
  return <CurrencyContext value={state}>{children}</CurrencyContext>;
}

export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error('useCurrency must be used inside CurrencyProvider.');
  return state;
}

/**
 * A formatter for amounts in minor units of any listed currency, shown in the visitor's currency
 * and language: `format(12_345, 'USD')` → `€113.57` for a visitor who chose euros.
 */
export function useFormatPrice(): (amount: number, currencyCode: string) => string {
  const intl = useIntl();
  const { currency, currencies } = useCurrency();
  return useCallback(
    (amount, currencyCode) => {
      const source = currencies.find((entry) => entry.code === currencyCode);
      let converted = { amount, code: currencyCode };
      try {
        if (source)
          converted = { amount: convertAmount(amount, source, currency), code: currency.code };
      } catch {
        // A currency the rules do not know: show the amount as it came.
      }
      return intl.formatNumber(Number(minorUnitsToDecimal(converted.amount, converted.code)), {
        style: 'currency',
        currency: converted.code,
      });
    },
    [intl, currency, currencies],
  );
}
