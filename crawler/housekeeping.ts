/**
 * The worker's periodic work beside its jobs (PUB-2 token checks): run the pipeline's
 * housekeeping every `everyMs` of clock time until the signal aborts. A failure is logged
 * and retried on the next round; it never stops the worker.
 */
import type { Clock } from "../lib/clock";
import { errorMessage, type Logger } from "../lib/log";
import type { Pipeline } from "./schedule/pipeline";

export async function runHousekeeping(o: {
  pipeline: Pipeline;
  clock: Clock;
  log: Logger;
  signal: AbortSignal;
  everyMs?: number;
}): Promise<void> {
  const { pipeline, clock, log, signal } = o;
  if (!pipeline.housekeeping) return;
  const everyMs = o.everyMs ?? 60_000;
  while (!signal.aborted) {
    try {
      const done = await pipeline.housekeeping(signal);
      if (done > 0) log.info("housekeeping.done", { items: done });
    } catch (error) {
      if (!signal.aborted) log.error("housekeeping.failed", { error: errorMessage(error) });
    }
    await clock.sleep(everyMs, signal).catch(() => {});
  }
}
