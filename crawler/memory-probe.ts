/**
 * A diagnostic for long runs: every `everyMs` of real time, a full
 * garbage collection and then the process's memory figures, logged at warn level as
 * `worker.memory`. Numbers only (STO-3). It runs only when the process was started with
 * `--expose-gc` and HEMEROSCOPIO_MEMORY_PROBE_S is set (the soak benchmark does both),
 * since a forced collection costs a pause.
 */
import type { Logger } from "../lib/log";

const MiB = 1024 * 1024;

/** Start the probe; returns a function that stops it (a no-op when it could not start). */
export function startMemoryProbe(o: { everyMs: number; log: Logger; gc?: () => void }): () => void {
  const gc = o.gc;
  if (o.everyMs <= 0 || !gc) return () => {};
  const timer = setInterval(() => {
    gc();
    const m = process.memoryUsage();
    const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
    o.log.warn("worker.memory", {
      rssMiB: mib(m.rss),
      heapUsedMiB: mib(m.heapUsed),
      heapTotalMiB: mib(m.heapTotal),
      externalMiB: mib(m.external),
      arrayBuffersMiB: mib(m.arrayBuffers),
    });
  }, o.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
