import { useSyncExternalStore } from 'react';

/**
 * The traveller's bookings kept on this device for offline reading (SPEC §8; issue "Offline
 * behaviour"): each successful read of a booking is stored with the time it was synced, and a
 * read that cannot reach the server answers the stored copy instead. Copies are kept per owner —
 * the signed-in user (`user:<e-mail>`) or, for a visitor without an account, `device` — so one
 * person never sees another's copy. Every key starts with `uniquair.bookings`, which sign-out
 * clears (`lib/device-data.ts` `clearPersonalData`). Nothing here is shared with the service
 * worker's caches.
 */

export const OFFLINE_BOOKINGS_PREFIX = 'uniquair.bookings.offline.';
/** Whose copies the app shows when it starts offline (the last owner seen online). */
export const OFFLINE_OWNER_KEY = 'uniquair.bookings.offline-owner';
/** Copies kept per owner (least recently synced dropped first). */
export const MAX_OFFLINE_BOOKINGS = 20;

export type OfflineOwner = 'device' | `user:${string}`;

export interface OfflineCopy<T> {
  readonly data: T;
  /** When the copy was last read from the server (ISO date-time). */
  readonly syncedAt: string;
}

interface OwnerCopies {
  readonly bookings: Record<string, OfflineCopy<unknown>>;
}

/** The owner key of a signed-in user (by e-mail), or of this device. */
export function ownerOf(user: { readonly email: string } | null): OfflineOwner {
  return user ? `user:${user.email.trim().toLowerCase()}` : 'device';
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readCopies(owner: OfflineOwner): OwnerCopies {
  try {
    const parsed = JSON.parse(storage()?.getItem(OFFLINE_BOOKINGS_PREFIX + owner) ?? '{}') as {
      bookings?: unknown;
    };
    const bookings =
      typeof parsed.bookings === 'object' && parsed.bookings !== null
        ? (parsed.bookings as Record<string, OfflineCopy<unknown>>)
        : {};
    return { bookings };
  } catch {
    return { bookings: {} };
  }
}

function writeCopies(owner: OfflineOwner, copies: OwnerCopies): void {
  try {
    storage()?.setItem(OFFLINE_BOOKINGS_PREFIX + owner, JSON.stringify(copies));
  } catch {
    // Storage full or unavailable: the booking just is not readable offline.
  }
}

let owner: OfflineOwner | null = null;
/** The copy the app last fell back to, for the "last synced" notice. */
let served: { readonly pnr: string; readonly syncedAt: string } | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Sets whose copies are read and written (the shell calls this when the user is known). */
export function setOfflineOwner(next: OfflineOwner): void {
  owner = next;
  try {
    storage()?.setItem(OFFLINE_OWNER_KEY, next);
  } catch {
    // Not remembered across visits; the owner still applies now.
  }
}

/** The owner now: the one set, else the last one seen online, else this device. */
export function currentOfflineOwner(): OfflineOwner {
  if (owner) return owner;
  const remembered = storage()?.getItem(OFFLINE_OWNER_KEY) ?? null;
  return remembered === 'device' || remembered?.startsWith('user:') === true
    ? (remembered as OfflineOwner)
    : 'device';
}

export function saveOfflineCopy<T>(
  pnr: string,
  data: T,
  now: Date = new Date(),
  who: OfflineOwner = currentOfflineOwner(),
): void {
  const copies = readCopies(who);
  const bookings = {
    ...copies.bookings,
    [pnr.toUpperCase()]: { data, syncedAt: now.toISOString() },
  };
  const kept = Object.entries(bookings)
    .sort(([, a], [, b]) => b.syncedAt.localeCompare(a.syncedAt))
    .slice(0, MAX_OFFLINE_BOOKINGS);
  writeCopies(who, { bookings: Object.fromEntries(kept) });
}

export function readOfflineCopy<T>(
  pnr: string,
  who: OfflineOwner = currentOfflineOwner(),
): OfflineCopy<T> | null {
  return (readCopies(who).bookings[pnr.toUpperCase()] as OfflineCopy<T> | undefined) ?? null;
}

export function removeOfflineCopy(pnr: string, who: OfflineOwner = currentOfflineOwner()): void {
  const copies = readCopies(who);
  const { [pnr.toUpperCase()]: _removed, ...rest } = copies.bookings;
  writeCopies(who, { bookings: rest });
}

/** Whether a failed read means "no network" (then the stored copy may answer). */
function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const status = (error as { status?: unknown } | null)?.status;
  return status === 0;
}

/** Whether a failed read means the booking is gone for this reader (the copy goes too). */
function isGone(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403 || status === 404;
}

/**
 * Reads a booking through `fetcher`, keeping a copy on success; when the server cannot be
 * reached, answers the stored copy (and marks it as the one shown). Without a copy, the error
 * stands.
 */
export async function withOfflineCopy<T>(
  pnr: string,
  fetcher: () => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<T> {
  try {
    const data = await fetcher();
    saveOfflineCopy(pnr, data, now());
    if (served?.pnr === pnr.toUpperCase()) {
      served = null;
      notify();
    }
    return data;
  } catch (error) {
    if (isGone(error)) removeOfflineCopy(pnr);
    if (!isUnreachable(error)) throw error;
    const copy = readOfflineCopy<T>(pnr);
    if (!copy) throw error;
    served = { pnr: pnr.toUpperCase(), syncedAt: copy.syncedAt };
    notify();
    return copy.data;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored copy the app is showing instead of a fresh read, if any. */
export function useServedOfflineCopy(): { readonly pnr: string; readonly syncedAt: string } | null {
  return useSyncExternalStore(
    subscribe,
    () => served,
    () => null,
  );
}

/** Forgets the owner and the shown copy (sign-out; tests). */
export function resetOfflineBookings(): void {
  owner = null;
  served = null;
  notify();
}
