import { apiFetch, isApiError } from './api-client.ts';

/**
 * Conditional reads (SPEC §7 `GET /api/data/routes`, §8): the last answer is kept with its
 * `Last-Modified` date; the next request sends `If-Modified-Since`, and a `304` answer keeps the
 * stored copy. When no answer arrives at all (offline), the stored copy is used if there is one.
 *
 * The answer is kept as the text it came in and parsed only when it is used: the route list is
 * large, and writing it out again (`JSON.stringify`) or parsing a copy that a newer answer
 * replaces is main-thread work during start-up. Nor does the start wait for the copy to be kept.
 */

export interface StoredResponse {
  readonly lastModified: string;
  /** The body as the server sent it (JSON text). */
  readonly body: string;
}

/** Where answers are kept between visits. */
export interface ResponseStore {
  read(url: string): Promise<StoredResponse | undefined>;
  write(url: string, entry: StoredResponse): Promise<void>;
}

const CACHE_NAME = 'uniquair-data-v1';

/**
 * The browser's Cache Storage (large enough for the route list, readable by a service worker);
 * where it is unavailable (insecure origin, some private modes), nothing is stored.
 */
export const cacheStorageStore: ResponseStore = {
  async read(url: string) {
    try {
      if (typeof caches === 'undefined') return undefined;
      const cache = await caches.open(CACHE_NAME);
      const response = await cache.match(url);
      const lastModified = response?.headers.get('last-modified');
      if (!response || !lastModified) return undefined;
      return { lastModified, body: await response.text() };
    } catch {
      return undefined;
    }
  },
  async write(url: string, entry: StoredResponse) {
    try {
      if (typeof caches === 'undefined') return;
      const cache = await caches.open(CACHE_NAME);
      await cache.put(
        url,
        new Response(entry.body, {
          headers: { 'content-type': 'application/json', 'last-modified': entry.lastModified },
        }),
      );
    } catch {
      // A full or unavailable cache only costs a full download next time.
    }
  },
};

/** A stored copy's data; undefined when the copy is not JSON (damaged), as if there were none. */
function storedData<T>(entry: StoredResponse): T | undefined {
  try {
    return JSON.parse(entry.body) as T;
  } catch {
    return undefined;
  }
}

export async function conditionalGet<T>(
  url: string,
  store: ResponseStore = cacheStorageStore,
): Promise<T> {
  const stored = await store.read(url);
  let answer;
  try {
    answer = await apiFetch<T>(url, {
      headers: stored ? { 'if-modified-since': stored.lastModified } : undefined,
    });
  } catch (error) {
    const offlineCopy = stored && isApiError(error) && error.isNetworkError;
    const data = offlineCopy ? storedData<T>(stored) : undefined;
    if (data !== undefined) return data;
    throw error;
  }
  const kept = answer.status === 304 && stored ? storedData<T>(stored) : undefined;
  if (kept !== undefined) return kept;
  if (answer.data === undefined) {
    // A 304 without a usable stored copy (evicted or damaged meanwhile): ask again without the
    // condition.
    const fresh = await apiFetch<T>(url);
    return fresh.data as T;
  }
  const lastModified = answer.headers.get('last-modified');
  // Kept in the background: the page needs the answer, not the copy (a failed write only costs a
  // full download next time).
  if (lastModified && answer.text !== undefined) {
    void store.write(url, { lastModified, body: answer.text });
  }
  return answer.data;
}
