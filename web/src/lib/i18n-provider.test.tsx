import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueLocale } from '@uniquair/i18n/messages';
import { LOCALE_STORAGE_KEY, useLocale } from './i18n.ts';
import type * as catalogues from './i18n-catalogues.ts';
import { loadCatalogue } from './i18n-catalogues.ts';
import { I18nProvider } from './i18n-provider.tsx';

vi.mock('./i18n-catalogues.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof catalogues>();
  return { ...actual, loadCatalogue: vi.fn(actual.loadCatalogue) };
});

function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const [failed, setFailed] = useState(false);
  const choose = (next: 'de' | 'ko') => {
    setLocale(next).catch(() => setFailed(true));
  };
  return (
    <>
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p data-testid="locale">{locale}</p>
      {failed ? <p role="alert">switch failed</p> : null}
      <button type="button" onClick={() => choose('de')}>
        de
      </button>
      <button type="button" onClick={() => choose('ko')}>
        ko
      </button>
    </>
  );
}

/** The switch inside the provider, starting in `locale` when given. */
function renderSwitch(locale?: CatalogueLocale) {
  render(
    <I18nProvider locale={locale}>
      <LanguageSwitch />
    </I18nProvider>,
  );
}

describe('I18nProvider', () => {
  it('switches language, sets <html lang> and remembers the choice', async () => {
    const user = userEvent.setup();
    renderSwitch('en');
    // English is a catalogue chunk like any other: it shows once fetched.
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeDefined();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));

    await user.click(screen.getByRole('button', { name: 'de' }));
    expect(await screen.findByRole('heading', { name: 'Nicht gefunden' })).toBeDefined();
    expect(screen.getByTestId('locale').textContent).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');

    await user.click(screen.getByRole('button', { name: 'ko' }));
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없음' })).toBeDefined();
    expect(document.documentElement.lang).toBe('ko');
  });

  it('starts in the stored language', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'it');
    renderSwitch();
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeDefined();
  });

  it('shows an accessible loading status until the catalogue is in', async () => {
    renderSwitch('vi');
    expect(screen.getByRole('status')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy' })).toBeDefined();
  });

  it('keeps the current language when the new catalogue cannot be fetched', async () => {
    const user = userEvent.setup();
    renderSwitch('en');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeDefined();
    vi.mocked(loadCatalogue).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'de' }));
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeDefined();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });
});
