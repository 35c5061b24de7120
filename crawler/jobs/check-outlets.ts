/**
 * `npm run outlets -- check` for a list of outlets: first whether any of their hosts can be
 * resolved from here (crawler/jobs/check-reachability.ts), then each outlet checked once
 * (crawler/jobs/check-outlet.ts), a few outlets at a time — the pacing is per site, so outlets
 * of different sites do not wait for each other, and two outlets of one site share its pace.
 */
import type { ResolveRule } from "../../lib/config";
import { allUnreachable, type OutletCheck } from "../../lib/outlet-check";
import type { OutletConfig } from "../../lib/outlets-file";
import type { LookupAll } from "../fetch/connect-target";
import type { PoliteClient } from "../politeness/polite-client";
import { checkOutlet } from "./check-outlet";
import { resolvableHosts } from "./check-reachability";

/** Outlets checked at once. */
const AT_ONCE = 6;

/** Offline: no host resolved (nothing was sent), or every request got no answer at all. */
export type CheckRun = { offline: true; reason: "no-host-resolves" | "no-answer" } | { offline: false; checks: OutletCheck[] };

export async function checkOutlets(p: {
  outlets: readonly OutletConfig[];
  client: PoliteClient;
  now: () => number;
  resolve: { rules: readonly ResolveRule[]; refuseUnlisted: boolean; lookup: LookupAll };
  signal: AbortSignal;
  onChecked?: (check: OutletCheck) => void;
}): Promise<CheckRun> {
  const hosts = p.outlets.flatMap((o) =>
    [o.homepage, ...o.feeds, ...o.sitemaps, ...(o.legalNotice ? [o.legalNotice] : [])].map((u) => new URL(u).hostname),
  );
  if ((await resolvableHosts(hosts, p.resolve)).length === 0) return { offline: true, reason: "no-host-resolves" };
  const checks: OutletCheck[] = new Array(p.outlets.length);
  let next = 0;
  const worker = async () => {
    while (next < p.outlets.length && !p.signal.aborted) {
      const i = next++;
      checks[i] = await checkOutlet({ client: p.client, outlet: p.outlets[i]!, now: p.now, signal: p.signal });
      p.onChecked?.(checks[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, p.outlets.length) }, worker));
  const done = checks.filter((c) => c !== undefined);
  return allUnreachable(done) ? { offline: true, reason: "no-answer" } : { offline: false, checks: done };
}
