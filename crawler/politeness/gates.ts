/**
 * The gates of the crawler, in the order of the one list (`GATES`, lib/gate-list.ts, which the
 * crawler and the site both read): the first check that does not say "go" decides (skip the
 * job, or wait until a time). The job's checks
 * are run by `jobGate` (wired in crawler/compose.ts); the request's checks (`REQUEST_CHECKS`)
 * are run by the polite client (polite-client.ts) on everything it sends — robots.txt and tdmrep.json
 * fetches, redirect hops and exclusion checks included — so no job can skip them.
 */
import { GATES, type JobCheckId } from "../../lib/gate-list";
import type { Job } from "../schedule/claim";
import type { Verdict } from "../schedule/pipeline";

/** One check before a job's first request. */
export type Gate = (job: Job, now: number) => Promise<Verdict>;

/** The job's checks, run in the order of `GATES`: the first that does not say "go" decides. */
export function jobGate(gates: Record<JobCheckId, Gate>): Gate {
  return gateInOrder(GATES.flatMap((g) => (g.runs === "job" ? [gates[g.id]] : [])));
}

/** Checks run in the given order: the first that does not say "go" decides. */
export function gateInOrder(gates: readonly Gate[]): Gate {
  return async (job, now) => {
    for (const gate of gates) {
      const verdict = await gate(job, now);
      if (verdict.kind !== "go") return verdict;
    }
    return { kind: "go" };
  };
}
