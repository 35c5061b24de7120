/**
 * The worker's chore that stores each settled article's headline tests and rewrites (db/figures/headline-change-counts.ts),
 * so the outlet page over a long period sums stored counts instead of reading every version. A bounded number of
 * batches a round, so a backlog (an install upgraded with a year of articles) never holds the rest of the round up.
 */
import type { Executor } from "../../db/client";
import { storeSettledHeadlineChangeCounts } from "../../db/figures/headline-change-counts";

/** Batches of articles a round at most. */
const BATCHES_PER_ROUND = 20;

/** A chore returning how many articles' counts it stored. */
export function createHeadlineChangeCounter({ db, now }: { db: Executor; now: () => number }) {
  return (signal?: AbortSignal): Promise<number> => storeSettledHeadlineChangeCounts(db, { now, maxBatches: BATCHES_PER_ROUND, signal });
}
