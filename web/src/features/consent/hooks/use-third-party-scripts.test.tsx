import { renderHook, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as scripts from '../../../lib/third-party-scripts.ts';
import { useThirdPartyScripts } from './use-third-party-scripts.ts';

const config = {
  analyticsUrl: 'https://stats.example/a.js',
  liveChatUrl: 'https://chat.example/c.js',
};

function at(path: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
}

describe('useThirdPartyScripts', () => {
  it('loads nothing and asks nothing when no script is configured', () => {
    const load = vi.spyOn(scripts, 'loadThirdPartyScript').mockReturnValue(true);
    const { result } = renderHook(
      () => useThirdPartyScripts({ analyticsUrl: undefined, liveChatUrl: undefined }),
      {
        wrapper: at('/'),
      },
    );
    expect(result.current.askConsent).toBe(false);
    expect(load).not.toHaveBeenCalled();
    load.mockRestore();
  });

  it('asks first, then loads both scripts after consent', () => {
    const load = vi.spyOn(scripts, 'loadThirdPartyScript').mockReturnValue(true);
    const { result } = renderHook(() => useThirdPartyScripts(config), { wrapper: at('/') });
    expect(result.current.askConsent).toBe(true);
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.answer('granted'));
    expect(load.mock.calls.map(([url]) => url)).toEqual([config.analyticsUrl, config.liveChatUrl]);
    expect(result.current.askConsent).toBe(false);
    load.mockRestore();
  });

  it('never loads them on a payment page, even with consent', () => {
    scripts.storeConsent('granted');
    const load = vi.spyOn(scripts, 'loadThirdPartyScript').mockReturnValue(true);
    const { result } = renderHook(() => useThirdPartyScripts(config), {
      wrapper: at('/booking/AB12CD3/pay'),
    });
    expect(result.current.askConsent).toBe(false);
    expect(load).not.toHaveBeenCalled();
    load.mockRestore();
  });
});
