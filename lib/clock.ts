/** Time as a dependency (docs/style.md §5): policy code never reads the wall clock itself. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock; `sleep` resolves early (without throwing) when `signal` aborts. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted || ms <= 0) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    }),
};

/** A clock that only moves when told to: for tests and simulated runs. */
export function manualClock(start: number): Clock & { advance(ms: number): void; set(t: number): void } {
  let t = start;
  const waiters: { at: number; wake: () => void }[] = [];
  const release = () => {
    for (const w of waiters.filter((w) => w.at <= t)) w.wake();
  };
  return {
    now: () => t,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted || ms <= 0) return resolve();
        // Woken by the clock or by the signal, whichever comes first; either way the other is
        // forgotten, so a long-lived signal does not collect a listener per sleep.
        const wake = () => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          signal?.removeEventListener("abort", wake);
          resolve();
        };
        const waiter = { at: t + ms, wake };
        waiters.push(waiter);
        signal?.addEventListener("abort", wake, { once: true });
      }),
    advance(ms) {
      t += ms;
      release();
    },
    set(next) {
      t = next;
      release();
    },
  };
}

/**
 * A clock that runs `scale` times faster than real time from the real instant `origin`
 * (tests and the demo: pacing stays 3–5 s of clock time, which passes in milliseconds).
 * Processes given the same origin and scale share one timeline.
 */
export function scaledClock(scale: number, origin: number = Date.now()): Clock {
  if (scale === 1) return systemClock;
  return {
    now: () => origin + (Date.now() - origin) * scale,
    sleep: (ms, signal) => systemClock.sleep(Math.ceil(ms / scale), signal),
  };
}
