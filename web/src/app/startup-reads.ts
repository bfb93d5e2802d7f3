/**
 * The API reads of the start-up loader (`startupLoader` in `loaders.ts`) that the build announces
 * in index.html (`<link rel="preload" as="fetch">`, `vite.config.ts`), so the browser fetches
 * them beside the start-up JavaScript rather than after it has run: the init data and the route
 * list, which the service worker also answers offline. The visitor's sign-in state is not among
 * them: offline the loader does not ask for it, and a preload would fail there.
 * `loaders.test.ts` checks that the loader reads every one of them. No imports: the build
 * configuration reads this file.
 */
export const PRELOADED_STARTUP_READS: readonly string[] = ['/api/data/init', '/api/data/routes'];
