/**
 * The traveller's trip in this visit: the search result path (`/flights/…` or `/multi/…`) with
 * the flights and fare classes chosen so far, kept in session storage. The results page writes
 * it; the basket on other pages and the booking flow (`/choose/…`) read it. Sign-out clears it
 * with the rest of the session storage.
 */

export const CHOSEN_TRIP_STORAGE_KEY = 'uniquair.search.trip';

export function rememberTrip(path: string): void {
  try {
    window.sessionStorage.setItem(CHOSEN_TRIP_STORAGE_KEY, path);
  } catch {
    // Without storage the basket only shows on the results page itself.
  }
}

/** The last trip's path in this visit, or null. */
export function rememberedTrip(): string | null {
  try {
    return window.sessionStorage.getItem(CHOSEN_TRIP_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetTrip(): void {
  try {
    window.sessionStorage.removeItem(CHOSEN_TRIP_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
