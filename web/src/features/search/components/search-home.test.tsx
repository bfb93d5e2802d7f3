import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAppApi } from '../../../testing/mock-api.ts';
import { offersAnswer } from '../../../testing/search-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { readLocationCookies } from '../../../lib/location-cookies.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
/** Near Heathrow (Slough). */
const NEAR_LONDON = { latitude: 51.5105, longitude: -0.595 };

type PermissionState = 'prompt' | 'granted' | 'denied';

function browserLocation(state: PermissionState, position = NEAR_LONDON) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (state === 'denied') {
        failure?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
        return;
      }
      success({ coords: position } as GeolocationPosition);
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: {
      query: () =>
        Promise.resolve({
          state,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }),
    },
  });
  return getCurrentPosition;
}

function clearCookies() {
  for (const name of ['lat', 'long']) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

const offers = () =>
  offersAnswer('LHR', [
    {
      route: 13,
      destination: { id: 'SOF', name: 'Sofia Airport', city: 'Sofia', country: 'BG' },
      date: '2026-12-03',
      price: 8_900,
    },
  ]);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  clearCookies();
});

afterEach(() => {
  vi.useRealTimers();
  clearCookies();
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'permissions');
});

describe('home: nearest airport and offers', () => {
  it('starts from the nearest airport with routes when location is allowed, and shows its offers', async () => {
    browserLocation('granted');
    mockAppApi({ 'GET /api/cheapest-price/LHR/offers': offers });
    renderApp('/');
    const from = await screen.findByRole('combobox', { name: 'From' }, { timeout: 10_000 });
    await waitFor(() => expect(from).toHaveProperty('value', 'London (LHR)'));
    expect(screen.getByText(/^Nearest airport: Heathrow \(LHR\), \d+ km away\.$/)).toBeDefined();
    expect(readLocationCookies()).toEqual({ latitude: 51.51, longitude: -0.59 });

    const section = await screen.findByRole('region', { name: 'Cheapest flights from London' });
    // The section is there before its offers arrive ('Loading offers…'): wait for them.
    expect(
      await within(section).findByText(
        'Lowest fares for one adult between Sun, Nov 22 and Sat, Dec 19.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    const offer = within(section).getByRole('link', { name: /^Sofia/ });
    expect(offer.getAttribute('href')).toBe('/flights/1/0/0/13.2026-12-03._');
    expect(within(offer).getByText('from $89')).toBeDefined();
    expect(within(offer).getByText('Bulgaria')).toBeDefined();
  });

  it('prices the offers with the bags chosen in the form, and searches them for its travellers', async () => {
    const user = userEvent.setup();
    browserLocation('granted');
    const asked: string[] = [];
    mockAppApi({
      'GET /api/cheapest-price/LHR/offers': ({ url }) => {
        asked.push(url.search);
        return offers();
      },
    });
    renderApp('/');
    const section = await screen.findByRole(
      'region',
      { name: 'Cheapest flights from London' },
      { timeout: 10_000 },
    );
    await within(section).findByRole('link', { name: /^Sofia/ }, { timeout: 10_000 });
    const bags = screen.getByRole('group', { name: 'Checked bags per passenger' });
    await user.click(within(bags).getByRole('radio', { name: '1 bag' }));
    await waitFor(() => expect(asked).toContain('?bags=1'));
    expect(
      await within(section).findByText('Prices include 1 checked bag per passenger'),
    ).toBeDefined();
    await waitFor(() =>
      expect(
        within(section)
          .getByRole('link', { name: /^Sofia/ })
          .getAttribute('href'),
      ).toBe('/flights/1/0/0/13.2026-12-03._?bags=1'),
    );
  });

  it('asks for the location only when the traveller chooses to', async () => {
    const user = userEvent.setup();
    const getCurrentPosition = browserLocation('prompt');
    mockAppApi({ 'GET /api/cheapest-price/LHR/offers': offers });
    renderApp('/');
    const use = await screen.findByRole('button', { name: 'Use my location' }, { timeout: 10_000 });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(readLocationCookies()).toBeNull();
    await user.click(use);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('forgets a kept position when the location is denied', async () => {
    document.cookie = 'lat=51.51; Path=/';
    document.cookie = 'long=-0.60; Path=/';
    browserLocation('denied');
    mockAppApi();
    renderApp('/');
    expect(
      await screen.findByText(
        'Location is off for this site; you can allow it in your browser’s settings.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    await waitFor(() => expect(readLocationCookies()).toBeNull());
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveProperty('value', '');
  });
});
