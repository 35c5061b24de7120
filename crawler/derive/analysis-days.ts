/**
 * The worker's chore that computes the days whose headline analysis changed (db/figures/analysis-days.ts), so the
 * outlet page and the outlets' status over a long period sum a stored row per day. A bounded number of batches a
 * round, so a backlog (an install upgraded with a year of analysed headlines) never holds the rest of the round up.
 */
import type { Executor } from "../../db/client";
import { ANALYSIS_DAYS_BATCH, storeAnalysisDays } from "../../db/figures/analysis-days";

/** Batches of days a round at most. */
const BATCHES_PER_ROUND = 5;

/** A chore returning how many days it computed. */
export function createAnalysisDaysKeeper({ db }: { db: Executor }) {
  return async (signal?: AbortSignal): Promise<number> => {
    let done = 0;
    for (let batch = 0; batch < BATCHES_PER_ROUND && !signal?.aborted; batch++) {
      const stored = await storeAnalysisDays(db);
      done += stored;
      if (stored < ANALYSIS_DAYS_BATCH) break;
    }
    return done;
  };
}
