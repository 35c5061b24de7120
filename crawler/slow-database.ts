/**
 * OPS-2: a database that answers too slowly is said so, not waited on in silence. A
 * statement of the worker loop that is blocked (a lock held by another client, a pool
 * whose every connection is taken by slow statements) is left to finish — cancelling and
 * resending it would only queue again behind the same cause — but while it waits the
 * worker logs `database.slow` after `firstMs`, then at doubling intervals (at most
 * `maxMs` apart), and `database.answered` once it has its answer.
 */
import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/log";

/** Options of `watchSlow`. */
export interface SlowWatch {
  clock: Clock;
  log: Logger;
  /** Fields every line carries (worker id…). */
  fields: Record<string, unknown>;
  /** First line after this long (worker clock). @default 10_000 */
  firstMs?: number;
  /** Longest time between two lines. @default 300_000 */
  maxMs?: number;
}

/** Resolve or reject as `work` does; log while it takes longer than `firstMs`. */
export async function watchSlow<T>(step: string, work: Promise<T>, o: SlowWatch): Promise<T> {
  const started = o.clock.now();
  const done = new AbortController();
  let slow = false;
  const watching = (async () => {
    let wait = o.firstMs ?? 10_000;
    while (!done.signal.aborted) {
      await o.clock.sleep(wait, done.signal);
      if (done.signal.aborted) return;
      slow = true;
      o.log.warn("database.slow", { ...o.fields, step, waitingMs: o.clock.now() - started });
      wait = Math.min(o.maxMs ?? 300_000, wait * 2);
    }
  })();
  try {
    return await work;
  } finally {
    done.abort();
    await watching;
    if (slow) o.log.info("database.answered", { ...o.fields, step, waitedMs: o.clock.now() - started });
  }
}
