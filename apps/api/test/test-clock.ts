import type { Clock } from '../src/modules/app/clock.ts';

export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

/** A clock that only moves when told to, for tests of expiry, retries and time windows. */
export function createTestClock(start: Date | string = '2025-01-15T10:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
