import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../lib/i18n-catalogues.ts';
import { AppError } from './app-error.tsx';
import { MainErrorFallback } from './main-error-fallback.tsx';

describe('AppError', () => {
  it("reads 'There was an error.' and retries on Try again", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn(() => Promise.resolve());
    const { messages } = await loadCatalogue('en');
    render(
      <IntlProvider locale="en" messages={messages}>
        <AppError onRetry={onRetry} />
      </IntlProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'There was an error.' });
    expect(document.activeElement).toBe(heading);
    expect(document.title).toBe('Uniquair - Error');

    const button = screen.getByRole('button', { name: 'Try again' });
    await user.click(button);
    expect(onRetry).toHaveBeenCalledOnce();
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('MainErrorFallback', () => {
  it('falls back to English when no catalogue is loaded', () => {
    render(<MainErrorFallback />);
    expect(screen.getByRole('main')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'There was an error.' })).toBeDefined();
  });

  it('uses the loaded language', async () => {
    const { messages } = await loadCatalogue('fr');
    render(
      <IntlProvider locale="fr" messages={messages}>
        <MainErrorFallback />
      </IntlProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur s’est produite.' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeDefined();
  });
});
