/**
 * The rank spans of an outlet that overlap a period (SPEC STO-1 reads), without a range
 * index: a span lasting at most SHORT_SPAN that overlaps [from, to] started at most
 * SHORT_SPAN before `from`, so it is found by its start (index rank_spans_outlet_from); the
 * others, open or longer, are few and found by their end (partial index rank_spans_lasting).
 * The two sets are disjoint, so their union is every overlapping span once. Pages read
 * through it, and so does the worker (prominence, crawler/derive/rank-prominence.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { lastingSpan, SHORT_SPAN } from "./schema/rank-span-lasting";

/** Columns of rank_spans, by name, to select. */
type SpanColumn = "article_id" | "outlet_id" | "position" | "from_at" | "to_at";

/**
 * SQL of a subquery (no alias) of the spans of outlet `outletId` overlapping [from, to]
 * (instants, inclusive; `to` null for no end), with `columns`. Arguments are SQL, so that
 * they may refer to an outer query (lateral joins, correlated subqueries).
 */
export function spansOverlapping(outletId: SQL, from: SQL, to: SQL | null, columns: readonly SpanColumn[]): SQL {
  const list = sql.raw(columns.join(", "));
  const short = sql.raw(`interval '${SHORT_SPAN}'`);
  const startedBy = to === null ? sql`true` : sql`from_at <= ${to}`;
  return sql`(
    select ${list} from rank_spans
    where outlet_id = ${outletId} and from_at >= ${from} - ${short} and ${startedBy}
      and to_at >= ${from} and to_at - from_at <= ${short}
    union all
    select ${list} from rank_spans
    where outlet_id = ${outletId} and (${lastingSpan(sql.raw("from_at"), sql.raw("to_at"))})
      and (to_at >= ${from} or to_at is null) and ${startedBy})`;
}
