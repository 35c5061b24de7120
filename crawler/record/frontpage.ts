/**
 * Front-page positions over time as rank spans (SPEC STO-1): one row while an article
 * holds a rank, extended by each capture that confirms it, not one row per capture.
 * A span survives a missed capture only within `maxGapMs`; after a longer gap the
 * rank is not assumed to have held, and a new span starts.
 */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";

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
  const before = previousAt === undefined ? [] : (await tx.execute<{ article_id: number }>(sql`
    select article_id from rank_spans where outlet_id = ${c.outletId} and to_at = ${sqlTime(previousAt)} order by rank`)).map((r) => Number(r.article_id));
  const ranks = [...c.ranks].sort((x, y) => x.rank - y.rank);

  let extended = new Set<number>();
  if (previousAt !== undefined && c.at - previousAt <= maxGapMs && ranks.length > 0) {
    const pairs = sql.join(ranks.map((r) => sql`(${r.articleId}::bigint, ${r.rank}::int)`), sql`, `);
    const rows = await tx.execute<{ article_id: number }>(sql`
      update rank_spans s set to_at = ${sqlTime(c.at)}
      from (values ${pairs}) as v(article_id, rank)
      where s.outlet_id = ${c.outletId} and s.to_at = ${sqlTime(previousAt)} and s.article_id = v.article_id and s.rank = v.rank
      returning s.article_id`);
    extended = new Set(rows.map((r) => Number(r.article_id)));
  }
  const fresh = ranks.filter((r) => !extended.has(r.articleId));
  if (fresh.length > 0) {
    // A span keeps the box of the capture that opened it.
    const values = sql.join(fresh.map((r) => sql`(${r.articleId}::bigint, ${r.rank}::int, ${r.box?.x ?? null}::real,
      ${r.box?.y ?? null}::real, ${r.box?.width ?? null}::real, ${r.box?.height ?? null}::real, ${r.box?.aboveFold ?? null}::boolean)`), sql`, `);
    await tx.execute(sql`
      insert into rank_spans (article_id, outlet_id, rank, from_at, to_at, box_x, box_y, box_width, box_height, above_fold)
      select v.article_id, ${c.outletId}, v.rank, ${sqlTime(c.at)}, ${sqlTime(c.at)}, v.x, v.y, v.width, v.height, v.above_fold
      from (values ${values}) as v(article_id, rank, x, y, width, height, above_fold)`);
  }
  const changed = topChanged(before, ranks.map((r) => r.articleId));
  await tx.execute(sql`
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode, changed)
    values (${c.outletId}, ${sqlTime(c.at)}, 'ok', ${ranks.length}, ${c.renderMode}, ${changed})`);
  return { changed };
}

/** Record a failed capture attempt (BLK-7 shares are computed from these). */
export async function recordFailedCapture(db: Db, p: { outletId: number; at: number; outcome: string; renderMode: "static" | "browser" }): Promise<void> {
  await db.execute(sql`
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode)
    values (${p.outletId}, ${sqlTime(p.at)}, ${p.outcome}, 0, ${p.renderMode})`);
}
