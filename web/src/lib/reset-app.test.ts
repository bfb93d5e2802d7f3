import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApp } from './reset-app.ts';

describe('resetApp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('clears local storage, unregisters every service worker, then reloads', async () => {
    window.localStorage.setItem('uniquair.locale', 'de');
    const unregister = vi.fn(() => Promise.resolve(true));
    const failing = vi.fn(() => Promise.reject(new Error('already gone')));
    const getRegistrations = vi.fn(() =>
      Promise.resolve([{ unregister }, { unregister: failing }]),
    );
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { getRegistrations } });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    await resetApp();

    expect(window.localStorage.length).toBe(0);
    expect(unregister).toHaveBeenCalledOnce();
    expect(failing).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('still reloads where service workers are unavailable', async () => {
    const { serviceWorker: _, ...withoutServiceWorker } = navigator as Navigator & {
      serviceWorker?: unknown;
    };
    vi.stubGlobal('navigator', withoutServiceWorker);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    await resetApp();

    expect(reload).toHaveBeenCalledOnce();
  });
});
