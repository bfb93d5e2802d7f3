import { useContext } from 'react';
import { IntlContext, IntlProvider, type IntlShape } from 'react-intl';
import {
  SOURCE_LOCALE,
  startupMessages,
  type CompiledMessages,
} from '../../lib/i18n-catalogues.ts';
import { AppError } from './app-error.tsx';

/**
 * The whole-page error screen for failures outside any page: start-up, loading the catalogue,
 * the shell itself. Shown in the user's language when its catalogue is loaded, otherwise in
 * English, whose messages for this page are bundled with the app.
 */
export function MainErrorFallback() {
  const intl = useContext(IntlContext) as IntlShape | null;
  const page = (
    <main id="main-content">
      <AppError />
    </main>
  );
  if (intl) return page;
  return (
    <IntlProvider
      locale={SOURCE_LOCALE}
      defaultLocale={SOURCE_LOCALE}
      // This page and its spinner read only the bundled start-up keys.
      messages={startupMessages as CompiledMessages}
    >
      {page}
    </IntlProvider>
  );
}
