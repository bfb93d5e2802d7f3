import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetErrorReporting } from '../lib/error-reporting.ts';
import { resetThirdPartyScripts } from '../lib/third-party-scripts.ts';
import { installConsoleGuard } from './console-guard.ts';

installConsoleGuard();

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
