/**
 * Front-page rank spans for the open-data API (SPEC WEB-3, STO-1), exported as stored:
 * an order key (`position`), not a rank, and `to_at` null while the span is open. Keyset
 * order (outlet_id, from_at, article_id) — unique, since an article starts at most one
 * span per capture. A span overlaps [from, to) when it ends at or after `from` (or is
 * open) and starts before `to`. Each row also carries its rank at `from_at`: 1 + the
 * outlet's spans covering that instant with a lower key (by index: span-overlap.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../client";
import { allOf, epochMicros, intArray, microsToIso, msToIso } from "./api-sql";
import { spansOverlapping } from "../../span-overlap";
import { lastingSpan, SHORT_SPAN } from "../../schema/rank-span-lasting";

/** One rank span as read. */
export type ApiRankSpanRow = {
  article_id: number;
  outlet_id: number;
  position: number;
  rank_at_start: number;
  from_at: string;
  to_at: string | null;
  box_x: number | null;
  box_y: number | null;
  box_width: number | null;
  box_height: number | null;
  above_fold: boolean | null;
  k: number;
};

/** Filters and keyset position of a page of spans; `hidden` are outlets whose positions are not shown. */
export interface RankSpansFilter {
  hidden: readonly number[];
  /** When a group is asked: the only outlets whose spans may be read (`groupPositionIds`). */
  only?: readonly number[];
  outletId?: number;
  articleId?: number;
  from?: number;
  to?: number;
  /** Rows after this (outlet_id, from_at µs, article_id). */
  after?: readonly number[];
  limit: number;
}

/** A page of rank spans after `after`, in (outlet_id, from_at, article_id) order. */
export async function pageApiRankSpans(db: Executor, f: RankSpansFilter): Promise<ApiRankSpanRow[]> {
  const after = f.after;
  const conditions: (SQL | undefined)[] = [
    f.hidden.length ? sql`not (s.outlet_id = any(${intArray(f.hidden)}::int[]))` : undefined,
    f.only ? sql`s.outlet_id = any(${intArray(f.only)}::int[])` : undefined,
    f.outletId !== undefined ? sql`s.outlet_id = ${f.outletId}` : undefined,
    f.articleId !== undefined ? sql`s.article_id = ${f.articleId}` : undefined,
    f.to !== undefined ? sql`s.from_at < ${msToIso(f.to)}` : undefined,
    after ? sql`s.outlet_id >= ${after[0]!}` : undefined,
    after
      ? sql`(s.outlet_id, s.from_at, s.article_id) > (${after[0]!}::int, ${microsToIso(after[1]!)}::timestamptz, ${after[2]!}::bigint)`
      : undefined,
  ];
  // `byEnd`: ordered by an expression no index gives, so that the planner reads the part through
  // rank_spans_lasting (by end) and sorts, instead of walking every span in key order hoping to
  // meet the limit early: with a small group it walked the whole table (4.7 s for a week).
  const part = (overlap: SQL | undefined, byEnd = false) => sql`(
      select s.article_id, s.outlet_id, s.position, s.from_at, s.to_at, s.box_x, s.box_y, s.box_width, s.box_height, s.above_fold,
             ${epochMicros(sql`s.from_at`)} as k
      from rank_spans s
      where ${allOf([...conditions, overlap])}
      order by ${byEnd ? sql`s.outlet_id + 0` : sql`s.outlet_id`}, s.from_at, s.article_id
      limit ${f.limit})`;
  // Spans overlapping a period, in three parts each read by index (as span-overlap.ts does per
  // outlet): short ones by their start (they began at most SHORT_SPAN before the period), longer
  // ended ones by their end (partial index rank_spans_lasting) and open ones. A single condition
  // on the end read every span that began before the period's end, a year of them for a day.
  const page =
    f.from === undefined
      ? part(undefined)
      : sql`(${part(sql`s.from_at >= ${msToIso(f.from)}::timestamptz - interval '${sql.raw(SHORT_SPAN)}'
              and s.to_at - s.from_at <= interval '${sql.raw(SHORT_SPAN)}' and s.to_at >= ${msToIso(f.from)}`)}
            union all ${part(sql`(${lastingSpan(sql`s.from_at`, sql`s.to_at`)}) and s.to_at >= ${msToIso(f.from)}`, true)}
            union all ${part(sql`s.to_at is null`, true)}
            order by 2, 4, 1 limit ${f.limit})`;
  const rows = await db.execute<ApiRankSpanRow>(sql`
    select p.*, 1 + (select count(*) from ${spansOverlapping(sql`p.outlet_id`, sql`p.from_at`, sql`p.from_at`, ["position"])} o
                     where o.position < p.position)::int as rank_at_start
    from ${page} p
    order by p.outlet_id, p.from_at, p.article_id`);
  return rows.map((r) => ({
    ...r,
    article_id: Number(r.article_id),
    position: Number(r.position),
    rank_at_start: Number(r.rank_at_start),
    k: Number(r.k),
  }));
}
