/**
 * Front-page rank spans for the open-data API (SPEC WEB-3, STO-1), in keyset order
 * (outlet_id, to_at, id) over `rank_spans_outlet_to`; for one article, over
 * `rank_spans_article`. A span overlaps [from, to) when it ends at or after `from`
 * and starts before `to`.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../client";
import { allOf, epochMicros, intArray, microsToIso, msToIso } from "./api-sql";

/** One rank span as read. */
export type ApiRankSpanRow = {
  id: number;
  article_id: number;
  outlet_id: number;
  rank: number;
  from_at: string;
  to_at: string;
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
  outletId?: number;
  articleId?: number;
  from?: number;
  to?: number;
  /** Rows after this (outlet_id, to_at µs, id). */
  after?: readonly number[];
  limit: number;
}

/** A page of rank spans after `after`, in (outlet_id, to_at, id) order. */
export async function pageApiRankSpans(db: Executor, f: RankSpansFilter): Promise<ApiRankSpanRow[]> {
  const after = f.after;
  const conditions: (SQL | undefined)[] = [
    f.hidden.length ? sql`not (s.outlet_id = any(${intArray(f.hidden)}::int[]))` : undefined,
    f.outletId !== undefined ? sql`s.outlet_id = ${f.outletId}` : undefined,
    f.articleId !== undefined ? sql`s.article_id = ${f.articleId}` : undefined,
    f.from !== undefined ? sql`s.to_at >= ${msToIso(f.from)}` : undefined,
    f.to !== undefined ? sql`s.from_at < ${msToIso(f.to)}` : undefined,
    after ? sql`s.outlet_id >= ${after[0]!}` : undefined,
    after ? sql`(s.outlet_id, s.to_at, s.id) > (${after[0]!}::int, ${microsToIso(after[1]!)}::timestamptz, ${after[2]!}::bigint)` : undefined,
  ];
  const rows = await db.execute<ApiRankSpanRow>(sql`
    select s.id, s.article_id, s.outlet_id, s.rank, s.from_at, s.to_at, s.box_x, s.box_y, s.box_width, s.box_height, s.above_fold,
           ${epochMicros(sql`s.to_at`)} as k
    from rank_spans s
    where ${allOf(conditions)}
    order by s.outlet_id, s.to_at, s.id
    limit ${f.limit}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), article_id: Number(r.article_id), k: Number(r.k) }));
}
