/**
 * Which rank spans the worker has still to rank for their prominence (SPEC DER-9): never ranked, open
 * (a later capture may extend them), or closed after the capture they were last ranked through. The
 * predicate of the partial index rank_spans_unranked, written once so that the planner can prove the
 * index applies to the queries that use it (crawler/derive/rank-prominence.ts).
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** The partial index predicate, over the given columns or SQL. */
export function unrankedSpan(toAt: AnyColumn | SQL, rankedThrough: AnyColumn | SQL): SQL {
  return sql`${rankedThrough} is null or ${toAt} is null or ${rankedThrough} < ${toAt}`;
}
