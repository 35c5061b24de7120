/**
 * Which rank spans are "lasting" (SPEC STO-1 reads): open ones, and closed ones longer than
 * SHORT_SPAN. A short span covering an instant started at most SHORT_SPAN before it, so the
 * spans covering a period are found by two bounded index scans (db/span-overlap.ts):
 * the short ones by start (rank_spans_outlet_from), the lasting ones by end
 * (rank_spans_lasting, a partial index with this predicate).
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";

/**
 * Longest a span may last and still be short. An hour-based interval (not '1 day', which is
 * a calendar day in the session's time zone), written as a literal in the index predicate
 * and in the queries, so that the planner can prove the partial index applies.
 */
export const SHORT_SPAN = "24 hours";

/** The partial index predicate, over the given `from_at`/`to_at` columns or SQL. */
export function lastingSpan(fromAt: AnyColumn | SQL, toAt: AnyColumn | SQL): SQL {
  return sql`${toAt} is null or ${toAt} - ${fromAt} > interval '${sql.raw(SHORT_SPAN)}'`;
}
