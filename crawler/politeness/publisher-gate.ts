/**
 * Check 1 of crawler/politeness/gates.ts: publishers' requests before every job (SPEC
 * PUB-1, PUB-3, PUB-6, PUB-7). The policy module decides, this gate asks it first, ahead of
 * robots.txt and pacing, so an outlet excluded
 * in full gets no request at all, "sin posición" stops its front-page captures and probes,
 * "stop probing" ends the hourly probes of a closed front page, and declined article reads
 * skip a read claimed before the request applied (the claim itself leaves them out). The
 * hourly slow-downs are the scheduler's (crawler/schedule/slow-down.ts).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loadPolicies } from "../../db/policies-in-force";
import { mayRequest, type Policies, type RequestKind } from "../../lib/policy";
import type { Gate } from "./gates";

/** Policies re-read at most every `ttlMs` of clock time (a request in force applies within that). */
export function cachedPolicies(db: Executor, now: () => number, ttlMs = 60_000): () => Promise<Policies> {
  let cached: { at: number; value: Promise<Policies> } | undefined;
  return () => {
    if (!cached || now() - cached.at >= ttlMs) {
      const value = loadPolicies(db);
      cached = { at: now(), value };
      value.catch(() => {
        cached = undefined;
      }); // a failed read is retried on the next job
    }
    return cached.value;
  };
}

/** True when the front-page source is closed, i.e. the next request would be a probe (BLK-2). */
export function closedSourceCheck(db: Executor): (sourceId: number) => Promise<boolean> {
  return async (sourceId) => {
    const [row] = await db.execute<{ closed: boolean }>(sql`select closed_since is not null as closed from sources where id = ${sourceId}`);
    return row?.closed ?? false;
  };
}

/** The publishers' policy as a gate; a front page known to be closed is asked about as a probe. */
export function publisherPolicyGate(o: { policies: () => Promise<Policies>; isClosed: (sourceId: number) => Promise<boolean> }): Gate {
  return async (job) => {
    const policy = (await o.policies()).forOutlet(job.outletId);
    let kind: RequestKind = job.kind;
    if (job.kind === "frontpage" && !policy.probing && policy.positions && !policy.excluded && (await o.isClosed(job.sourceId)))
      kind = "probe";
    return mayRequest(policy, kind) ? { kind: "go" } : { kind: "skip", why: `publisher-policy:${kind}` };
  };
}
