import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetInstallPrompt, watchInstallPrompt } from '../../lib/install-prompt.ts';
import { json, mockAppApi, testInitData } from '../../testing/mock-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { PAGE_LOAD_MS } from '../../testing/page-load.ts';

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('offline notices and network-only pages', () => {
  beforeEach(() => {
    mockAppApi();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says the visitor appears offline, and no more once back online', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
    expect(screen.queryByText('You appear to be offline')).toBeNull();
    setOnline(false);
    expect(await screen.findByText('You appear to be offline')).toBeDefined();
    setOnline(true);
    expect(screen.queryByText('You appear to be offline')).toBeNull();
  });

  it.each(['/signin', '/register', '/recover'])('shows %s only with the network', async (path) => {
    renderApp(path);
    await screen.findByRole('main', {}, { timeout: PAGE_LOAD_MS });
    setOnline(false);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'An active network connection is required to access this page',
      }),
    ).toBeDefined();
    setOnline(true);
    expect(
      screen.queryByRole('heading', {
        name: 'An active network connection is required to access this page',
      }),
    ).toBeNull();
  });

  it('keeps pages that work offline, such as content pages and the bookings list', async () => {
    mockAppApi({
      'GET /api/booking/future': () =>
        new Response(JSON.stringify({ success: true, bookings: [] }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderApp('/bookings');
    await screen.findByRole('main', {}, { timeout: PAGE_LOAD_MS });
    setOnline(false);
    await screen.findByText('You appear to be offline');
    expect(
      screen.queryByRole('heading', {
        name: 'An active network connection is required to access this page',
      }),
    ).toBeNull();
  });
});

describe('installing', () => {
  afterEach(() => {
    resetInstallPrompt();
  });

  it('offers the browser prompt in the drawer and, once installed, asks an anonymous visitor to sign in', async () => {
    mockAppApi();
    const user = userEvent.setup();
    watchInstallPrompt(window);
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
    const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(() => Promise.resolve()),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(prompt);
    });
    expect(prompt.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Install the app' }));
    expect(prompt.prompt).toHaveBeenCalledTimes(1);
    expect(await within(drawer).findByText('Installing the app…')).toBeDefined();

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(
      await screen.findByText('Please, sign in to access your bookings.', { selector: 'p' }),
    ).toBeDefined();
  });

  it('tells iPhone and iPad Safari users to use Share, then Add to Home Screen', async () => {
    mockAppApi();
    const user = userEvent.setup();
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    watchInstallPrompt(window);
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Menu' });
    expect(
      within(drawer).getByText(
        'To install the app on your iPhone or iPad, tap Share, then Add to Home Screen.',
      ),
    ).toBeDefined();
    vi.restoreAllMocks();
  });
});

describe('test payments banner', () => {
  const banner =
    'Test payments: no real money moves on this site. Cards are not charged and tickets are not valid for travel.';

  it.each(['/', '/signin', '/bookings'])(
    'is on %s while the server says no real money moves',
    async (path) => {
      mockAppApi({ 'GET /api/data/init': () => json({ ...testInitData, testPayments: true }) });
      renderApp(path);
      await screen.findByRole('main', {}, { timeout: PAGE_LOAD_MS });
      expect(await screen.findByText(banner)).toBeDefined();
    },
  );

  it('is absent when payments are real', async () => {
    mockAppApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
    expect(screen.queryByText(banner)).toBeNull();
  });
});
