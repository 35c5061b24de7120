/**
 * The collection figures an outlet's status is made of (SPEC BLK-2, BLK-7), as SQL shared
 * by "Estado" (all outlets) and the outlet page (one), so that both count the same things
 * the same way (WEB-7): front-page captures, article reads and hourly probes in a period.
 * Each is a subquery of one row, (attempts, failures) or (total, answered), for the outlet
 * `outletId` (SQL, so that it may be a lateral reference such as `o.id`), since `from`.
 */
import { sql, type SQL } from "drizzle-orm";
import { READ_SUCCESSES } from "../../lib/collection/health";

/** Front-page captures since `from` and how many failed. */
export function captureCounts(outletId: SQL, from: string): SQL {
  return sql`(
    select count(*)::int as attempts, count(*) filter (where outcome <> 'ok')::int as failures
    from frontpage_captures where outlet_id = ${outletId} and at >= ${from}::timestamptz)`;
}

/**
 * Reads of the articles first seen since `from` (reads happen once, soon after discovery:
 * SCH-3) and how many failed. An article robots.txt kept us from reading was not an attempt.
 */
export function readCounts(outletId: SQL, from: string): SQL {
  const successes = sql.join(
    READ_SUCCESSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`(
    select count(*)::int as attempts, count(*) filter (where read_outcome not in (${successes}))::int as failures
    from articles where outlet_id = ${outletId} and first_seen_at >= ${from}::timestamptz
      and read_at is not null and read_outcome is distinct from 'robots-disallowed')`;
}

/** Hourly probes of the outlet's closed front page since `from` and how many were answered. */
export function probeCounts(outletId: SQL, from: string): SQL {
  return sql`(
    select count(*)::int as total, count(*) filter (where answered)::int as answered from probes
    where site_domain in (select site_domain from sources where outlet_id = ${outletId} and kind = 'frontpage')
      and outlet_id = ${outletId} and at >= ${from}::timestamptz)`;
}
