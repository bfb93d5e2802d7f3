import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { CatalogueLocale } from '@uniquair/i18n/messages';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { MainErrorFallback } from '../components/errors/main-error-fallback.tsx';
import { I18nProvider } from '../lib/i18n-provider.tsx';

export interface AppProviderProps {
  readonly children: ReactNode;
  /** The query client the router's loaders use too. */
  readonly queryClient: QueryClient;
  /** Start in this locale instead of the stored or browser one. */
  readonly locale?: CatalogueLocale;
}

/**
 * Everything the app runs inside. The outer boundary catches start-up failures (the catalogue
 * cannot load) and shows the error page in English; the inner one shows it in the user's
 * language for anything else that escapes the router. Both report what they catch.
 */
export function AppProvider({ children, queryClient, locale }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={<MainErrorFallback />} component="AppProvider">
      <I18nProvider locale={locale}>
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary fallback={<MainErrorFallback />} component="App">
            {children}
          </ErrorBoundary>
        </QueryClientProvider>
      </I18nProvider>
    </ErrorBoundary>
  );
}
