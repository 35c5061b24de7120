/**
 * A worker asked to stop finishes the step it is in and exits. One that cannot (a database
 * that accepts connections and never answers, a request hung below its timeouts) is ended
 * once the grace period has passed, so a supervisor, a test or systemd never waits on it
 * forever; its leases expire and another worker takes the work up (SPEC ROB-2).
 */
import type { Logger } from "../lib/log";

/** How long a stopping worker may take to finish its step. */
export const STOP_GRACE_MS = 15_000;

/** End the process `graceMs` from now unless it has exited by then; the timer keeps nothing alive. */
export function exitIfStillRunningAfter(graceMs: number, log: Logger, exit: (code: number) => void = process.exit): void {
  setTimeout(() => {
    log.error("worker.stop_timeout", { graceMs });
    exit(1);
  }, graceMs).unref();
}
