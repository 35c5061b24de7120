/**
 * The worker's share of backup housekeeping (OPS-2, STO-4): every `BACKUP_TEND_EVERY_MS` of
 * clock time, rotate the backups of this machine's data dir and rewrite any kept backup that
 * still holds an outlet's deleted data (db/backup/tend.ts). Deletions are swept every few
 * minutes, so a backup is rewritten within an hour of the sweep, far inside STO-4's 72 hours.
 */
import type { Db } from "../../db/client";
import { deletionsForBackups, tendBackups } from "../../db/backup/tend";
import type { Logger } from "../../lib/log";

/** Clock time between two rounds. */
export const BACKUP_TEND_EVERY_MS = 15 * 60_000;

/** The chore the worker's housekeeping runs; returns the files rotated, rewritten or dropped. */
export function createBackupTender(o: { db: Db; now: () => number; dir: string; keep: number; log: Logger }) {
  let nextAt = Number.NEGATIVE_INFINITY;
  return async (): Promise<number> => {
    const now = o.now();
    if (now < nextAt) return 0;
    nextAt = now + BACKUP_TEND_EVERY_MS;
    const report = await tendBackups({ dir: o.dir, keep: o.keep, now, deletions: await deletionsForBackups(o.db), log: o.log });
    return report.rotated.length + report.scrubbed.length + report.dropped.length;
  };
}
