import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Every test of the file runs on the date of `now`: only `Date` is faked, so timers, waits and
 * user events keep real time.
 */
export function fixDateAt(now: Date): void {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });
}
