import { render, type RenderOptions } from '@testing-library/react';
import type { CatalogueLocale } from '@uniquair/i18n/messages';
import { toBcp47 } from '@uniquair/domain/locale/languages';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalogue } from '../../lib/i18n-catalogues.ts';

export interface RenderWithIntlOptions extends Omit<RenderOptions, 'wrapper'> {
  readonly locale?: CatalogueLocale;
}

/** Renders a widget inside react-intl with a real catalogue (English unless told otherwise). */
export async function renderWithIntl(
  ui: ReactElement,
  { locale = 'en', ...options }: RenderWithIntlOptions = {},
) {
  const { messages } = await loadCatalogue(locale);
  function Wrapper({ children }: { readonly children: ReactNode }) {
    return (
      <IntlProvider locale={toBcp47(locale)} defaultLocale="en" messages={messages}>
        {children}
      </IntlProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
