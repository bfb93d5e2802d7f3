import { act, fireEvent, screen } from '@testing-library/react';
import { SNACKBAR_DEFAULT_MS, SNACKBAR_MS } from '@uniquair/domain/config/timings';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleOutput } from '../../testing/console-guard.ts';
import { SnackbarProvider, useSnackbar, type SnackbarApi } from './snackbar.tsx';
import { renderWithIntl } from './test-utils.tsx';

let api: SnackbarApi | null = null;

function Probe({ onApi }: { readonly onApi: (snackbar: SnackbarApi) => void }) {
  const snackbar = useSnackbar();
  useEffect(() => onApi(snackbar), [onApi, snackbar]);
  return <button type="button">Elsewhere</button>;
}

function keepApi(snackbar: SnackbarApi) {
  api = snackbar;
}

function snackbar(): SnackbarApi {
  if (!api) throw new Error('Provider not rendered');
  return api;
}

function status(): HTMLElement {
  return screen.getByRole('status');
}

async function renderProvider(duration?: number) {
  return renderWithIntl(
    <SnackbarProvider duration={duration}>
      <Probe onApi={keepApi} />
    </SnackbarProvider>,
  );
}

describe('Snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    api = null;
  });

  it('has a polite live region before any message, and announces messages in it', async () => {
    await renderProvider();
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('');
    act(() => {
      snackbar().show('Unable to connect, try later');
    });
    expect(status().textContent).toBe('Unable to connect, try later');
  });

  it.each([
    ['6 s by default (SNACKBAR_DEFAULT_MS)', SNACKBAR_DEFAULT_MS, 6000, undefined],
    ['4 s when the app configures SNACKBAR_MS', SNACKBAR_MS, 4000, SNACKBAR_MS],
  ])('stays %s', async (_case, duration, expected, configured) => {
    expect(duration).toBe(expected);
    await renderProvider(configured);
    act(() => {
      snackbar().show('Saved');
    });
    act(() => {
      vi.advanceTimersByTime(duration - 1);
    });
    expect(status().textContent).toBe('Saved');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status().textContent).toBe('');
  });

  it('takes a duration per message', async () => {
    await renderProvider();
    act(() => {
      snackbar().show({ message: 'Quick', duration: 1000 });
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(status().textContent).toBe('');
  });

  it('queues messages and shows them one after the other', async () => {
    await renderProvider(SNACKBAR_MS);
    act(() => {
      snackbar().show('First');
      snackbar().show('Second');
    });
    expect(status().textContent).toBe('First');
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_MS);
    });
    expect(status().textContent).toBe('Second');
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_MS);
    });
    expect(status().textContent).toBe('');
  });

  // Testing Library's user-event waits on timers, so these tests use fireEvent under fake timers.
  it('dismisses with the dismiss button, then shows the next message', async () => {
    await renderProvider();
    act(() => {
      snackbar().show('First');
      snackbar().show('Second');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(status().textContent).toBe('Second');
  });

  it('removes a queued message by id', async () => {
    await renderProvider();
    act(() => {
      snackbar().show('First');
      const second = snackbar().show('Second');
      snackbar().show('Third');
      snackbar().dismiss(second);
    });
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_DEFAULT_MS);
    });
    expect(status().textContent).toBe('Third');
  });

  it('runs the action and closes', async () => {
    const onAction = vi.fn();
    await renderProvider();
    act(() => {
      snackbar().show({
        message: 'A new version is available',
        action: { label: 'Update', onAction },
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('pauses while hovered and resumes with the time that was left', async () => {
    await renderProvider(SNACKBAR_MS);
    act(() => {
      snackbar().show('Hover me');
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    const card = status().parentElement as HTMLElement;
    fireEvent.mouseEnter(card);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(status().textContent).toBe('Hover me');
    fireEvent.mouseLeave(card);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(status().textContent).toBe('Hover me');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status().textContent).toBe('');
  });

  it('pauses while focus is in it, closes on Escape and gives focus back', async () => {
    await renderProvider(SNACKBAR_MS);
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    act(() => {
      snackbar().show({ message: 'Booking saved', action: { label: 'View', onAction: () => {} } });
    });
    const view = screen.getByRole('button', { name: 'View' });
    act(() => {
      fireEvent.blur(elsewhere, { relatedTarget: view });
      view.focus();
      fireEvent.focus(view, { relatedTarget: elsewhere });
    });
    expect(document.activeElement).toBe(view);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(status().textContent).toBe('Booking saved');
    fireEvent.keyDown(view, { key: 'Escape' });
    expect(status().textContent).toBe('');
    expect(document.activeElement).toBe(elsewhere);
  });

  it('labels the dismiss button in the UI language', async () => {
    await renderWithIntl(
      <SnackbarProvider>
        <Probe onApi={keepApi} />
      </SnackbarProvider>,
      { locale: 'fr' },
    );
    act(() => {
      snackbar().show('Enregistré');
    });
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('throws when used outside the provider', async () => {
    allowConsoleOutput();
    function Outside() {
      useSnackbar();
      return null;
    }
    await expect(renderWithIntl(<Outside />)).rejects.toThrow(/SnackbarProvider/);
  });
});
