/**
 * What a source poll writes about the source and its site (SPEC BLK-1, BLK-2, BLK-6,
 * SCH-2): the unchanged-captures count behind the front-page schedule, the hourly probe of a
 * closed front page, a resource closed by a block or challenge, and a failure's pause.
 * A success is written by the polite client with the site's release.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/**
 * SCH-2: a capture that changed the front page resets the count; one that did not adds to it;
 * a failed extraction (`changed` undefined, EXT-6) leaves it as it was. Returns the count.
 */
export async function countUnchangedCapture(db: Executor, p: { sourceId: number; changed: boolean | undefined }): Promise<number> {
  const changed = p.changed ?? null;
  const [row] = await db.execute<{ unchanged_captures: number }>(sql`
    update sources set unchanged_captures = case when ${changed}::boolean then 0
      when ${changed}::boolean is null then unchanged_captures else unchanged_captures + 1 end
    where id = ${p.sourceId} returning unchanged_captures`);
  return row?.unchanged_captures ?? 0;
}

/** BLK-2: one probe per site per hour, whichever worker gets there first; false when another took it. */
export async function claimProbe(db: Executor, p: { domain: string; now: number; everyMs: number }): Promise<boolean> {
  const claimed = await db.execute(sql`
    update sites set last_probe_at = ${sqlTime(p.now)}
    where domain = ${p.domain} and (last_probe_at is null or last_probe_at <= ${sqlTime(p.now - p.everyMs)})
    returning domain`);
  return claimed.length > 0;
}

/** BLK-2: a probe's answer, for the outlet's record of its closed front page. */
export async function recordProbe(
  db: Executor,
  p: { domain: string; outletId: number; url: string; at: number; status: number | null; answered: boolean },
): Promise<void> {
  await db.execute(sql`
    insert into probes (site_domain, outlet_id, url, at, status, answered)
    values (${p.domain}, ${p.outletId}, ${p.url}, ${sqlTime(p.at)}, ${p.status}, ${p.answered})`);
}

/**
 * BLK-1: a block or challenge closes the resource. A front page closed now gets its first
 * probe an hour later (BLK-2), so its site's probe clock starts at the block.
 */
export async function recordSourceClosed(db: Executor, p: { sourceId: number; now: number; startProbeClockOf?: string }): Promise<void> {
  await db.execute(
    sql`update sources set closed_since = coalesce(closed_since, ${sqlTime(p.now)}), last_failure_at = ${sqlTime(p.now)} where id = ${p.sourceId}`,
  );
  if (p.startProbeClockOf) await db.execute(sql`update sites set last_probe_at = ${sqlTime(p.now)} where domain = ${p.startProbeClockOf}`);
}

/** BLK-6: a failed poll counted, with the pause it earned (none for front pages) and whether the source is now dead. */
export async function recordSourceFailure(
  db: Executor,
  p: { sourceId: number; now: number; pause?: { pauseMs: number; dead: boolean } },
): Promise<void> {
  await db.execute(sql`
    update sources set consecutive_failures = consecutive_failures + 1, last_failure_at = ${sqlTime(p.now)},
      failing_since = coalesce(failing_since, ${sqlTime(p.now)}),
      paused_until = ${p.pause ? sqlTime(p.now + p.pause.pauseMs) : null}::timestamptz,
      dead = ${p.pause?.dead ?? false}
    where id = ${p.sourceId}`);
}
