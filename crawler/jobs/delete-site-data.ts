/**
 * STO-4: the data of an outlet goes when it asks for a total exclusion (PUB-1) or when its
 * robots.txt shuts our token out by name — well within the 72 hours the SPEC allows: the
 * worker looks every few minutes of clock time and deletes at once. Deleted: articles and
 * everything hanging from them (headline versions, rank spans, fingerprints, body
 * summaries), front-page captures, probes and signals, and the derived rows keyed by the
 * hashes of its headlines. Kept: the decision (exclusions, data_deletions, the robots.txt
 * version that blocked us), the request log (fetch_log) and the copies of its legal notice
 * (LEG-1, the terms we collected under). A later sweep removes anything a job in flight
 * recorded after the first one. On the same look, outlets under «sin anotación de modelo»
 * lose the story rows that a model derived from their headlines (PUB-1, model-scope-purge.ts).
 */
import type { Db } from "../../db/client";
import { fromSqlTime } from "../../db/sql-time";
import { parseRobots } from "../../lib/robots/robots";
import {
  deleteOutletData,
  exclusionTriggers,
  frontPageRobotsFiles,
  outletHasData,
  recordDeletedCounts,
  recordDeletionDecision,
  type DeletionTrigger,
} from "../record/deletions";
import { purgeModelScope } from "../derive/model-scope-purge";

/** Clock time between two looks for triggers. */
export const DELETION_CHECK_EVERY_MS = 5 * 60_000;

/**
 * A robots.txt blocks us by name when a group names our product token and that group
 * does not allow the outlet's front page. A block of every crawler (`*`) is obeyed like
 * any robots.txt but is not addressed to us, so it deletes nothing.
 */
export function blocksByName(robotsTxt: string, homepage: string, productToken: string): boolean {
  const robots = parseRobots(robotsTxt);
  return robots.namesAgent(productToken) && !robots.isAllowed(homepage, productToken);
}

/** Outlets whose front page's robots.txt, as last read, blocks us by name. */
async function robotsTriggers(db: Db, productToken: string): Promise<DeletionTrigger[]> {
  const out: DeletionTrigger[] = [];
  for (const r of await frontPageRobotsFiles(db)) {
    const origin = URL.canParse(r.homepage) ? new URL(r.homepage).origin : undefined;
    if (origin !== r.host || !blocksByName(r.robots_txt, r.homepage, productToken)) continue;
    out.push({
      outletId: r.outlet_id,
      reason: "robots-block",
      robotsVersionId: r.version_id,
      triggeredAt: fromSqlTime(r.first_fetched_at)!,
    });
  }
  return out;
}

/** The deleter the worker's housekeeping runs; `deleteDue` returns how many outlets it swept. */
export function createSiteDataDeleter(o: { db: Db; now: () => number; productToken: string }) {
  let nextLookAt = Number.NEGATIVE_INFINITY;
  return {
    async deleteDue(signal: AbortSignal): Promise<number> {
      const now = o.now();
      if (now < nextLookAt) return 0;
      nextLookAt = now + DELETION_CHECK_EVERY_MS;
      const triggers = [...(await exclusionTriggers(o.db, now)), ...(await robotsTriggers(o.db, o.productToken))];
      let swept = 0;
      for (const t of triggers) {
        if (signal.aborted) break;
        // The decision is recorded first, so the register can show it even when nothing was stored.
        await recordDeletionDecision(o.db, t, now);
        if (!(await outletHasData(o.db, t.outletId))) continue;
        const counts = await deleteOutletData(o.db, t.outletId, signal);
        await recordDeletedCounts(o.db, t, counts, o.now());
        swept++;
      }
      if (!signal.aborted) {
        const purged = await purgeModelScope(o.db, { now });
        if (purged.fingerprints + purged.memberships > 0) swept++;
      }
      return swept;
    },
  };
}
