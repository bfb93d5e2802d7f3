import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetErrorReporting } from '../lib/error-reporting.ts';
import { resetThirdPartyScripts } from '../lib/third-party-scripts.ts';
import { installConsoleGuard } from './console-guard.ts';

installConsoleGuard();

// `findBy…` and `waitFor` give a screen this long to settle (1 s by default): enough for a busy
// machine, and a wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

/** `mockApi` replaces `fetch` for one test; every test starts with the real one. */
const originalFetch = globalThis.fetch;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  globalThis.fetch = originalFetch;
  document.title = '';
  window.history.replaceState(null, '', '/');
  resetErrorReporting();
  resetThirdPartyScripts();
});
