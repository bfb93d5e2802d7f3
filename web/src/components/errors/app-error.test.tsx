import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n-provider.tsx';
import { AppError } from './app-error.tsx';
import { MainErrorFallback } from './main-error-fallback.tsx';

describe('AppError', () => {
  it("reads 'There was an error.' and retries on Try again", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn(() => Promise.resolve());
    render(
      <I18nProvider locale="en">
        <AppError onRetry={onRetry} />
      </I18nProvider>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'There was an error.' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
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
    render(
      <I18nProvider locale="fr">
        <MainErrorFallback />
      </I18nProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Une erreur s’est produite.' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeDefined();
  });
});
