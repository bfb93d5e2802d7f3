import { afterEach, beforeEach, vi } from 'vitest';
import { clearSearchState } from '../lib/search/search-run.ts';
import { FakeEventSource, FakeWebSocket, resetFakeTransports } from './fake-transports.ts';

/**
 * The setting of a test file that renders the search results page: the clock's date fixed at
 * `now`, no search state left from another test, and the progress transports replaced by the
 * recorded fakes (`FakeEventSource.instances`, `FakeWebSocket.instances`), all undone after each.
 */
export function setUpSearchPageTests(now: Date): void {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    clearSearchState();
    resetFakeTransports();
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearSearchState();
  });
}
