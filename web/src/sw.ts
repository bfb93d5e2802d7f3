/// <reference lib="webworker" />
/**
 * The service worker (SPEC §4, §7, §8; DESIGN §8), served at `/service-worker.js`:
 * - precaches the app shell and every route chunk and locale catalogue of this build, and answers
 *   page navigations with the shell, so the app starts offline;
 * - keeps the public reads of `lib/pwa/cache-rules.ts` and nothing else: network first (the cached
 *   copy when the network fails), or, for the reads that are the same for everyone, the cached
 *   copy at once while a fresh one is fetched for next time (stale-while-revalidate);
 * - waits after installing until the app asks it to take over (`SKIP_WAITING`), so an update is
 *   the visitor's choice;
 * - shows the server's push notifications and tells open pages about them.
 */
import { PUSH_ENDPOINT_HEADER } from '@uniquair/contract/headers';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import {
  NetworkFirst,
  StaleWhileRevalidate,
  type Strategy,
  type StrategyOptions,
} from 'workbox-strategies';
import {
  cacheRuleFor,
  CONDITIONAL_HEADERS,
  isAppNavigation,
  isRetiredCache,
  isStorableResponse,
  PUBLIC_DATA_CACHE,
  SEARCH_RESULTS_CACHE,
  WARM_UP_URLS,
  type CacheRule,
} from './lib/pwa/cache-rules.ts';
import {
  CLEAR_DATA_CACHES,
  PUSH_MESSAGE,
  SKIP_WAITING,
  notificationTarget,
  parsePushMessage,
} from './lib/pwa/worker-messages.ts';

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Deep links open the shell, which routes in the browser.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url.pathname),
  createHandlerBoundToURL('index.html'),
);

/**
 * One strategy per cache rule: network first (the answer when online, the stored copy offline),
 * or stale-while-revalidate where the rule says so. A conditional read (`If-Modified-Since`) the worker has no copy of goes out unconditional, so
 * the full answer is there to keep; one it has a copy of may come back 304, which the page
 * handles and the stored copy stays.
 */
const strategies = new Map<CacheRule, Strategy>();
function strategyFor(rule: CacheRule): Strategy {
  let strategy = strategies.get(rule);
  if (!strategy) {
    const options: StrategyOptions = {
      cacheName: rule.cacheName,
      plugins: [
        {
          requestWillFetch: async ({ request }) => {
            if (!CONDITIONAL_HEADERS.some((name) => request.headers.has(name))) return request;
            const cache = await caches.open(rule.cacheName);
            if (await cache.match(request)) return request;
            const headers = new Headers(request.headers);
            for (const name of CONDITIONAL_HEADERS) headers.delete(name);
            return new Request(request, { headers });
          },
          cacheWillUpdate: async ({ response }) =>
            isStorableResponse(response, rule) ? response : null,
        },
        new ExpirationPlugin({
          maxEntries: rule.maxEntries,
          maxAgeSeconds: rule.maxAgeSeconds,
          purgeOnQuotaError: true,
        }),
      ],
    };
    strategy = rule.staleWhileRevalidate
      ? new StaleWhileRevalidate(options)
      : new NetworkFirst({ ...options, networkTimeoutSeconds: 10 });
    strategies.set(rule, strategy);
  }
  return strategy;
}

registerRoute(
  ({ request }) => cacheRuleFor(request, self.location.origin) !== null,
  (options) => {
    const rule = cacheRuleFor(options.request, self.location.origin);
    if (!rule) return fetch(options.request);
    return strategyFor(rule).handle(options);
  },
);

// The start-up reads are kept as soon as the worker is active: the page that installed it read
// them before the worker was there to keep them. Caches an earlier version kept and no rule fills
// any more go.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.allSettled([
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter(isRetiredCache).map((name) => caches.delete(name))),
        ),
      ...WARM_UP_URLS.map(async (path) => {
        const request = new Request(new URL(path, self.location.origin), {
          credentials: 'same-origin',
        });
        const rule = cacheRuleFor(request, self.location.origin);
        if (!rule) return;
        const response = await fetch(request);
        if (isStorableResponse(response, rule)) {
          await (await caches.open(rule.cacheName)).put(request, response);
        }
      }),
    ]).then(() => undefined),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SKIP_WAITING) {
    void self.skipWaiting();
  } else if (data?.type === CLEAR_DATA_CACHES) {
    event.waitUntil(
      Promise.all([caches.delete(PUBLIC_DATA_CACHE), caches.delete(SEARCH_RESULTS_CACHE)]).then(
        () => undefined,
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text() ?? '');
  if (!message) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: PUSH_MESSAGE, message });
      await self.registration.showNotification(message.notification.title, {
        ...message.notification.options,
        data: {
          url: notificationTarget(message),
          ...(message.data.watch !== undefined ? { watch: message.data.watch } : {}),
        },
      });
    })(),
  );
});

/** "Stop watching" on a price drop: ends the watch, proven by this browser's push endpoint. */
async function stopWatching(watch: number): Promise<void> {
  const subscription = await self.registration.pushManager.getSubscription();
  if (!subscription) return;
  await fetch(`/api/price-watch/${watch}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [PUSH_ENDPOINT_HEADER]: subscription.endpoint },
    body: '{}',
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown; watch?: unknown } | null;
  if (event.action === 'stop-watch' && typeof data?.watch === 'number') {
    event.waitUntil(stopWatching(data.watch).catch(() => undefined));
    return;
  }
  const target = data?.url;
  const path = typeof target === 'string' && target.startsWith('/') ? target : '/';
  event.waitUntil(
    (async () => {
      const url = new URL(path, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
