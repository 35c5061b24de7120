/** Loads what publishers and authors asked for and is in force now (PUB-6: lib/policy.ts decides). */
import { sql, type SQL } from "drizzle-orm";
import { makePolicies, SCOPES, type Policies, type Scope } from "../lib/policy";
import type { Executor } from "./client";

/**
 * The one rule matching a publisher's request (`exclusions e`) to the outlets it covers (`o`):
 * the outlet it named, or, when it named only a domain, every outlet whose front page is on
 * that site. The policy loader, the claim's `outletsUnder` and the deletions all join this way.
 */
export const outletOfExclusion: SQL = sql`join outlets o on o.id = e.outlet_id
  or (e.outlet_id is null and exists (
    select 1 from sources s where s.outlet_id = o.id and s.kind = 'frontpage' and s.site_domain = e.domain))`;

/** The outlet a request naming only `domain` is filed under: the first whose front page is on that site. */
export function outletOfDomain(domain: SQL | string): SQL {
  return sql`(select s.outlet_id from sources s where s.kind = 'frontpage' and s.site_domain = ${domain} order by s.outlet_id limit 1)`;
}

/**
 * The policies in force: exclusions applied and not withdrawn, matched to an outlet by id or,
 * when the request named only a domain, by the site of the outlet's front page; and the
 * authors whose byline requests were accepted.
 */
export async function loadPolicies(db: Executor): Promise<Policies> {
  const [exclusions, authors] = await Promise.all([
    db.execute<{ outlet_id: number; scope: string; min_pause_seconds: number | null }>(sql`
      select distinct o.id as outlet_id, e.scope::text as scope, e.min_pause_seconds
      from exclusions e
      ${outletOfExclusion}
      where e.applied_at is not null and e.withdrawn_at is null`),
    db.execute<{ author_name: string }>(sql`
      select author_name from byline_requests where accepted_at is not null and rejected_at is null`),
  ]);
  const known = new Set<string>(SCOPES);
  return makePolicies(
    exclusions
      .filter((e) => known.has(e.scope))
      .map((e) => ({ outletId: e.outlet_id, scope: e.scope as Scope, minPauseSeconds: e.min_pause_seconds ?? undefined })),
    authors.map((a) => a.author_name),
  );
}

/**
 * The ids of the outlets under a request of `scope` in force, matched as `loadPolicies`
 * matches them; a subquery for the claim (PUB-7: no article read when reads are declined).
 */
export function outletsUnder(scope: Scope): SQL {
  return sql`select o.id from exclusions e
    ${outletOfExclusion}
    where e.scope = ${scope} and e.applied_at is not null and e.withdrawn_at is null`;
}
