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
import type { IntlProvider } from 'react-intl';
import { StartupScreen } from '../components/ui/startup-screen.tsx';
import { CityNamesContext } from './city-names.ts';
import { detectBrowserLocale, LocaleContext, storeLocale, type LocaleState } from './i18n.ts';
import { loadCatalogue, SOURCE_LOCALE, type LoadedCatalogue } from './i18n-catalogues.ts';

export interface I18nProviderProps {
  readonly children: ReactNode;
  /** Start in this locale instead of the stored or browser one (tests, links with a locale). */
  readonly locale?: CatalogueLocale;
}

/** react-intl, which the start-up bundle leaves out: it loads beside the first catalogue. */
type IntlRuntime = { readonly IntlProvider: typeof IntlProvider };

interface ShownCatalogue extends LoadedCatalogue {
  readonly intl: IntlRuntime;
}

/** The first catalogue and react-intl, fetched together. */
function loadFirst(locale: CatalogueLocale): Promise<ShownCatalogue> {
  return Promise.all([loadCatalogue(locale), import('react-intl')]).then(([loaded, intl]) => ({
    ...loaded,
    intl,
  }));
}

/**
 * Provides the messages of the user's locale to react-intl, and its city names
 * (`useCityName`). The first catalogue and react-intl
 * itself are fetched from the first render on, in parallel with the start-up data, and the
 * start-up screen shows until they are in; the catalogue is shown in a transition, so the app's
 * first full render (often in the same pass) yields to the browser instead of blocking it. If it
 * cannot be fetched, the error is thrown to the nearest error boundary (the start-up error page).
 * A language change keeps the current texts on screen until the new catalogue has arrived; if
 * that fails, the current language stays and `setLocale` rejects so the caller can say so.
 */
export function I18nProvider({ children, locale: requestedLocale }: I18nProviderProps) {
  const [initialLocale] = useState<CatalogueLocale>(() => requestedLocale ?? detectBrowserLocale());
  const [firstCatalogue] = useState(() => loadFirst(initialLocale));
  const [catalogue, setCatalogue] = useState<ShownCatalogue | null>(null);
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
    setCatalogue((current) => (current ? { ...loaded, intl: current.intl } : current));
  }, []);

  // Provided only once a catalogue is shown (the start-up screen renders until then).
  const state = useMemo<LocaleState | null>(
    () =>
      catalogue ? { locale: catalogue.locale, setLocale, messages: catalogue.messages } : null,
    [catalogue, setLocale],
  );

  if (failure) throw failure;
  if (!catalogue) return <StartupScreen />;
  const { IntlProvider } = catalogue.intl;
  return (
    <IntlProvider
      locale={toBcp47(catalogue.locale)}
      defaultLocale={SOURCE_LOCALE}
      messages={catalogue.messages}
    >
      <LocaleContext value={state}>
        <CityNamesContext value={catalogue.cities}>{children}</CityNamesContext>
      </LocaleContext>
    </IntlProvider>
  );
}
