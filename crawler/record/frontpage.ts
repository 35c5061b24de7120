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

/** Record a successful capture (inside the caller's transaction); returns whether its top positions changed. */
export async function recordCapture(tx: Executor, c: Capture, maxGapMs = 2 * 3_600_000): Promise<{ changed: boolean }> {
  const [previous] = await tx.execute<{ at: string | Date }>(sql`
    select at from frontpage_captures where outlet_id = ${c.outletId} and outcome = 'ok' and at < ${sqlTime(c.at)}
    order by at desc limit 1`);
  const previousAt = fromSqlTime(previous?.at);
  const open = (await tx.execute<OpenRow>(sql`
    select article_id, position, box_width, box_height, above_fold from rank_spans
    where outlet_id = ${c.outletId} and to_at is null order by position`)).map(toOpenSpan);
  const seen = new Set<number>();
  const ranks = [...c.ranks].sort((x, y) => x.rank - y.rank).filter((r) => !seen.has(r.articleId) && seen.add(r.articleId));

  // After a long gap the order is not assumed to have held: every span starts anew.
  const continues = previousAt !== undefined && c.at - previousAt <= maxGapMs;
  const plan = planSpans(continues ? open : [], ranks);
  const extended = new Set(plan.extend);
  const ended = open.filter((s) => !extended.has(s.spanId)).map((s) => sql`${s.spanId}::bigint`);
  if (ended.length > 0) {
    // An ended span was last confirmed by the previous capture.
    await tx.execute(sql`update rank_spans set to_at = ${sqlTime(previousAt ?? c.at)}
      where outlet_id = ${c.outletId} and to_at is null and article_id in (${sql.join(ended, sql`, `)})`);
  }
  if (plan.open.length > 0) {
    // A span keeps the box of the capture that opened it.
    const values = sql.join(plan.open.map(({ index, position }) => {
      const r = ranks[index]!;
      return sql`(${r.articleId}::bigint, ${position}::float8, ${r.box?.x ?? null}::real, ${r.box?.y ?? null}::real,
        ${r.box?.width ?? null}::real, ${r.box?.height ?? null}::real, ${r.box?.aboveFold ?? null}::boolean)`;
    }), sql`, `);
    await tx.execute(sql`
      insert into rank_spans (article_id, outlet_id, position, from_at, box_x, box_y, box_width, box_height, above_fold)
      select v.article_id, ${c.outletId}, v.position, ${sqlTime(c.at)}, v.x, v.y, v.width, v.height, v.above_fold
      from (values ${values}) as v(article_id, position, x, y, width, height, above_fold)
      on conflict (article_id, from_at) do nothing`);
  }
  const changed = topChanged(open.map((s) => s.articleId), ranks.map((r) => r.articleId));
  await tx.execute(sql`
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode, changed)
    values (${c.outletId}, ${sqlTime(c.at)}, 'ok', ${ranks.length}, ${c.renderMode}, ${changed})`);
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
