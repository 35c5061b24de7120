/**
 * PUB-2: the crawler looks for the token of each pending exclusion request on the domain it
 * names — a robots.txt comment or the well-known file — through the polite client, so the
 * check obeys robots.txt, the site's pacing and back-off like any other request. One look per
 * domain and due time serves all of that domain's pending tokens. Found: the
 * exclusion is verified and applied at once (the policy module reads it within a minute).
 * Bodies are searched in memory and dropped.
 */
import type { Db } from "../../db/client";
import { carriesToken, VERIFICATION_PATH } from "../../lib/exclusion-request";
import type { PoliteClient } from "../politeness/polite-client";
import { claimDueExclusions, recordExclusionVerified, recordTokenNotFound, type PendingExclusion } from "../record/exclusion-checks";

/** Minimum clock time between two looks at one domain for its requests' tokens. */
export const CHECK_EVERY_MS = 2 * 60_000;
/**
 * Looks made every CHECK_EVERY_MS before backing off: the first 10 minutes, while the
 * publisher is most likely placing the token. After that each look that finds nothing
 * doubles the gap (4, 8, 16 … minutes) up to MAX_LOOK_GAP_MS, so a request naming a domain
 * that never carries the token costs that domain about 40 requests over the 7 days, not 5,000.
 */
export const FREE_LOOKS = 5;
/** Longest gap between two looks. */
export const MAX_LOOK_GAP_MS = 6 * 3_600_000;
const SPACING = { checkEveryMs: CHECK_EVERY_MS, freeLooks: FREE_LOOKS, maxGapMs: MAX_LOOK_GAP_MS };

/** The gap before the next look after `checks` looks without the token (what claimDueExclusions applies in SQL). */
export function lookGapMs(checks: number): number {
  return Math.min(MAX_LOOK_GAP_MS, CHECK_EVERY_MS * 2 ** Math.max(0, checks - FREE_LOOKS + 1));
}

/** The claimed requests grouped by domain: one look each, shared by all of its tokens. */
function byDomain(due: PendingExclusion[]): PendingExclusion[][] {
  const groups = new Map<string, PendingExclusion[]>();
  for (const p of due) groups.set(p.domain, [...(groups.get(p.domain) ?? []), p]);
  return [...groups.values()];
}

/** The verifier the worker's housekeeping runs: looks for due tokens through the polite client. */
export function createExclusionVerifier(o: { db: Db; client: Pick<PoliteClient, "request">; now: () => number }) {
  /** Where to look: the outlet's own front-page origin when we follow it, else the domain itself over HTTPS. */
  const originOf = (group: PendingExclusion[]) => {
    const homepage = group.find((p) => p.homepage)?.homepage;
    return homepage ? new URL(homepage).origin : `https://${group[0]!.domain}`;
  };

  /** One look at a domain: the tokens of `group` found in its robots.txt or well-known file. */
  async function lookAt(group: PendingExclusion[], signal: AbortSignal): Promise<Set<string>> {
    const found = new Set<string>();
    for (const path of ["/robots.txt", VERIFICATION_PATH]) {
      if (found.size === group.length) break;
      const answer = await o.client.request({ url: `${originOf(group)}${path}`, kind: "verification" }, signal);
      if (!answer.sent || answer.result.outcome !== "ok" || !answer.result.body) continue;
      const text = new TextDecoder("utf-8").decode(answer.result.body.subarray(0, 512 * 1024));
      for (const p of group) if (carriesToken(text, p.token)) found.add(p.token);
    }
    return found;
  }

  return {
    /** Look at the domains whose turn has come (at most `limit`); returns how many requests were verified. */
    async verifyDue(signal: AbortSignal, limit = 5): Promise<number> {
      const now = o.now();
      const due = await claimDueExclusions(o.db, { now, ...SPACING, limit });
      let verified = 0;
      for (const group of byDomain(due)) {
        if (signal.aborted) break;
        const found = await lookAt(group, signal);
        const at = o.now();
        for (const p of group) {
          if (found.has(p.token)) {
            verified++;
            await recordExclusionVerified(o.db, { id: p.id, at });
          } else {
            await recordTokenNotFound(o.db, { id: p.id, at });
          }
        }
      }
      return verified;
    },
  };
}
