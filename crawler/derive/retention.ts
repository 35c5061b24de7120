/**
 * Retention of derived rows (SPEC STO-4, DER-2): story fingerprints are deleted 72 h after
 * capture; cluster membership (articles.story_id) stays. Run from the worker's
 * housekeeping with its injected clock.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { FINGERPRINT_RETENTION_MS } from "../../lib/analysis/fingerprint";

/** Deletes the fingerprints captured 72 h or more before `now`; returns how many. */
export async function deleteExpiredFingerprints(db: Executor, now: number): Promise<number> {
  const deleted = await db.execute(sql`
    delete from story_fingerprints where captured_at <= ${sqlTime(now - FINGERPRINT_RETENTION_MS)} returning article_id`);
  return deleted.length;
}
