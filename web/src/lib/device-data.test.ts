import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersonalData,
  DEVICE_BOOKINGS_KEY,
  deviceBookingTokens,
  readDeviceBookings,
  rememberDeviceBooking,
} from './device-data.ts';

const token = (letter: string) => letter.repeat(43);

describe('device data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('remembers bookings made on this device, once each, skipping broken entries', () => {
    rememberDeviceBooking({ pnr: 'AB12CD3', token: token('a') });
    rememberDeviceBooking({ pnr: 'ZZ99ZZ9', token: token('b') });
    rememberDeviceBooking({ pnr: 'AB12CD3', token: token('c') });
    expect(readDeviceBookings()).toEqual([
      { pnr: 'ZZ99ZZ9', token: token('b') },
      { pnr: 'AB12CD3', token: token('c') },
    ]);
    window.localStorage.setItem(
      DEVICE_BOOKINGS_KEY,
      JSON.stringify([{ pnr: 'X', token: 'short' }, 5, { pnr: 'Y', token: token('d') }]),
    );
    expect(deviceBookingTokens()).toEqual([token('d')]);
    window.localStorage.setItem(DEVICE_BOOKINGS_KEY, '{not json');
    expect(readDeviceBookings()).toEqual([]);
  });

  it('clears bookings, search data, session storage and every cache, not the preferences', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve(['routes-v1', 'pages']),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    window.localStorage.setItem(DEVICE_BOOKINGS_KEY, '[]');
    window.localStorage.setItem('uniquair.search.last', '{}');
    window.localStorage.setItem('uniquair.locale', 'de');
    window.localStorage.setItem('uniquair.consent', 'accepted');
    window.sessionStorage.setItem('anything', '1');
    await clearPersonalData();
    expect(window.localStorage.getItem(DEVICE_BOOKINGS_KEY)).toBeNull();
    expect(window.localStorage.getItem('uniquair.search.last')).toBeNull();
    expect(window.localStorage.getItem('uniquair.locale')).toBe('de');
    expect(window.localStorage.getItem('uniquair.consent')).toBe('accepted');
    expect(window.sessionStorage.length).toBe(0);
    expect(deleted.sort()).toEqual(['pages', 'routes-v1']);
  });
});
