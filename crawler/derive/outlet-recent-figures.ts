/**
 * The worker's chore that keeps the outlet page's default view cheap to serve: every few minutes of
 * its clock, it computes each outlet's recent figures with the page's own read models and stores them
 * (db/figures/outlet-recent-figures.ts), which the page reads instead of ranking captures and judging
 * stories per render; in the rounds between, it replaces the front page now of the outlets captured since.
 */
import type { Db } from "../../db/client";
import { loadPolicies } from "../../db/policies-in-force";
import { RECENT_FIGURES_REFRESH_MS, refreshFrontPagesNow, refreshOutletRecentFigures } from "../../db/figures/outlet-recent-figures";

/**
 * A chore that refreshes the stored figures once they are RECENT_FIGURES_REFRESH_MS old, and each
 * outlet's front page now after a new capture. Like the status chore, it counts as no item done: the
 * round's "housekeeping.done" line is for work that came due.
 */
export function createRecentFiguresKeeper({ db, now }: { db: Db; now: () => number }): () => Promise<number> {
  return async () => {
    const policies = await loadPolicies(db);
    const refreshed = await refreshOutletRecentFigures(db, policies, now(), { olderThanMs: RECENT_FIGURES_REFRESH_MS });
    if (refreshed === 0) await refreshFrontPagesNow(db, policies);
    return 0;
  };
}
