/**
 * Prominence of articles and stories (SPEC DER-9): weighted minutes on the front page, as
 * the worker stores them per article (crawler/derive/rank-prominence.ts, the weight of
 * lib/analysis/prominence.ts). Every page, the API and the exports read these figures, so
 * they agree; they run behind the latest capture by at most one round of the worker's
 * housekeeping. A story's is the sum of its shown articles' whose outlet lets positions be
 * shown (PUB-6); outlets under "sin posición" add nothing.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { intArray } from "./api-sql";

/** Weighted minutes of each article (0 for one never on a front page). */
export async function loadArticleProminence(db: Executor, articleIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(articleIds.map((id) => [id, 0]));
  if (articleIds.length === 0) return out;
  const rows = await db.execute<{ id: string | number; minutes: number }>(sql`
    select id, weighted_minutes as minutes from articles where id = any(${intArray(articleIds)}::bigint[])`);
  for (const r of rows) out.set(Number(r.id), Number(r.minutes));
  return out;
}

/** Weighted minutes of each story over its articles in outlets whose positions may be shown (`positionsShown`). */
export async function loadStoryProminence(
  db: Executor,
  storyIds: readonly number[],
  positionsShown: (outletId: number) => boolean,
): Promise<Map<number, number>> {
  const out = new Map<number, number>(storyIds.map((id) => [id, 0]));
  if (storyIds.length === 0) return out;
  const rows = await db.execute<{ story_id: string | number; outlet_id: number; minutes: number }>(sql`
    select a.story_id, a.outlet_id, sum(a.weighted_minutes)::float8 as minutes
    from articles a join outlets o on o.id = a.outlet_id and o.active
    where a.story_id = any(${intArray(storyIds)}::bigint[]) and a.weighted_minutes > 0
    group by a.story_id, a.outlet_id`);
  for (const r of rows) {
    if (!positionsShown(r.outlet_id)) continue;
    const story = Number(r.story_id);
    out.set(story, (out.get(story) ?? 0) + Number(r.minutes));
  }
  return out;
}
