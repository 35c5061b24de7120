/**
 * PUB-2: the writes of the exclusion verifier. Requests due a look are claimed by stamping
 * the check time first, so several workers never look for one token at once; a token found
 * verifies and applies the exclusion at once.
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
export interface LookSpacing { checkEveryMs: number; freeLooks: number; maxGapMs: number }

/** Claims up to `limit` form requests still in their verification days whose next look (LookSpacing) has come. */
export async function claimDueExclusions(db: Executor, p: { now: number; limit: number } & LookSpacing): Promise<PendingExclusion[]> {
  return db.execute<PendingExclusion>(sql`
    with claimed as (
      update exclusions set last_checked_at = ${sqlTime(p.now)}
      where id in (
        select id from exclusions
        where verified_at is null and withdrawn_at is null and token is not null and channel = 'form'
          and received_at > ${sqlTime(p.now - VERIFICATION_DAYS * DAY_MS)}
          and (last_checked_at is null or last_checked_at <= ${sqlTime(p.now)}::timestamptz - make_interval(secs =>
            least(${p.maxGapMs / 1000}::float8, ${p.checkEveryMs / 1000}::float8 * power(2, greatest(0, checks - ${p.freeLooks} + 1)))))
        order by last_checked_at nulls first, received_at
        limit ${p.limit}
        for update skip locked)
      returning id, domain, token, outlet_id)
    select c.id, c.domain, c.token, o.homepage from claimed c left join outlets o on o.id = c.outlet_id`);
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
