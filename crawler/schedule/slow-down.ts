/**
 * SPEC PUB-7: a publisher's "slow down" request, applied by the scheduler. The front page
 * (or a feed or sitemap) is next due no sooner than the asked gap after the poll that just
 * ended, whatever the change-driven rule (SCH-2) or a failure would have said; article
 * reads, when declined, are never claimed (crawler/schedule/claim.ts) and refused by the
 * publisher gate. The policy is re-read like the exclusions', so a verified request
 * applies from the next poll, within 15 minutes.
 */
import type { OutletPolicy, Policies } from "../../lib/policy";
import type { JobOutcome, Pipeline } from "./pipeline";
import type { Job } from "./claim";

/** The least time between two polls of this kind of job under the policy (0: no request in force). */
export function slowDownGapMs(policy: OutletPolicy, kind: Job["kind"]): number {
  if (kind === "frontpage") return policy.frontPageMinMinutes * 60_000;
  if (kind === "feed" || kind === "sitemap") return policy.sourcesMinMinutes * 60_000;
  return 0;
}

/**
 * When a poll that ended at `endedAt` is next due under the policy: `nextDueAt` (the
 * schedule's own answer), or later when a slow-down asks for a longer gap. Measured from the
 * end of the poll, so two requests' starts are always at least the gap apart.
 */
export function slowedNextDueAt(p: { policy: OutletPolicy; kind: Job["kind"]; endedAt: number; nextDueAt: number }): number {
  const gap = slowDownGapMs(p.policy, p.kind);
  return gap === 0 ? p.nextDueAt : Math.max(p.nextDueAt, p.endedAt + gap);
}

/** The pipeline's `run` with PUB-7 applied to each job's next due time. */
export function withSlowDown(run: Pipeline["run"], o: { policies: () => Promise<Policies>; now: () => number }): Pipeline["run"] {
  return async (job, signal): Promise<JobOutcome> => {
    const outcome = await run(job, signal);
    const policy = (await o.policies()).forOutlet(job.outletId);
    if (slowDownGapMs(policy, job.kind) === 0) return outcome;
    const endedAt = o.now();
    // The loop's default when a job names no time: its interval from now.
    const nextDueAt = outcome.nextDueAt ?? endedAt + job.intervalMinutes * 60_000;
    return { ...outcome, nextDueAt: slowedNextDueAt({ policy, kind: job.kind, endedAt, nextDueAt }) };
  };
}
