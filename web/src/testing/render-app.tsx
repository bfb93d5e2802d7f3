import type { CatalogueLocale } from '@uniquair/i18n/messages';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { createRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { PAGE_LOAD_MS } from './page-load.ts';

export interface RenderAppOptions {
  readonly locale?: CatalogueLocale;
}

/**
 * Renders the whole app (providers, shell, real routes) at `url`, with an in-memory history and
 * a fresh query client. The API must be mocked (`mockApi`, `mockAppApi`). The catalogue, the
 * start-up data and the page modules load asynchronously: query with `findBy…`.
 */
export function renderApp(url: string, { locale = 'en' }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <AppProvider queryClient={queryClient} locale={locale}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** The page's `<h1>` named `name`, once the route and its data are in. */
export function findPageHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: PAGE_LOAD_MS });
}
