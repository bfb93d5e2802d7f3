import { toBcp47 } from '@uniquair/domain/locale/languages';
import {
  loadMessages,
  SOURCE_LOCALE,
  sourceMessages,
  type CatalogueLocale,
  type LoadedCatalogue,
} from '@uniquair/i18n/messages';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Spinner } from '../components/ui/spinner.tsx';
import { detectBrowserLocale, LocaleContext, storeLocale, type LocaleState } from './i18n.ts';

export interface I18nProviderProps {
  readonly children: ReactNode;
  /** Start in this locale instead of the stored or browser one (tests, links with a locale). */
  readonly locale?: CatalogueLocale;
}

/** English is bundled, so it is ready at once; any other catalogue is fetched first. */
function initialCatalogue(locale: CatalogueLocale): LoadedCatalogue | null {
  return locale === SOURCE_LOCALE ? { locale, messages: sourceMessages } : null;
}

/**
 * Provides the messages of the user's locale to react-intl, fetching the catalogue chunk when
 * needed. Until the first catalogue is in, a spinner shows; if it cannot be fetched, the error is
 * thrown to the nearest error boundary (the start-up error page). A language change keeps the
 * current texts on screen until the new catalogue has arrived; if that fails, the current language
 * stays and `setLocale` rejects so the caller can say so.
 */
export function I18nProvider({ children, locale: requestedLocale }: I18nProviderProps) {
  const [initialLocale] = useState<CatalogueLocale>(() => requestedLocale ?? detectBrowserLocale());
  const [catalogue, setCatalogue] = useState(() => initialCatalogue(initialLocale));
  const [failure, setFailure] = useState<Error | null>(null);
  /** The most recent locale asked for by `setLocale`; a slower, older request must not win. */
  const latestRequest = useRef<CatalogueLocale>(initialLocale);
  const shown = catalogue?.locale;

  useEffect(() => {
    if (catalogue) return;
    let active = true;
    loadMessages(initialLocale).then(
      (loaded) => {
        if (active) setCatalogue(loaded);
      },
      (error: unknown) => {
        if (active) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      active = false;
    };
  }, [catalogue, initialLocale]);

  useEffect(() => {
    if (shown) document.documentElement.lang = toBcp47(shown);
  }, [shown]);

  const setLocale = useCallback(async (next: CatalogueLocale) => {
    latestRequest.current = next;
    const loaded = await loadMessages(next);
    if (latestRequest.current !== next) return;
    storeLocale(loaded.locale);
    setCatalogue(loaded);
  }, []);

  // Provided only once a catalogue is shown (the spinner renders until then).
  const locale = shown ?? initialLocale;
  const state = useMemo<LocaleState>(() => ({ locale, setLocale }), [locale, setLocale]);

  if (failure) throw failure;
  if (!catalogue) return <Spinner size="full" />;
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
