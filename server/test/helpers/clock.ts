import type { Clock } from '../../src/lib/clock.ts';
import { TEST_TODAY } from './database.ts';

/** A clock that stands still until moved; by default 06:00 UTC on the seed's "today". */
export interface TestClock {
  now: Clock;
  /** Moves the clock by some milliseconds (forwards or back). */
  advance(ms: number): void;
  set(instant: string | Date): void;
}

export function testClock(start: string | Date = `${TEST_TODAY}T06:00:00.000Z`): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(instant) {
      current = new Date(instant).getTime();
    },
  };
}
