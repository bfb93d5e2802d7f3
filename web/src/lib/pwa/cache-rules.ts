/**
 * Which responses the service worker may keep for offline use (SPEC §8, DESIGN §8). Only public
 * reads are cached, and only those named here: an allow-list, never a deny-list, because the Cache
 * API ignores HTTP caching headers. Nothing about a signed-in user, a booking, a payment, a
 * support ticket or a push subscription ever matches. Pure functions, shared by the worker and its
 * tests.
 */

import { isServerPath, looksLikeFile } from '@uniquair/contract/server-paths';

/** Cache of the public API reads (reference data, content pages, calendars, results by hash). */
export const PUBLIC_DATA_CACHE = 'uniquair-public-v1';
/** Cache of search results by hash: they expire, so fewer and shorter-lived. */
export const SEARCH_RESULTS_CACHE = 'uniquair-search-results-v1';

/** Prefix of every cache the service worker's precache owns (Workbox's default name). */
export const PRECACHE_PREFIX = 'workbox-precache';

export interface CacheRule {
  /** The Cache Storage cache the response goes to. */
  readonly cacheName: string;
  /** How long an entry may be used offline, in seconds. */
  readonly maxAgeSeconds: number;
  /** Entries kept at most (least recently used first out). */
  readonly maxEntries: number;
  /**
   * Whether an answer that varies with the cookies may be kept: only for the start-up data, whose
   * cookies are the visitor's language, currency and partner — never a session's data.
   */
  readonly varyCookieAllowed?: boolean;
  /**
   * Whether a stored copy answers at once while the worker fetches a fresh one for next time
   * (stale-while-revalidate): for the reads the server marks cacheable by everyone, which change
   * seldom. Otherwise the network answers first and the copy is kept for offline use.
   */
  readonly staleWhileRevalidate?: boolean;
}

const DAY = 86_400;

const PUBLIC: CacheRule = {
  cacheName: PUBLIC_DATA_CACHE,
  maxAgeSeconds: 30 * DAY,
  maxEntries: 300,
};
const RESULTS: CacheRule = { cacheName: SEARCH_RESULTS_CACHE, maxAgeSeconds: DAY, maxEntries: 30 };
const STARTUP: CacheRule = { ...PUBLIC, varyCookieAllowed: true };
/** Route network, countries, titles and content pages: the same for everyone, seldom changed. */
const REFERENCE: CacheRule = { ...PUBLIC, staleWhileRevalidate: true };

const LOCALE = '[A-Za-z]{2,3}(?:_[A-Za-z]{2})?';

/** The public reads and the cache each goes to. Paths only: the query string may vary. */
const ALLOW_LIST: ReadonlyArray<readonly [RegExp, CacheRule]> = [
  // Start-up data, route list and airports, currencies, ticket types.
  [/^\/api\/data\/init$/, STARTUP],
  [/^\/api\/data\/routes$/, REFERENCE],
  [/^\/api\/data\/currencies$/, PUBLIC],
  [/^\/api\/data\/ticket-types$/, PUBLIC],
  // Countries and titles in a language.
  [new RegExp(`^/api/data/${LOCALE}/(?:countries|titles)$`), REFERENCE],
  // Content pages by slug or id.
  [/^\/api\/data\/page\/[A-Za-z0-9-]{1,100}$/, REFERENCE],
  // Price calendars (months, days) and offers per airport.
  [/^\/api\/cheapest-price\/months\/\d{1,9}$/, PUBLIC],
  [/^\/api\/cheapest-price\/days\/\d{1,9}\/\d{4}\/\d{1,2}$/, PUBLIC],
  [/^\/api\/cheapest-price\/[A-Za-z0-9]{1,10}\/offers$/, PUBLIC],
  // Search results by hash.
  [/^\/api\/search\/result\/[0-9a-f]{32}$/, RESULTS],
];

/**
 * The cache rule for a request, or null when it must never be cached: other origins, anything but
 * GET, and every path not on the allow-list.
 */
export function cacheRuleFor(
  request: { readonly method: string; readonly url: string },
  origin: string,
): CacheRule | null {
  if (request.method !== 'GET') return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  for (const [pattern, rule] of ALLOW_LIST) {
    if (pattern.test(url.pathname)) return rule;
  }
  return null;
}

/**
 * Whether a response to an allowed read may be stored: a complete 200 that does not depend on
 * the visitor's session (`Vary: Cookie`, `Cache-Control: no-store`). A second guard behind the
 * allow-list, should a public path ever start answering with personal data.
 */
export function isStorableResponse(
  response: {
    readonly status: number;
    readonly headers: { get(name: string): string | null };
  },
  rule: Pick<CacheRule, 'varyCookieAllowed'> = {},
): boolean {
  if (response.status !== 200) return false;
  const vary = (response.headers.get('vary') ?? '').toLowerCase().split(',');
  if (vary.some((name) => name.trim() === '*')) return false;
  if (!rule.varyCookieAllowed && vary.some((name) => name.trim() === 'cookie')) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/\bno-store\b/.test(cacheControl);
}

/** The public reads the worker fetches as soon as it is active, so the next start works offline. */
export const WARM_UP_URLS: readonly string[] = ['/api/data/init', '/api/data/routes'];

/** Conditional request headers the worker drops when it has no copy to revalidate. */
export const CONDITIONAL_HEADERS: readonly string[] = ['if-modified-since', 'if-none-match'];

/**
 * Page navigations the worker answers with the app shell: everything but the server's own paths
 * (the list the server keeps too, `@uniquair/contract/server-paths`) and files.
 */
export function isAppNavigation(pathname: string): boolean {
  return !isServerPath(pathname) && !looksLikeFile(pathname);
}

/** Caches the worker owns that hold data (not the precached app code). */
export function isDataCache(name: string): boolean {
  return !name.startsWith(PRECACHE_PREFIX);
}

/** The data caches the rules above fill. */
const RUNTIME_CACHES: readonly string[] = [PUBLIC_DATA_CACHE, SEARCH_RESULTS_CACHE];

/**
 * A data cache that no rule fills any more: an earlier version's (such as the page's own copy of
 * the route list, `uniquair-data-v1`, before the browser's HTTP cache kept it). The worker deletes
 * these when it activates, so nothing is kept that nothing reads.
 */
export function isRetiredCache(name: string): boolean {
  return isDataCache(name) && !RUNTIME_CACHES.includes(name);
}
