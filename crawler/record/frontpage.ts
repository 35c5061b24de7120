/**
 * Front-page positions over time as rank spans (SPEC STO-1): one row while an article
 * holds its place, not one row per capture. A span is open (`to_at` null) while the
 * latest capture confirms it, and is closed at the last capture that did, so a capture
 * writes only what changed.
 * Its place is its order among the other articles (span-plan.ts), so an article pushed
 * down by a newcomer above keeps its span; the rank at an instant is derived from the
 * spans covering it (db/queries/front-pages.ts). A span survives a missed capture only
 * within `maxGapMs`; after a longer gap the order is not assumed to have held.
 */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { planSpans, type OpenSpan } from "./span-plan";

/** Ranks compared to decide whether the front page "changed" (SCH-2). */
export const TOP_POSITIONS = 10;

/** A link's layout box at 1280×900 (browser mode, EXT-3). */
export interface Box { x: number; y: number; width: number; height: number; aboveFold: boolean }

/** One successful capture: article ids by rank (1 = first), with boxes in browser mode. */
export interface Capture { outletId: number; at: number; renderMode: "static" | "browser"; ranks: { articleId: number; rank: number; box?: Box }[] }

/** True when the top positions differ between two captures (articles or their order). */
export function topChanged(before: readonly number[], after: readonly number[], top = TOP_POSITIONS): boolean {
  const a = before.slice(0, top);
  const b = after.slice(0, top);
  return a.length !== b.length || a.some((id, i) => id !== b[i]);
}

/** A PostgreSQL array literal of numbers, booleans and nulls (one parameter instead of one per row). */
function pgArray(values: readonly (number | boolean | null | undefined)[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? "NULL" : typeof v === "boolean" ? (v ? "t" : "f") : String(v))).join(",")}}`;
}

/**
 * Record a successful capture (inside the caller's transaction); returns whether its top
 * positions changed. Two round trips: read the open spans, then one statement that closes
 * the ended spans, opens the new ones and adds the capture row.
 */
export async function recordCapture(tx: Executor, c: Capture, maxGapMs = 2 * 3_600_000): Promise<{ changed: boolean }> {
  const rows = await tx.execute<OpenRow & { previous_at: string | Date | null }>(sql`
    select p.at as previous_at, s.article_id, s.position, s.box_width, s.box_height, s.above_fold
    from (select max(at) as at from frontpage_captures where outlet_id = ${c.outletId} and outcome = 'ok' and at < ${sqlTime(c.at)}) p
    left join rank_spans s on s.outlet_id = ${c.outletId} and s.to_at is null
    order by s.position`);
  const previousAt = fromSqlTime(rows[0]?.previous_at);
  const open = rows.filter((r) => r.article_id !== null).map(toOpenSpan);
  const seen = new Set<number>();
  const ranks = [...c.ranks].sort((x, y) => x.rank - y.rank).filter((r) => !seen.has(r.articleId) && seen.add(r.articleId));

  // After a long gap the order is not assumed to have held: every span starts anew.
  const continues = previousAt !== undefined && c.at - previousAt <= maxGapMs;
  const plan = planSpans(continues ? open : [], ranks);
  const extended = new Set(plan.extend);
  const ended = open.filter((s) => !extended.has(s.spanId)).map((s) => s.articleId);
  // A span keeps the box of the capture that opened it.
  const opened = plan.open.map(({ index, position }) => ({ ...ranks[index]!, position }));
  const changed = topChanged(open.map((s) => s.articleId), ranks.map((r) => r.articleId));
  const at = sqlTime(c.at);
  await tx.execute(sql`
    with ended as (
      -- An ended span was last confirmed by the previous capture.
      update rank_spans set to_at = ${sqlTime(previousAt ?? c.at)}
      where outlet_id = ${c.outletId} and to_at is null and article_id = any(${pgArray(ended)}::bigint[])
    ), opened as (
      insert into rank_spans (article_id, outlet_id, position, from_at, box_x, box_y, box_width, box_height, above_fold)
      select v.article_id, ${c.outletId}, v.position, ${at}, v.x, v.y, v.width, v.height, v.above_fold
      from unnest(${pgArray(opened.map((o) => o.articleId))}::bigint[], ${pgArray(opened.map((o) => o.position))}::float8[],
        ${pgArray(opened.map((o) => o.box?.x))}::real[], ${pgArray(opened.map((o) => o.box?.y))}::real[],
        ${pgArray(opened.map((o) => o.box?.width))}::real[], ${pgArray(opened.map((o) => o.box?.height))}::real[],
        ${pgArray(opened.map((o) => o.box?.aboveFold))}::boolean[]) as v(article_id, position, x, y, width, height, above_fold)
      on conflict (article_id, from_at) do nothing
    )
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode, changed)
    values (${c.outletId}, ${at}, 'ok', ${ranks.length}, ${c.renderMode}, ${changed})`);
  return { changed };
}

type OpenRow = { article_id: number; position: number; box_width: number | null; box_height: number | null; above_fold: boolean | null };

function toOpenSpan(r: OpenRow): OpenSpan {
  const box = r.box_width === null || r.box_height === null || r.above_fold === null
    ? undefined : { width: Number(r.box_width), height: Number(r.box_height), aboveFold: r.above_fold };
  // An article has one open span at most, so its id names the span.
  return { spanId: Number(r.article_id), articleId: Number(r.article_id), position: Number(r.position), box };
}

/** Record a failed capture attempt (BLK-7 shares are computed from these). */
export async function recordFailedCapture(db: Db, p: { outletId: number; at: number; outcome: string; renderMode: "static" | "browser" }): Promise<void> {
  await db.execute(sql`
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode)
    values (${p.outletId}, ${sqlTime(p.at)}, ${p.outcome}, 0, ${p.renderMode})`);
}
