// Node globals the VM context lacks, before anything (MSW) reads them.
import './node-globals.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { resetErrorReporting } from '../lib/error-reporting.ts';
import { resetThirdPartyScripts } from '../lib/third-party-scripts.ts';
import { installConsoleGuard } from './console-guard.ts';
import { mockServer } from './mock-server.ts';
import { emulateModalDialogs } from './modal-dialogs.ts';

installConsoleGuard();
emulateModalDialogs();

// `findBy…` and `waitFor` give a screen this long to settle (1 s by default): enough for a busy
// machine running test files side by side (a route's first lazy chunk is transformed then), and
// a wrong screen still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

mockServer.listen({ onUnhandledRequest: 'error' });

afterEach(() => {
  cleanup();
  mockServer.resetHandlers();
  mockServer.events.removeAllListeners();
  window.localStorage.clear();
  document.title = '';
  window.history.replaceState(null, '', '/');
  resetErrorReporting();
  resetThirdPartyScripts();
});

afterAll(() => {
  mockServer.close();
});
