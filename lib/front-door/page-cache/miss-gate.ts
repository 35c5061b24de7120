/**
 * The bound on renders (SPEC SEC-6, OPS-2): a request the page cache cannot answer takes a
 * slot, at most `perReader` at once for one reader address and `total` in all. Beyond that
 * it waits in a short queue (at most `perReader` per reader, `queue` in all, `queueWaitMs`
 * each), then is refused (`Busy`: the front door answers a fast 503 with Retry-After). One
 * client with twenty connections thus holds two renders, not twenty, and never a pile that
 * outlives it; the cache's hits never pass through here, so they never wait behind misses.
 */

/** Refused: the reader or the site has as many renders going and waiting as allowed. */
export class Busy extends Error {
  constructor(reason: string) {
    super(`too many renders: ${reason}`);
  }
}

export interface MissLimits {
  /** Renders in flight for one reader address. */
  perReader: number;
  /** Renders in flight in all. */
  total: number;
  /** Requests waiting for a slot, in all (each reader at most `perReader`). */
  queue: number;
  /** Longest a request waits in the queue before its 503 (ms). */
  queueWaitMs: number;
  /**
   * Exports streaming at once, in all; one per reader. An export is built from the database as
   * it streams: two months of articles keep a renderer and PostgreSQL busy for about 15 s, so
   * eight at once would hold every render slot that long and leave none for pages. Bulk files,
   * read from disk, are not exports. @default 2
   */
  exports?: number;
}

export interface MissGate {
  /**
   * Run `work` in a slot of `reader`'s once one is free; rejects with Busy, or when `signal` aborts
   * while it waits. An undefined reader (one on this machine: the operator, a benchmark) is held
   * to the total bound only.
   */
  run<T>(reader: string | undefined, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Renders going and waiting now. */
  load(): { inFlight: number; queued: number };
}

interface Waiter {
  reader: string | undefined;
  start: () => void;
}

export function createMissGate(limits: MissLimits): MissGate {
  const running = new Map<string, number>();
  let inFlight = 0;
  const queue: Waiter[] = [];
  const count = (reader: string | undefined) => (reader === undefined ? 0 : (running.get(reader) ?? 0));
  const mayStart = (reader: string | undefined) => inFlight < limits.total && count(reader) < limits.perReader;
  const take = (reader: string | undefined) => {
    inFlight++;
    if (reader !== undefined) running.set(reader, count(reader) + 1);
  };
  const release = (reader: string | undefined) => {
    inFlight--;
    if (reader === undefined) return startNext();
    const left = count(reader) - 1;
    if (left > 0) running.set(reader, left);
    else running.delete(reader);
    startNext();
  };
  /** The first waiter whose reader is under their own bound goes next. */
  const startNext = () => {
    const next = queue.findIndex((w) => mayStart(w.reader));
    if (next !== -1) queue.splice(next, 1)[0]!.start();
  };
  const started = <T>(reader: string | undefined, work: () => Promise<T>): Promise<T> => {
    take(reader);
    let result: Promise<T>;
    try {
      result = work();
    } catch (error) {
      result = Promise.reject(error);
    }
    return result.finally(() => release(reader));
  };
  return {
    run(reader, work, signal) {
      if (mayStart(reader)) return started(reader, work);
      if (queue.length >= limits.queue) return Promise.reject(new Busy("queue full"));
      if (reader !== undefined && queue.filter((w) => w.reader === reader).length >= limits.perReader)
        return Promise.reject(new Busy("reader's queue full"));
      return new Promise((resolve, reject) => {
        const leave = (error: Error) => {
          const at = queue.indexOf(waiter);
          if (at !== -1) queue.splice(at, 1);
          clearTimeout(timer);
          signal?.removeEventListener("abort", aborted);
          reject(error);
        };
        const aborted = () => leave(new Busy("reader left"));
        const waiter: Waiter = {
          reader,
          start() {
            clearTimeout(timer);
            signal?.removeEventListener("abort", aborted);
            started(reader, work).then(resolve, reject);
          },
        };
        const timer = setTimeout(() => leave(new Busy("waited too long")), limits.queueWaitMs);
        signal?.addEventListener("abort", aborted, { once: true });
        queue.push(waiter);
      });
    },
    load: () => ({ inFlight, queued: queue.length }),
  };
}

/**
 * The defaults (lib/config.ts's HEMEROSCOPIO_MISSES_* knobs): two renders per reader — a
 * browser asks for a page and maybe its chart at once — and eight in all, two queued per
 * reader and sixteen in all for at most two seconds. One renderer on two cores renders a
 * handful of pages at once at best; more in flight only queue inside it, out of our sight.
 * Two exports at once, within those eight.
 */
export const DEFAULT_MISS_LIMITS: MissLimits = { perReader: 2, total: 8, queue: 16, queueWaitMs: 2_000, exports: 2 };

/** The gate exports pass before the renders' own: `limits.exports` in all, one per reader, as many waiting. */
export function createExportGate(limits: MissLimits): MissGate {
  const atOnce = limits.exports ?? DEFAULT_MISS_LIMITS.exports!;
  return createMissGate({ perReader: 1, total: atOnce, queue: atOnce, queueWaitMs: limits.queueWaitMs });
}
