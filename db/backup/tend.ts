/**
 * Backup housekeeping (OPS-2, STO-4): keep the newest `keep` backups of the backups folder,
 * and make sure no kept one holds an outlet's data after that data was deleted from the
 * database. Run by `npm run backup` after each backup and by the worker's housekeeping.
 *
 * A backup made before a deletion's last sweep is rewritten without the outlet's rows
 * (db/backup/scrub.ts) rather than dropped: it stays a whole backup of everything else,
 * which a restore needs. A backup that cannot be rewritten (damaged, unreadable, a full
 * disk) is deleted once the deletion is `DROP_AFTER_MS` old, so it is gone well before the
 * 72 hours STO-4 allows. Only files named like `npm run backup`'s default
 * (`hemeroscopio-<time>.backup.gz`) are tended; a backup written elsewhere is the operator's.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { errorMessage, type Logger } from "../../lib/log";
import type { Executor } from "../client";
import { fromSqlTime } from "../sql-time";
import { readBackupHeader } from "./read-rows";
import { scrubBackup } from "./scrub";
import type { BackupHeader } from "./tables";

/** The name of a backup written by `npm run backup` without a file argument. */
export const BACKUP_NAME = /^hemeroscopio-[0-9TZ]+\.backup\.gz$/;
/** A rewrite that keeps failing gives way to deleting the file this long after the deletion. */
export const DROP_AFTER_MS = 48 * 3_600_000;
/** A `.partial` file this old is a backup or rewrite that died midway: deleted. */
const STALE_PARTIAL_MS = 24 * 3_600_000;

/** An outlet whose data was deleted, and the time of the deletion's last sweep. */
export interface BackupDeletion {
  outletId: number;
  lastDeletedAt: number;
}

/** What one round did, by file name. */
export interface TendReport {
  rotated: string[];
  scrubbed: string[];
  dropped: string[];
}

/** The outlets whose data was deleted (STO-4), with their latest sweep. */
export async function deletionsForBackups(db: Executor): Promise<BackupDeletion[]> {
  const rows = await db.execute<{ outlet_id: number; last: string | Date }>(sql`
    select outlet_id, max(last_deleted_at) as last from data_deletions group by outlet_id`);
  return rows.map((r) => ({ outletId: Number(r.outlet_id), lastDeletedAt: fromSqlTime(r.last)! }));
}

/** The deletions a backup still holds rows of: made before the last sweep and not rewritten since. */
export function pendingScrubs(
  header: Pick<BackupHeader, "createdAt" | "scrubbed">,
  deletions: readonly BackupDeletion[],
): BackupDeletion[] {
  const made = Date.parse(header.createdAt);
  return deletions.filter((d) => {
    const covered = header.scrubbed?.[String(d.outletId)];
    return made <= d.lastDeletedAt && (covered === undefined || Date.parse(covered) < d.lastDeletedAt);
  });
}

/** Rotate and scrub the backups in `dir`. */
export async function tendBackups(o: {
  dir: string;
  keep: number;
  now: number;
  deletions: readonly BackupDeletion[];
  log: Logger;
}): Promise<TendReport> {
  const report: TendReport = { rotated: [], scrubbed: [], dropped: [] };
  const names = await fs.readdir(o.dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const backups: { name: string; file: string; madeAt: number; header?: BackupHeader }[] = [];
  for (const name of names) {
    const file = path.join(o.dir, name);
    if (name.endsWith(".partial")) {
      // File times are real time, whatever clock the caller runs on (the demo's runs faster).
      const mtimeMs = (await fs.stat(file).catch(() => undefined))?.mtimeMs ?? Date.now();
      if (Date.now() - mtimeMs > STALE_PARTIAL_MS) await fs.rm(file, { force: true });
      continue;
    }
    if (!BACKUP_NAME.test(name)) continue;
    const header = await readBackupHeader(file).catch(() => undefined);
    // An unreadable file is placed by its modification time.
    backups.push({ name, file, header, madeAt: header ? Date.parse(header.createdAt) : (await fs.stat(file)).mtimeMs });
  }
  backups.sort((a, b) => b.madeAt - a.madeAt || b.name.localeCompare(a.name));
  // Newest first: each file is kept (rewritten when it must be) until `keep` are kept; a dropped one frees its slot.
  let kept = 0;
  for (const b of backups) {
    if (kept >= o.keep) {
      await fs.rm(b.file, { force: true });
      report.rotated.push(b.name);
      o.log.info("backup.rotated", { file: b.name, keep: o.keep });
    } else if (await keepClean(b, o, report)) {
      kept++;
    }
  }
  return report;
}

/** Rewrite a kept backup that still holds deleted data; false when it had to be dropped. */
async function keepClean(
  b: { name: string; file: string; madeAt: number; header?: BackupHeader },
  o: { now: number; deletions: readonly BackupDeletion[]; log: Logger },
  report: TendReport,
): Promise<boolean> {
  const pending = pendingScrubs(b.header ?? { createdAt: new Date(b.madeAt).toISOString() }, o.deletions);
  if (pending.length === 0) return true;
  const outlets = Object.fromEntries(pending.map((d) => [String(d.outletId), new Date(d.lastDeletedAt).toISOString()]));
  try {
    if (!b.header) throw new Error("not a readable backup");
    const rows = await scrubBackup(b.file, outlets);
    report.scrubbed.push(b.name);
    o.log.info("backup.scrubbed", { file: b.name, outlets: Object.keys(outlets).join(","), rows });
    return true;
  } catch (error) {
    const oldest = Math.min(...pending.map((d) => d.lastDeletedAt));
    if (o.now - oldest < DROP_AFTER_MS) {
      o.log.warn("backup.scrub_failed", { file: b.name, error: errorMessage(error) });
      return true;
    }
    await fs.rm(b.file, { force: true });
    report.dropped.push(b.name);
    o.log.error("backup.dropped", { file: b.name, error: errorMessage(error), outlets: Object.keys(outlets).join(",") });
    return false;
  }
}
