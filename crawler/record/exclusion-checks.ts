/**
 * PUB-2: the writes of the exclusion verifier. Domains due a look are claimed by stamping
 * the check time on all their pending requests first, so several workers never look at one
 * domain at once; a token found verifies and applies its exclusion at once.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { outletOfDomain } from "../../db/policies-in-force";
import { sqlTime } from "../../db/sql-time";
import { VERIFICATION_DAYS } from "../../lib/exclusion-request";

/** A request whose token is to be looked for, with the outlet's front page when we follow it. */
export type PendingExclusion = { id: number; domain: string; token: string; homepage: string | null };

const DAY_MS = 86_400_000;

/**
 * When a request is due its next look after `checks` looks that did not find the token
 * (crawler/jobs/verify-exclusions.ts lookGapMs): the first `freeLooks` every `checkEveryMs`,
 * then the gap doubles with each failed look, up to `maxGapMs`.
 */
export interface LookSpacing {
  checkEveryMs: number;
  freeLooks: number;
  maxGapMs: number;
}

/** A form request still waiting for its token, inside its verification days. */
function pendingAt(now: number) {
  return sql`verified_at is null and withdrawn_at is null and token is not null and channel = 'form'
    and received_at > ${sqlTime(now - VERIFICATION_DAYS * DAY_MS)}`;
}

/**
 * Claims the pending requests of up to `limit` domains whose next look (LookSpacing) has come.
 * A look is per domain: every pending request of a due domain is claimed with it and stamped,
 * so N requests naming one domain share one schedule of looks instead of bringing N. A row
 * stamped within the last `checkEveryMs` was just claimed by another worker and is skipped
 * (FOR UPDATE re-checks that on the row's newest version), so two workers never look at one
 * domain at once.
 */
export async function claimDueExclusions(db: Executor, p: { now: number; limit: number } & LookSpacing): Promise<PendingExclusion[]> {
  const now = sqlTime(p.now);
  return db.execute<PendingExclusion>(sql`
    with due as (
      select domain from exclusions
      where ${pendingAt(p.now)}
        and (last_checked_at is null or last_checked_at <= ${now}::timestamptz - make_interval(secs =>
          least(${p.maxGapMs / 1000}::float8, ${p.checkEveryMs / 1000}::float8 * power(2, greatest(0, checks - ${p.freeLooks} + 1)))))
      group by domain
      order by min(last_checked_at) nulls first, min(received_at)
      limit ${p.limit}
    ), claimed as (
      update exclusions set last_checked_at = ${now}
      where id in (
        select id from exclusions
        where ${pendingAt(p.now)} and domain in (select domain from due)
          and (last_checked_at is null or last_checked_at <= ${now}::timestamptz - make_interval(secs => ${p.checkEveryMs / 1000}::float8))
        for update skip locked)
      returning id, domain, token, outlet_id)
    select c.id, c.domain, c.token, o.homepage from claimed c left join outlets o on o.id = c.outlet_id order by c.domain, c.id`);
}

/** The token was found: the exclusion is verified and in force from `at`, tied to the outlet that follows the domain. */
export async function recordExclusionVerified(db: Executor, p: { id: number; at: number }): Promise<void> {
  await db.execute(sql`
    update exclusions set verified_at = ${sqlTime(p.at)}, applied_at = ${sqlTime(p.at)}, pending_reason = null,
      last_checked_at = ${sqlTime(p.at)}, checks = checks + 1,
      outlet_id = coalesce(outlet_id, ${outletOfDomain(sql`domain`)})
    where id = ${p.id}`);
}

/** The token was not found on this look. */
export async function recordTokenNotFound(db: Executor, p: { id: number; at: number }): Promise<void> {
  await db.execute(sql`
    update exclusions set last_checked_at = ${sqlTime(p.at)}, checks = checks + 1, pending_reason = 'codigo-no-encontrado' where id = ${p.id}`);
}
