import { apiFetch, isApiError } from './api-client.ts';

/**
 * Conditional reads (SPEC §7 `GET /api/data/routes`, §8): the last answer is kept with its
 * `Last-Modified` date; the next request sends `If-Modified-Since`, and a `304` answer keeps the
 * stored copy. When no answer arrives at all (offline), the stored copy is used if there is one.
 */

export interface StoredResponse<T> {
  readonly lastModified: string;
  readonly data: T;
}

/** Where answers are kept between visits. */
export interface ResponseStore {
  read<T>(url: string): Promise<StoredResponse<T> | undefined>;
  write<T>(url: string, entry: StoredResponse<T>): Promise<void>;
}

const CACHE_NAME = 'uniquair-data-v1';

/**
 * The browser's Cache Storage (large enough for the route list, readable by a service worker);
 * where it is unavailable (insecure origin, some private modes), nothing is stored.
 */
export const cacheStorageStore: ResponseStore = {
  async read<T>(url: string) {
    try {
      if (typeof caches === 'undefined') return undefined;
      const cache = await caches.open(CACHE_NAME);
      const response = await cache.match(url);
      const lastModified = response?.headers.get('last-modified');
      if (!response || !lastModified) return undefined;
      return { lastModified, data: (await response.json()) as T };
    } catch {
      return undefined;
    }
  },
  async write<T>(url: string, entry: StoredResponse<T>) {
    try {
      if (typeof caches === 'undefined') return;
      const cache = await caches.open(CACHE_NAME);
      await cache.put(
        url,
        new Response(JSON.stringify(entry.data), {
          headers: { 'content-type': 'application/json', 'last-modified': entry.lastModified },
        }),
      );
    } catch {
      // A full or unavailable cache only costs a full download next time.
    }
  },
};

export async function conditionalGet<T>(
  url: string,
  store: ResponseStore = cacheStorageStore,
): Promise<T> {
  const stored = await store.read<T>(url);
  let answer;
  try {
    answer = await apiFetch<T>(url, {
      headers: stored ? { 'if-modified-since': stored.lastModified } : undefined,
    });
  } catch (error) {
    if (stored && isApiError(error) && error.isNetworkError) return stored.data;
    throw error;
  }
  if (answer.status === 304 && stored) return stored.data;
  if (answer.data === undefined) {
    // A 304 without a stored copy (it was evicted meanwhile): ask again without the condition.
    const fresh = await apiFetch<T>(url);
    return fresh.data as T;
  }
  const lastModified = answer.headers.get('last-modified');
  if (lastModified) await store.write(url, { lastModified, data: answer.data });
  return answer.data;
}
