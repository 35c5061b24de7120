/**
 * The worker's chore that keeps "Estado" and "Cabeceras" cheap to serve: once a minute of its clock,
 * it counts every outlet's week of captures, reads, probes, articles and requests and stores the
 * figures (db/figures/outlet-status.ts), which the pages read instead of counting them per render.
 */
import type { Db } from "../../db/client";
import { loadPolicies } from "../../db/policies-in-force";
import { refreshOutletStatus, STATUS_REFRESH_MS } from "../../db/figures/outlet-status";

/**
 * A chore that refreshes the stored status once it is a minute old. It counts as no item done: it
 * runs every round, and the round's "housekeeping.done" line is for work that came due.
 */
export function createStatusKeeper({ db, now }: { db: Db; now: () => number }): () => Promise<number> {
  return async () => {
    await refreshOutletStatus(db, await loadPolicies(db), now(), { olderThanMs: STATUS_REFRESH_MS });
    return 0;
  };
}
