/**
 * The one place that knows how front-page placements are stored (STO-1): one
 * `rank_spans` row per span: an order key, and `to_at` null while open. If the span design changes, only
 * this file changes.
 */
import type postgres from "postgres";
import type { Placement } from "./generate/types";
import { copyRows } from "./copy";

/** Write placements as rank spans; returns rows written. */
export function writeRankSpans(sql: postgres.Sql, placements: readonly Placement[]): Promise<number> {
  return copyRows(sql, "rank_spans", ["article_id", "outlet_id", "position", "from_at", "to_at"], placements, (p) => [
    p.articleId,
    p.outletId,
    p.position,
    { t: p.fromAt },
    p.toAt === null ? null : { t: p.toAt },
  ]);
}
