import { useQueryClient } from '@tanstack/react-query';
import { findLanguage } from '@uniquair/domain/locale/languages';
import type { CatalogueLocale } from '@uniquair/i18n/messages';
import { useCallback } from 'react';
import { hasChosenCurrency, useCurrency } from '../../../lib/currency.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { selectCurrency } from '../api/select-currency.ts';
import { selectLocale } from '../api/select-locale.ts';

export interface PreferenceChoices {
  /** Switches the language; rejects only when its texts cannot be loaded. */
  readonly chooseLanguage: (locale: CatalogueLocale) => Promise<void>;
  readonly chooseCurrency: (code: string) => void;
}

/**
 * Choosing a language or a currency (SPEC §7, §8): the choice applies at once in the browser and
 * is sent to the server; when the server cannot be told, the choice stands and `onServerFailure`
 * runs (the app says 'unable to connect, try later'). A language change also brings the init data
 * (country and title names) in the new language and, unless the visitor chose a currency
 * themselves, the language's default currency.
 */
export function usePreferenceChoices(onServerFailure: () => void): PreferenceChoices {
  const queryClient = useQueryClient();
  const { setLocale } = useLocale();
  const { currencies, setCurrency } = useCurrency();

  const chooseCurrency = useCallback(
    (code: string) => {
      setCurrency(code);
      selectCurrency(code).catch(onServerFailure);
    },
    [setCurrency, onServerFailure],
  );

  const chooseLanguage = useCallback(
    async (locale: CatalogueLocale) => {
      await setLocale(locale);
      const followCurrency = !hasChosenCurrency();
      try {
        const answer = await selectLocale(locale);
        if (followCurrency) setCurrency(answer.currency.code, { remember: false });
        await queryClient.invalidateQueries({ queryKey: ['data', 'init'] });
      } catch {
        const fallback = findLanguage(locale)?.defaultCurrency;
        if (followCurrency && fallback && currencies.some((entry) => entry.code === fallback)) {
          setCurrency(fallback, { remember: false });
        }
        onServerFailure();
      }
    },
    [setLocale, setCurrency, currencies, queryClient, onServerFailure],
  );

  return { chooseLanguage, chooseCurrency };
}
