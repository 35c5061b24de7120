/**
 * What the recorder writes about an extraction's outcome (SPEC EXT-6): a failed extraction
 * is recorded as such — for a front page a capture row with outcome `extraction-failed` and
 * no span written, so every open span stays open within the usual gap rule — and the source
 * counts its failed extractions in a row, since when, and the latest (status pages, the
 * operator's queue). A success clears that state. The rule itself is lib/collection/extraction-floor.ts.
 * Writes happen only when the state changes, behind one conditional statement per answered
 * feed or sitemap poll.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { listingExtractionFailed, MEDIAN_CAPTURES } from "../../lib/collection/extraction-floor";

/** The outcome of a front-page capture whose extraction failed. */
export const EXTRACTION_FAILED = "extraction-failed";

/** The link counts of the outlet's latest successful captures (latest first) and the source's failed extractions in a row. */
export async function frontPageHistory(
  db: Executor,
  p: { outletId: number; sourceId: number },
): Promise<{ recent: number[]; failures: number }> {
  const [row] = await db.execute<{ recent: number[] | null; failures: number | null }>(sql`
    select array(
        select link_count from frontpage_captures where outlet_id = ${p.outletId} and outcome = 'ok'
        order by at desc limit ${MEDIAN_CAPTURES}) as recent,
      (select extraction_failures from sources where id = ${p.sourceId}) as failures`);
  return { recent: (row?.recent ?? []).map(Number), failures: row?.failures ?? 0 };
}

const failed = (sourceId: number, at: number) => sql`
  update sources set extraction_failures = extraction_failures + 1,
    extraction_failed_since = coalesce(extraction_failed_since, ${sqlTime(at)}), last_extraction_failure_at = ${sqlTime(at)}
  where id = ${sourceId}`;

/** A front-page capture whose extraction failed: the capture row (with the links it did find) and the source's state; no span. */
export async function recordFailedFrontPage(
  db: Executor,
  p: { sourceId: number; outletId: number; at: number; links: number; renderMode: "static" | "browser" },
): Promise<void> {
  await db.execute(sql`
    with source as (${failed(p.sourceId, p.at)})
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode)
    values (${p.outletId}, ${sqlTime(p.at)}, ${EXTRACTION_FAILED}, ${p.links}, ${p.renderMode})`);
}

/** A source whose extraction copes again (or yields for the first time): its failure state cleared. */
export async function recordExtractionRecovered(db: Executor, sourceId: number): Promise<void> {
  await db.execute(sql`
    update sources set extraction_failures = 0, extraction_failed_since = null, has_yielded = true
    where id = ${sourceId} and (extraction_failures > 0 or not has_yielded)`);
}

/**
 * A feed or sitemap poll that yielded `entries`: a failed extraction by the floor rule
 * (nothing, from a source that yielded before) is recorded and returns true; any entry
 * clears the failure state (one conditional statement, writing only on a change).
 */
export async function recordListingExtraction(db: Executor, p: { sourceId: number; at: number; entries: number }): Promise<boolean> {
  if (p.entries > 0) {
    await recordExtractionRecovered(db, p.sourceId);
    return false;
  }
  const [row] = await db.execute<{ has_yielded: boolean }>(sql`select has_yielded from sources where id = ${p.sourceId}`);
  if (!listingExtractionFailed(p.entries, row?.has_yielded ?? false)) return false;
  await db.execute(failed(p.sourceId, p.at));
  return true;
}
