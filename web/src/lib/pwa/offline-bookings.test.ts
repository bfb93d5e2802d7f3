import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { clearPersonalData } from '../device-data.ts';
import {
  MAX_OFFLINE_BOOKINGS,
  OFFLINE_BOOKINGS_PREFIX,
  ownerOf,
  readOfflineCopy,
  resetOfflineBookings,
  saveOfflineCopy,
  setOfflineOwner,
  withOfflineCopy,
} from './offline-bookings.ts';

const booking = (pnr: string, status = 'ticketed') => ({ pnr, status, passengers: ['Ada'] });
const offline = () => Promise.reject(new ApiError(0, 'NETWORK_ERROR'));
const at = (iso: string) => () => new Date(iso);

describe('the offline copies of bookings', () => {
  afterEach(() => {
    resetOfflineBookings();
    vi.unstubAllGlobals();
  });

  it('keeps each successful read and answers it, with its sync time, when offline', async () => {
    setOfflineOwner('device');
    await withOfflineCopy(
      'abc1234',
      () => Promise.resolve(booking('ABC1234')),
      at('2026-11-22T08:00:00Z'),
    );
    await expect(withOfflineCopy('ABC1234', offline)).resolves.toEqual(booking('ABC1234'));
    expect(readOfflineCopy('ABC1234')?.syncedAt).toBe('2026-11-22T08:00:00.000Z');
  });

  it('without a copy, the network error stands', async () => {
    setOfflineOwner('device');
    await expect(withOfflineCopy('ZZZ9999', offline)).rejects.toMatchObject({ status: 0 });
  });

  it('never answers an error of the server with a copy, and drops the copy on 404', async () => {
    setOfflineOwner('device');
    saveOfflineCopy('ABC1234', booking('ABC1234'));
    await expect(
      withOfflineCopy('ABC1234', () => Promise.reject(new ApiError(500, 'INTERNAL_ERROR'))),
    ).rejects.toMatchObject({ status: 500 });
    expect(readOfflineCopy('ABC1234')).not.toBeNull();
    await expect(
      withOfflineCopy('ABC1234', () => Promise.reject(new ApiError(404, 'NOT_FOUND'))),
    ).rejects.toMatchObject({ status: 404 });
    expect(readOfflineCopy('ABC1234')).toBeNull();
  });

  it('keeps copies per owner: one user never reads another’s or the device’s', async () => {
    const ada = ownerOf({ email: 'Ada@Example.com' });
    const bob = ownerOf({ email: 'bob@example.com' });
    expect(ada).toBe('user:ada@example.com');
    setOfflineOwner(ada);
    await withOfflineCopy('AAA1111', () => Promise.resolve(booking('AAA1111')));
    setOfflineOwner(bob);
    await expect(withOfflineCopy('AAA1111', offline)).rejects.toMatchObject({ status: 0 });
    setOfflineOwner('device');
    expect(readOfflineCopy('AAA1111')).toBeNull();
    expect(readOfflineCopy('AAA1111', ada)).not.toBeNull();
  });

  it('starts offline with the copies of the last owner seen online', async () => {
    setOfflineOwner(ownerOf({ email: 'ada@example.com' }));
    await withOfflineCopy('AAA1111', () => Promise.resolve(booking('AAA1111')));
    resetOfflineBookings(); // a new visit: nobody known yet
    await expect(withOfflineCopy('AAA1111', offline)).resolves.toEqual(booking('AAA1111'));
  });

  it('keeps the most recently synced copies only', () => {
    setOfflineOwner('device');
    for (let index = 0; index <= MAX_OFFLINE_BOOKINGS; index += 1) {
      const pnr = `PNR${String(index).padStart(4, '0')}`;
      saveOfflineCopy(pnr, booking(pnr), new Date(Date.UTC(2026, 10, 1, 0, index)));
    }
    expect(readOfflineCopy('PNR0000')).toBeNull();
    expect(readOfflineCopy(`PNR${String(MAX_OFFLINE_BOOKINGS).padStart(4, '0')}`)).not.toBeNull();
  });

  it('is cleared by sign-out with the data caches, while the precached app stays', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () =>
        Promise.resolve([
          'workbox-precache-v2-http://localhost/',
          'uniquair-public-v1',
          'uniquair-data-v1',
        ]),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    setOfflineOwner(ownerOf({ email: 'ada@example.com' }));
    await withOfflineCopy('AAA1111', () => Promise.resolve(booking('AAA1111')));
    await clearPersonalData();
    const left = Object.keys(window.localStorage).filter((key) =>
      key.startsWith(OFFLINE_BOOKINGS_PREFIX),
    );
    expect(left).toEqual([]);
    await expect(withOfflineCopy('AAA1111', offline)).rejects.toMatchObject({ status: 0 });
    expect(deleted.sort()).toEqual(['uniquair-data-v1', 'uniquair-public-v1']);
  });
});
