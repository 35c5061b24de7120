/**
 * The worker's share of the nightly bulk files (SPEC WEB-9, STO-4): every `BULK_TEND_EVERY_MS`
 * of clock time, write the previous day's files once it is over, rotate past the window and
 * rewrite any kept day a deletion or a new exclusion has made stale (db/bulk/tend.ts).
 */
import type { Db } from "../../db/client";
import { tendBulk } from "../../db/bulk/tend";
import { errorMessage, type Logger } from "../../lib/log";

/** Clock time between two rounds: a deletion reaches the files well inside STO-4's 72 hours. */
export const BULK_TEND_EVERY_MS = 15 * 60_000;

/** The chore the worker's housekeeping runs; returns the days written, rewritten or rotated. */
export function createBulkTender(o: { db: Db; now: () => number; dir: string; keepDays: number; log: Logger }) {
  let nextAt = Number.NEGATIVE_INFINITY;
  return async (): Promise<number> => {
    const now = o.now();
    if (now < nextAt) return 0;
    nextAt = now + BULK_TEND_EVERY_MS;
    try {
      const report = await tendBulk({ db: o.db, dir: o.dir, keepDays: o.keepDays, now, log: o.log });
      return report.written.length + report.rewritten.length + report.rotated.length;
    } catch (error) {
      // A full disk or a slow database must not hold up the rest of the housekeeping; the next round retries.
      o.log.error("bulk.failed", { error: errorMessage(error) });
      return 0;
    }
  };
}
