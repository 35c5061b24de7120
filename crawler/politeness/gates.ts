/**
 * Every check that stands between a due job and a request, in the order they run — the
 * one list, read like a downloader-middleware table. The first check that does not say
 * "go" decides (skip the job, or wait until a time).
 *
 * | # | check                      | SPEC               | runs                          | where                                  |
 * |---|----------------------------|--------------------|-------------------------------|----------------------------------------|
 * | 1 | publishers' requests       | PUB-1, PUB-3, PUB-6| once per job                  | publisher-gate.ts `publisherPolicyGate` |
 * | 2 | closed resource, its probe | BLK-1, BLK-2       | once per job                  | closed-gate.ts `closedSourceGate`      |
 * | 3 | robots.txt, read first     | ROB-1 … ROB-6      | every request and redirect hop| client.ts `request`                    |
 * | 4 | the site's back-off        | BLK-3, BLK-4       | every request                 | site-lease.ts `acquireSite`            |
 * | 5 | the site's pacing          | POL-1              | every request                 | site-lease.ts `acquireSite`, `pacingGap` |
 *
 * Checks 1–2 are the job's (`gateInOrder` below, wired in crawler/compose.ts); 3–5 belong to
 * each request, so the polite client applies them to everything it sends — robots.txt and
 * tdmrep.json fetches, redirect hops and exclusion checks included — and no job can skip them.
 */
import type { Verdict } from "../schedule/pipeline";
import type { Job } from "../schedule/claim";

/** One check before a job's first request. */
export type Gate = (job: Job, now: number) => Promise<Verdict>;

/** The job's checks, run in order: the first that does not say "go" decides. */
export function gateInOrder(gates: readonly Gate[]): Gate {
  return async (job, now) => {
    for (const gate of gates) {
      const verdict = await gate(job, now);
      if (verdict.kind !== "go") return verdict;
    }
    return { kind: "go" };
  };
}
