import { render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../testing/mock-api.ts';
import { allowConsoleOutput } from '../testing/console-guard.ts';
import type * as catalogues from '../lib/i18n-catalogues.ts';
import { loadCatalogue } from '../lib/i18n-catalogues.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProvider } from './provider.tsx';

vi.mock('../lib/i18n-catalogues.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof catalogues>();
  return { ...actual, loadCatalogue: vi.fn(actual.loadCatalogue) };
});

function Broken(): never {
  throw new Error('The shell failed to render.');
}

describe('AppProvider', () => {
  beforeEach(() => {
    mockApi({ 'POST /api/error/save': () => json({ success: true }) });
  });

  it('renders its children with the catalogue of the chosen language', async () => {
    render(
      <AppProvider queryClient={createQueryClient()} locale="nl">
        <FormattedMessage id="home.title" />
      </AppProvider>,
    );
    expect(await screen.findByText('Vluchten zoeken')).toBeDefined();
  });

  it('catches a render failure and shows the error page in the current language', async () => {
    const logged = allowConsoleOutput();
    render(
      <AppProvider queryClient={createQueryClient()} locale="es">
        <Broken />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Se ha producido un error.' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Volver a intentarlo' })).toBeDefined();
    expect(logged.some((call) => call.message.includes('The shell failed to render.'))).toBe(true);
  });

  it('shows the start-up error page in English when the first catalogue cannot be fetched', async () => {
    const logged = allowConsoleOutput();
    vi.mocked(loadCatalogue).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(
      <AppProvider queryClient={createQueryClient()} locale="da">
        <FormattedMessage id="home.title" />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'There was an error.' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(screen.queryByText('Find fly')).toBeNull();
    expect(logged.some((call) => call.message.includes('Failed to fetch'))).toBe(true);
  });
});
