import { render, screen } from '@testing-library/react';
import type * as MessagesModule from '@uniquair/i18n/messages';
import { loadMessages } from '@uniquair/i18n/messages';
import { FormattedMessage } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../testing/mock-api.ts';
import { allowConsoleOutput } from '../testing/console-guard.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProvider } from './provider.tsx';

vi.mock('@uniquair/i18n/messages', async (importOriginal) => {
  const actual = await importOriginal<typeof MessagesModule>();
  return { ...actual, loadMessages: vi.fn(actual.loadMessages) };
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
    vi.mocked(loadMessages).mockRejectedValueOnce(new TypeError('Failed to fetch'));
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
