/**
 * PUB-2: the crawler looks for the token of each pending exclusion request on the domain it
 * names — a robots.txt comment or the well-known file — through the polite client, so the
 * check obeys robots.txt, the site's pacing and back-off like any other request. Found: the
 * exclusion is verified and applied at once (the policy module reads it within a minute).
 * Bodies are searched in memory and dropped.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { carriesToken, VERIFICATION_DAYS, VERIFICATION_PATH } from "../../lib/exclusion-request";
import type { PoliteClient } from "../politeness/client";

/** Minimum clock time between two looks for one request's token. */
export const CHECK_EVERY_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

type Pending = { id: number; domain: string; token: string; homepage: string | null };

export function createExclusionVerifier(o: { db: Db; client: Pick<PoliteClient, "request">; now: () => number }) {
  /** Where to look: the outlet's own front-page origin when we follow it, else the domain itself over HTTPS. */
  const originOf = (p: Pending) => (p.homepage ? new URL(p.homepage).origin : `https://${p.domain}`);

  async function lookFor(p: Pending, signal: AbortSignal): Promise<boolean> {
    for (const path of ["/robots.txt", VERIFICATION_PATH]) {
      const answer = await o.client.request({ url: `${originOf(p)}${path}`, kind: "verification" }, signal);
      if (!answer.sent || answer.result.outcome !== "ok" || !answer.result.body) continue;
      const text = new TextDecoder("utf-8").decode(answer.result.body.subarray(0, 512 * 1024));
      if (carriesToken(text, p.token)) return true;
    }
    return false;
  }

  return {
    /** Check the requests whose turn has come; returns how many were verified. */
    async verifyDue(signal: AbortSignal, limit = 5): Promise<number> {
      const now = o.now();
      // Claimed by stamping the check time first, so several workers never look for one token at once.
      const due = await o.db.execute<Pending>(sql`
        with claimed as (
          update exclusions set last_checked_at = ${sqlTime(now)}
          where id in (
            select id from exclusions
            where verified_at is null and withdrawn_at is null and token is not null and channel = 'form'
              and received_at > ${sqlTime(now - VERIFICATION_DAYS * DAY_MS)}
              and (last_checked_at is null or last_checked_at <= ${sqlTime(now - CHECK_EVERY_MS)})
            order by last_checked_at nulls first, received_at
            limit ${limit}
            for update skip locked)
          returning id, domain, token, outlet_id)
        select c.id, c.domain, c.token, o.homepage from claimed c left join outlets o on o.id = c.outlet_id`);
      let verified = 0;
      for (const p of due) {
        if (signal.aborted) break;
        const found = await lookFor(p, signal);
        const at = o.now();
        if (found) {
          verified++;
          await o.db.execute(sql`
            update exclusions set verified_at = ${sqlTime(at)}, applied_at = ${sqlTime(at)}, pending_reason = null,
              last_checked_at = ${sqlTime(at)}, checks = checks + 1,
              outlet_id = coalesce(outlet_id, (select s.outlet_id from sources s where s.kind = 'frontpage' and s.site_domain = domain order by s.outlet_id limit 1))
            where id = ${p.id}`);
        } else {
          await o.db.execute(sql`
            update exclusions set last_checked_at = ${sqlTime(at)}, checks = checks + 1, pending_reason = 'codigo-no-encontrado' where id = ${p.id}`);
        }
      }
      return verified;
    },
  };
}

export type ExclusionVerifier = ReturnType<typeof createExclusionVerifier>;
