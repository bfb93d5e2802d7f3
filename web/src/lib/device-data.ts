import { isDataCache } from './pwa/cache-rules.ts';
import { resetOfflineBookings } from './pwa/offline-bookings.ts';

/**
 * What the app keeps about a traveller on this device (SPEC §4, §6), and how it is forgotten.
 *
 * Bookings made without an account are remembered here with their device booking token (the
 * server stores only its hash; DESIGN §6), so `/bookings` can show them and they can be moved
 * into an account after sign-in. Every local-storage key that holds a traveller's data starts
 * with one of {@link PERSONAL_DATA_PREFIXES}; sign-out removes them all, the session storage and
 * the service worker's Cache Storage.
 */

/** Local-storage key of the bookings made on this device. */
export const DEVICE_BOOKINGS_KEY = 'uniquair.bookings.device';

/** Key prefixes of a traveller's data in local storage: bookings and search data. */
export const PERSONAL_DATA_PREFIXES = ['uniquair.bookings', 'uniquair.search'] as const;

/** Device bookings kept at most (the oldest are dropped). */
const MAX_DEVICE_BOOKINGS = 50;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface DeviceBooking {
  readonly pnr: string;
  /** The device booking token (43 base64url characters) the server gave for it. */
  readonly token: string;
}

function isDeviceBooking(value: unknown): value is DeviceBooking {
  if (typeof value !== 'object' || value === null) return false;
  const { pnr, token } = value as Record<string, unknown>;
  return typeof pnr === 'string' && typeof token === 'string' && TOKEN.test(token);
}

/** The bookings this device made, newest last; broken entries are skipped. */
export function readDeviceBookings(): DeviceBooking[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(DEVICE_BOOKINGS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isDeviceBooking) : [];
  } catch {
    return [];
  }
}

/** Remembers a booking made on this device (the booking flow calls this). */
export function rememberDeviceBooking(booking: DeviceBooking): void {
  const kept = readDeviceBookings().filter((item) => item.pnr !== booking.pnr);
  kept.push({ pnr: booking.pnr, token: booking.token });
  try {
    window.localStorage.setItem(
      DEVICE_BOOKINGS_KEY,
      JSON.stringify(kept.slice(-MAX_DEVICE_BOOKINGS)),
    );
  } catch {
    // Storage full or unavailable: the booking is still reachable by its e-mailed link.
  }
}

/** The device booking tokens, for `X-Booking-Tokens` and for claiming into an account. */
export function deviceBookingTokens(): string[] {
  return readDeviceBookings().map((booking) => booking.token);
}

/**
 * Forgets the traveller on this device: local-storage keys under the personal prefixes (device
 * bookings, the offline copies of bookings, search data), the session storage and every Cache
 * Storage cache of data (only the precached app code stays). Each step is best effort.
 */
export async function clearPersonalData(): Promise<void> {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) =>
      window.localStorage.key(index),
    );
    for (const key of keys) {
      if (key !== null && PERSONAL_DATA_PREFIXES.some((prefix) => key.startsWith(prefix))) {
        window.localStorage.removeItem(key);
      }
    }
    window.sessionStorage.clear();
  } catch {
    // Storage can be unavailable; then nothing was kept there.
  }
  resetOfflineBookings();
  try {
    if (typeof caches !== 'undefined') {
      // The precached app code holds nothing personal and lets the app start offline; every
      // cache of data goes.
      const names = await caches.keys();
      await Promise.all(names.filter(isDataCache).map((name) => caches.delete(name)));
    }
  } catch {
    // Cache Storage can be unavailable; nothing was kept there then.
  }
}
