/** The `rank-spans` dataset (SPEC WEB-3, STO-1): none for outlets under "sin posición" or `total` (PUB-6). */
import { pageApiRankSpans, type ApiRankSpanRow } from "../sql/rank-spans";
import { isoOrNull } from "../sql/api-sql";
import { groupPositionIds, outletIdOf, positionlessIds, slugOf, type ApiContext } from "../context";
import { nextKey, type Dataset, type Record_ } from "./types";

/** Field names, in CSV order. */
export const RANK_SPAN_FIELDS = [
  "article_id",
  "outlet",
  "position",
  "rank_at_start",
  "from_at",
  "to_at",
  "box_x",
  "box_y",
  "box_width",
  "box_height",
  "above_fold",
] as const;

const num = (v: number | null) => (v === null ? null : Number(v));

/** A span as published. */
export function rankSpanRecord(ctx: ApiContext, r: ApiRankSpanRow): Record_ {
  return {
    article_id: r.article_id,
    outlet: slugOf(ctx, r.outlet_id),
    position: r.position,
    rank_at_start: r.rank_at_start,
    from_at: isoOrNull(r.from_at),
    to_at: isoOrNull(r.to_at),
    box_x: num(r.box_x),
    box_y: num(r.box_y),
    box_width: num(r.box_width),
    box_height: num(r.box_height),
    above_fold: r.above_fold,
  };
}

/** Spans as stored (order key, to_at null while open) in (outlet, from_at, article_id) order; filters: outlet, article, from/to (spans overlapping the range). */
export const rankSpansDataset: Dataset = {
  name: "rank-spans",
  fields: RANK_SPAN_FIELDS,
  params: ["outlet", "group", "article", "from", "to", "limit", "cursor"],
  cursorLength: 3,
  ranged: true,
  async page(ctx, q, after, limit) {
    const rows = await pageApiRankSpans(ctx.db, {
      hidden: positionlessIds(ctx),
      only: groupPositionIds(ctx),
      outletId: q.outlet === undefined ? undefined : outletIdOf(ctx, q.outlet),
      articleId: q.article,
      from: q.from,
      to: q.to,
      after,
      limit,
    });
    return { items: rows.map((r) => rankSpanRecord(ctx, r)), next: nextKey(rows, limit, (r) => [r.outlet_id, r.k, r.article_id]) };
  },
};
