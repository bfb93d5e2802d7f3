import { setupServer } from 'msw/node';

/**
 * The stand-in for the server in unit tests (Mock Service Worker). `setup-tests.ts` starts it for
 * every test file with `onUnhandledRequest: 'error'`, so a request no handler takes fails the
 * test; tests give it handlers through `mockApi` / `mockAppApi` (`mock-api.ts`).
 */
export const mockServer = setupServer();
