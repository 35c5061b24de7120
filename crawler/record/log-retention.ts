/**
 * STO-6: the writes of log retention — rows of the tables that grow with every request,
 * older than their window (lib/config.ts `retention`), are deleted. What stays whatever its
 * age: successful front-page captures (they tile the rank spans, STO-1), the robots.txt
 * versions (proof of what we obeyed), the publishers' tables, the audit log and the data
 * deletions. The windows cannot be set below the longest period a public figure reads
 * (7 days on /estado and the outlet pages; 24 h for the login throttle), so pruning never
 * changes a published figure.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import type { Config } from "../../lib/config";

const DAY_MS = 24 * 3_600_000;

/** Rows deleted per table. */
export type PrunedCounts = Record<"fetch_log" | "frontpage_captures" | "probes" | "form_submissions" | "sessions", number>;

/** Delete the rows older than their window at `now`; returns how many per table. */
export async function pruneLogs(db: Executor, windows: Config["retention"], now: number): Promise<PrunedCounts> {
  const before = (days: number) => sqlTime(now - days * DAY_MS);
  const count = async (statement: ReturnType<typeof sql>) => (await db.execute(statement)).count ?? 0;
  return {
    fetch_log: await count(sql`delete from fetch_log where at < ${before(windows.requestsDays)}`),
    frontpage_captures: await count(
      sql`delete from frontpage_captures where outcome <> 'ok' and at < ${before(windows.failedCapturesDays)}`,
    ),
    probes: await count(sql`delete from probes where at < ${before(windows.probesDays)}`),
    form_submissions: await count(sql`delete from form_submissions where at < ${before(windows.formAttemptsDays)}`),
    // Expired sessions open nothing; they go at once.
    sessions: await count(sql`delete from sessions where expires_at <= ${sqlTime(now)}`),
  };
}
