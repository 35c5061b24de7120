/**
 * Check 2 of crawler/politeness/gates.ts (SPEC BLK-1, BLK-2): a closed resource is not
 * retried, except a closed front page, which is probed once per site per hour unless its
 * publisher asked us to stop probing. Article reads have no such state.
 */
import type { Executor } from "../../db/client";
import { fromSqlTime } from "../../db/sql-time";
import { sourceState } from "./source-state";
import type { Gate } from "./gates";

/** The gate; `probeEveryMs` is BLK-2's hour. */
export function closedSourceGate(o: { db: Executor; siteOf: (host: string) => string; probeEveryMs?: number }): Gate {
  const probeEvery = o.probeEveryMs ?? 3_600_000;
  return async (job, now) => {
    // An article read, or an open source (the claim says so), needs nothing more.
    if (job.kind === "article" || (job.state && job.state.closedSince === undefined)) return { kind: "go" };
    const s = await sourceState(o.db, { sourceId: job.sourceId, domain: o.siteOf(new URL(job.url).hostname) });
    if (!s.closed_since) return { kind: "go" };
    if (job.kind !== "frontpage") return { kind: "skip", why: "closed" };
    if (s.stop_probing) return { kind: "skip", why: "stop-probing" };
    const last = fromSqlTime(s.last_probe_at) ?? -Infinity;
    if (now - last < probeEvery) return { kind: "wait", until: last + probeEvery, why: "backoff" };
    return { kind: "go" };
  };
}
