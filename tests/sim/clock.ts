/**
 * The simulator's notion of "now". Content is a function of (seed, outlet, time), so
 * tests inject a fake clock and advance it instead of sleeping; `npm run sim` uses
 * the real one. Only `now()` is needed, so any richer `Clock` (with `sleep`) fits.
 */

/** Where the simulated web reads the current time from (epoch milliseconds). */
export interface SimClock {
  now(): number;
}

/** A clock a test moves by hand. */
export interface FakeClock extends SimClock {
  /** Jump to an absolute time. */
  set(ms: number): void;
  /** Move forward by `ms` (negative values are refused: time does not run back). */
  advance(ms: number): void;
}

/** The wall clock, for `npm run sim` and the demo. */
export const realClock: SimClock = { now: () => Date.now() };

/** A fake clock starting at `startMs` (default 2025-03-10 08:00 UTC, a Monday morning). */
export function createFakeClock(startMs: number = Date.parse("2025-03-10T08:00:00Z")): FakeClock {
  let current = startMs;
  return {
    now: () => current,
    set(ms) {
      current = ms;
    },
    advance(ms) {
      if (ms < 0) throw new RangeError("a fake clock only moves forward");
      current += ms;
    },
  };
}
