/**
 * The analysis part of the worker's housekeeping (SPEC DER-2, DER-3, DER-5, STO-4), at the
 * injected clock's time: expired fingerprints are deleted, pending ones clustered into
 * stories, new body summaries compared for wire copy (only when some arrived), and the
 * stories' last sightings moved forward to their articles' (every few minutes).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { clusterPendingStories, type TermCache } from "./cluster-stories";
import { deleteExpiredFingerprints } from "./retention";
import { refreshStoryLastSeen } from "./story-last-seen";
import { flagWireCopies } from "./wire-copy";

/** How often the stories' last sightings are refreshed (clock time). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** A housekeeping round for stories and wire copy; returns items done. */
export function createStoryHousekeeping(o: { db: Db; clock: Pick<Clock, "now"> }): () => Promise<number> {
  let summariesSeen = -1;
  let lastSeenAt = -Infinity;
  const terms: TermCache = { at: 0 };
  return async () => {
    const now = o.clock.now();
    let done = await deleteExpiredFingerprints(o.db, now);
    done += await clusterPendingStories(o.db, { now, cache: terms });
    const [count] = await o.db.execute<{ n: number }>(sql`select count(*)::int as n from body_summaries`);
    if ((count?.n ?? 0) !== summariesSeen) {
      done += await flagWireCopies(o.db, { now });
      summariesSeen = count?.n ?? 0;
    }
    if (now - lastSeenAt >= LAST_SEEN_EVERY_MS || now < lastSeenAt) {
      done += await refreshStoryLastSeen(o.db, { now });
      lastSeenAt = now;
    }
    return done;
  };
}
