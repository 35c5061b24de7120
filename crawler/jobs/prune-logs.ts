/**
 * The worker's log retention (STO-6): every `PRUNE_EVERY_MS` of clock time, the rows of the
 * growing logs older than their window go (crawler/record/log-retention.ts). Each round
 * deletes about an hour's worth, so no statement runs long.
 */
import type { Executor } from "../../db/client";
import type { Config } from "../../lib/config";
import type { Logger } from "../../lib/log";
import { pruneLogs } from "../record/log-retention";

/** Clock time between two rounds. */
export const PRUNE_EVERY_MS = 3_600_000;

/** The chore the worker's housekeeping runs; returns the rows deleted. */
export function createLogPruner(o: { db: Executor; now: () => number; windows: Config["retention"]; log: Logger }) {
  let nextAt = Number.NEGATIVE_INFINITY;
  return async (): Promise<number> => {
    const now = o.now();
    if (now < nextAt) return 0;
    nextAt = now + PRUNE_EVERY_MS;
    const counts = await pruneLogs(o.db, o.windows, now);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > 0) o.log.info("retention.pruned", counts);
    return total;
  };
}
