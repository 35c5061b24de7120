/**
 * Prominence of articles and stories (SPEC DER-9): weighted minutes on the front page from
 * the rank intervals every page reads (front-pages.ts rankHistories), weighted by
 * lib/analysis/prominence.ts. A story's is the sum of its shown articles' whose outlet lets
 * positions be shown (PUB-6); outlets under "sin posición" add nothing.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { prominenceMinutes } from "../../lib/analysis/prominence";
import type { Executor } from "../client";
import { rankHistories } from "./front-pages";
import { idList } from "./page-sql";

/** Articles ranked per statement: the rank intervals of a batch are one query. */
const BATCH = 500;

/** Weighted minutes of each article (0 for one never on a front page). */
export async function loadArticleProminence(db: Executor, articleIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < articleIds.length; i += BATCH) {
    const batch = articleIds.slice(i, i + BATCH);
    const histories = await rankHistories(db, batch);
    for (const id of batch) {
      out.set(id, prominenceMinutes((histories.get(id) ?? []).map((r) => ({ rank: r.rank, fromAt: r.from, toAt: r.to }))));
    }
  }
  return out;
}

/** Weighted minutes of each story over its articles in outlets whose positions may be shown (`positionsShown`). */
export async function loadStoryProminence(
  db: Executor, storyIds: readonly number[], positionsShown: (outletId: number) => boolean,
): Promise<Map<number, number>> {
  const out = new Map<number, number>(storyIds.map((id) => [id, 0]));
  if (storyIds.length === 0) return out;
  const rows = await db.execute<{ id: string | number; story_id: string | number; outlet_id: number }>(sql`
    select a.id, a.story_id, a.outlet_id from articles a join outlets o on o.id = a.outlet_id and o.active
    where a.story_id in ${idList(storyIds)}`);
  const shown = rows.filter((r) => positionsShown(r.outlet_id));
  const byArticle = await loadArticleProminence(db, shown.map((r) => Number(r.id)));
  for (const r of shown) {
    const story = Number(r.story_id);
    out.set(story, (out.get(story) ?? 0) + (byArticle.get(Number(r.id)) ?? 0));
  }
  return out;
}
