/**
 * Bulk-file housekeeping (SPEC WEB-9, STO-4): write the previous UTC day's files once
 * it is over, keep `keepDays` days, and rewrite any kept day whose files no longer say what the
 * exports would — an exclusion or a withheld byline in force since (the policy digest changed),
 * or an outlet whose rows they hold had its data deleted after they were written. Run by the
 * worker's housekeeping every few minutes, so a deletion reaches these files within the hour,
 * well inside the 72 hours every other copy has (db/backup/tend.ts does the same for backups).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { errorMessage, type Logger } from "../../lib/log";
import { BULK_DAY, needsRewrite, parseBulkManifest, utcDay } from "../../lib/bulk/manifest";
import type { Executor } from "../client";
import { fromSqlTime } from "../sql-time";
import { loadApiScope } from "../open-data/context";
import { contextDigest, MANIFEST, writeBulkDay } from "./write-day";

/** A leftover work folder this old (real time) is a write that died midway: deleted. */
const STALE_WORK_MS = 6 * 3_600_000;

/** What one round did, by day. */
export interface BulkReport {
  written: string[];
  rewritten: string[];
  rotated: string[];
}

/** Outlets whose data was deleted (data_deletions), by slug, with their latest sweep. */
export async function bulkDeletions(db: Executor): Promise<{ slug: string; lastDeletedAt: number }[]> {
  const rows = await db.execute<{ slug: string; last: string | Date }>(sql`
    select o.slug, max(d.last_deleted_at) as last from data_deletions d join outlets o on o.id = d.outlet_id group by o.slug`);
  return rows.map((r) => ({ slug: r.slug, lastDeletedAt: fromSqlTime(r.last)! }));
}

/** The day folders under `dir` (newest first), and leftovers of writes that died. */
async function listDays(dir: string): Promise<{ days: string[]; leftovers: string[] }> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return {
    days: names
      .filter((n) => BULK_DAY.test(n))
      .sort()
      .reverse(),
    leftovers: names.filter((n) => /^\d{4}-\d{2}-\d{2}\.(partial|old)-\d+$/.test(n)),
  };
}

/** The first day a window of `keepDays` days ending with yesterday keeps. */
export function oldestKept(now: number, keepDays: number): string {
  return utcDay(now, -keepDays);
}

/** One round: write yesterday if missing, rotate past the window, rewrite stale days. */
export async function tendBulk(o: { db: Executor; dir: string; keepDays: number; now: number; log: Logger }): Promise<BulkReport> {
  const report: BulkReport = { written: [], rewritten: [], rotated: [] };
  const { days, leftovers } = await listDays(o.dir);
  for (const name of leftovers) {
    const stat = await fs.stat(path.join(o.dir, name)).catch(() => undefined);
    // File times are real time, whatever clock the caller runs on.
    if (stat && Date.now() - stat.mtimeMs > STALE_WORK_MS) await fs.rm(path.join(o.dir, name), { recursive: true, force: true });
  }
  const yesterday = utcDay(o.now, -1);
  const oldest = oldestKept(o.now, o.keepDays);
  const kept: string[] = [];
  for (const day of days) {
    if (day < oldest || day > yesterday) {
      if (day < oldest) {
        await fs.rm(path.join(o.dir, day), { recursive: true, force: true });
        report.rotated.push(day);
        o.log.info("bulk.rotated", { day, keepDays: o.keepDays });
      }
    } else kept.push(day);
  }
  const scope = await loadApiScope(o.db);
  const ctx = { ...scope, db: o.db, now: o.now };
  const current = { policyDigest: contextDigest(ctx), deletions: await bulkDeletions(o.db) };
  if (!kept.includes(yesterday)) {
    await writeBulkDay({ ctx, dir: o.dir, day: yesterday, now: o.now });
    report.written.push(yesterday);
    o.log.info("bulk.written", { day: yesterday });
  }
  for (const day of kept) {
    const text = await fs.readFile(path.join(o.dir, day, MANIFEST), "utf8").catch(() => "");
    const manifest = parseBulkManifest(text);
    if (manifest && !needsRewrite(manifest, current)) continue;
    try {
      await writeBulkDay({ ctx, dir: o.dir, day, now: o.now });
      report.rewritten.push(day);
      o.log.info("bulk.rewritten", { day, why: manifest ? "policies or deletions since" : "no readable manifest" });
    } catch (error) {
      // A day that cannot be rewritten must not stay published with withheld data in it.
      await fs.rm(path.join(o.dir, day), { recursive: true, force: true });
      report.rotated.push(day);
      o.log.error("bulk.dropped", { day, error: errorMessage(error) });
    }
  }
  return report;
}
