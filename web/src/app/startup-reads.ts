/**
 * The API reads of the start-up loader (`startupLoader` in `loaders.ts`): the init data, the
 * route list and the visitor's sign-in state. The build announces them in index.html
 * (`<link rel="preload" as="fetch">`, `vite.config.ts`), so the browser fetches them beside the
 * start-up JavaScript rather than after it has run; `loaders.test.ts` keeps this list and the
 * loader's requests the same. No imports: the build configuration reads this file.
 */
export const STARTUP_READS: readonly string[] = [
  '/api/data/init',
  '/api/data/routes',
  '/api/users/current',
];
