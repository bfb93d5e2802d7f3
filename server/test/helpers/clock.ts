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

/**
 * What Intl says the wall clock reads in a time zone at an instant, as `YYYY-MM-DD HH:mm`: the
 * reference the tests of local times compare with.
 */
export function intlLocalTime(timeZone: string): (instant: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (instant) => {
    const parts = Object.fromEntries(
      format.formatToParts(instant).map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}
