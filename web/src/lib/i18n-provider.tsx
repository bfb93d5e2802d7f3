import { toBcp47 } from '@uniquair/domain/locale/languages';
import type { CatalogueLocale } from '@uniquair/i18n/messages';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import { StartupScreen } from '../components/ui/startup-screen.tsx';
import { detectBrowserLocale, LocaleContext, storeLocale, type LocaleState } from './i18n.ts';
import { loadCatalogue, SOURCE_LOCALE, type LoadedCatalogue } from './i18n-catalogues.ts';

export interface I18nProviderProps {
  readonly children: ReactNode;
  /** Start in this locale instead of the stored or browser one (tests, links with a locale). */
  readonly locale?: CatalogueLocale;
}

/**
 * Provides the messages of the user's locale to react-intl. The first catalogue is fetched from
 * the first render on, in parallel with the start-up data, and a spinner shows until it is in; it
 * is shown in a transition, so the app's first full render (often in the same pass) yields to the
 * browser instead of blocking it. If it cannot be fetched, the error is thrown to the nearest
 * error boundary (the start-up error page). A language change keeps the current texts on screen
 * until the new catalogue has arrived; if that fails, the current language stays and `setLocale`
 * rejects so the caller can say so.
 */
export function I18nProvider({ children, locale: requestedLocale }: I18nProviderProps) {
  const [initialLocale] = useState<CatalogueLocale>(() => requestedLocale ?? detectBrowserLocale());
  const [firstCatalogue] = useState(() => loadCatalogue(initialLocale));
  const [catalogue, setCatalogue] = useState<LoadedCatalogue | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  /** The most recent locale asked for by `setLocale`; a slower, older request must not win. */
  const latestRequest = useRef<CatalogueLocale>(initialLocale);
  const shown = catalogue?.locale;

  useEffect(() => {
    let active = true;
    firstCatalogue.then(
      (loaded) => {
        if (active) startTransition(() => setCatalogue(loaded));
      },
      (error: unknown) => {
        if (active) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      active = false;
    };
  }, [firstCatalogue]);

  useEffect(() => {
    if (shown) document.documentElement.lang = toBcp47(shown);
  }, [shown]);

  const setLocale = useCallback(async (next: CatalogueLocale) => {
    latestRequest.current = next;
    const loaded = await loadCatalogue(next);
    if (latestRequest.current !== next) return;
    storeLocale(loaded.locale);
    setCatalogue(loaded);
  }, []);

  // Provided only once a catalogue is shown (the spinner renders until then).
  const locale = shown ?? initialLocale;
  const state = useMemo<LocaleState>(() => ({ locale, setLocale }), [locale, setLocale]);

  if (failure) throw failure;
  if (!catalogue) return <StartupScreen />;
  return (
    <IntlProvider
      locale={toBcp47(catalogue.locale)}
      defaultLocale={SOURCE_LOCALE}
      messages={catalogue.messages}
    >
      <LocaleContext value={state}>{children}</LocaleContext>
    </IntlProvider>
  );
}
