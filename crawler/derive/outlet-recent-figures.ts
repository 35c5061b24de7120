/**
 * The worker's chore that keeps the outlet page's default view cheap to serve: every few minutes of
 * its clock, it ranks each outlet's recent captures with the page's own read models and stores the
 * front-page figures (db/figures/outlet-recent-figures.ts), which the page reads instead of ranking
 * them per render.
 */
import type { Db } from "../../db/client";
import { loadPolicies } from "../../db/policies-in-force";
import { RECENT_FIGURES_REFRESH_MS, refreshOutletRecentFigures } from "../../db/figures/outlet-recent-figures";

/**
 * A chore that refreshes the stored figures once they are RECENT_FIGURES_REFRESH_MS old. Like the
 * status chore, it counts as no item done: the round's "housekeeping.done" line is for work that came due.
 */
export function createRecentFiguresKeeper({ db, now }: { db: Db; now: () => number }): () => Promise<number> {
  return async () => {
    await refreshOutletRecentFigures(db, await loadPolicies(db), now(), { olderThanMs: RECENT_FIGURES_REFRESH_MS });
    return 0;
  };
}
