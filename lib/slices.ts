/**
 * Long computations in a process that also serves timers and sockets (the worker's jobs):
 * a computation written as a generator that yields between its steps is run either at once
 * (`runToEnd`) or in slices of about `sliceMs`, each followed by a turn of the event loop
 * (`runInSlices`), with the same result.
 */

/** How to slice: the slice length and the time source (injected by tests). */
export interface SliceOptions {
  /** Time spent computing before the event loop gets a turn. @default 20 */
  sliceMs?: number;
  /** Milliseconds from an arbitrary origin. @default performance.now */
  now?: () => number;
}

/** The generator's result, computed without interruption. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The generator's result, computed in slices with a turn of the event loop between them. */
export async function runInSlices<T>(steps: Generator<void, T>, o: SliceOptions = {}): Promise<T> {
  const sliceMs = o.sliceMs ?? 20;
  const now = o.now ?? (() => performance.now());
  let sliceStart = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = now();
    }
  }
}
