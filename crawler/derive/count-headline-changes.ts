/**
 * The worker's chore that stores each settled article's headline tests and rewrites (db/figures/headline-change-counts.ts),
 * so the outlet page over a long period sums stored counts instead of reading every version. A bounded number of
 * batches a round, so a backlog (an install upgraded with a year of articles) never holds the rest of the round up.
 */
import type { Executor } from "../../db/client";
import { COUNT_BATCH, storeHeadlineChangeCounts } from "../../db/figures/headline-change-counts";

/** Batches of articles a round at most. */
const BATCHES_PER_ROUND = 20;

/** A chore returning how many articles' counts it stored. */
export function createHeadlineChangeCounter({ db, now, batch = COUNT_BATCH }: { db: Executor; now: () => number; batch?: number }) {
  return async (signal?: AbortSignal): Promise<number> => {
    let stored = 0;
    for (let i = 0; i < BATCHES_PER_ROUND && !signal?.aborted; i++) {
      const done = await storeHeadlineChangeCounts(db, { now: now(), batch });
      stored += done.stored;
      if (done.read < batch) break;
    }
    return stored;
  };
}
