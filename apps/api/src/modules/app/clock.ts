export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward (outside production: the journeys, tests' own clocks). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export const isMovable = (clock: Clock): clock is MovableClock =>
  typeof (clock as Partial<MovableClock>).advance === 'function';

/**
 * The system's time plus an offset that only grows: what the app runs on outside production, so
 * a browser journey can move past a hearing's start without waiting for it (POST /api/dev/clock).
 * Production runs on `systemClock`, which cannot be moved.
 */
export function createMovableSystemClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
  };
}
