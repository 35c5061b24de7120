/**
 * PUB-1: when «sin anotación de modelo» applies to an outlet that was already analysed, the
 * story rows its headlines and ledes fed go: its fingerprints, its articles' story membership,
 * and, through the stories they leave, those stories' dates, outlet count and key terms, which
 * are computed again from the members that remain (a story left with no article is deleted,
 * as a data deletion does). Its language and framing rows are the headline analyser's purge
 * (crawler/derive/analyse-headlines.ts). Idempotent: once an outlet is clean it costs a lookup.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refreshStories } from "./cluster-stories";
import { modelBarredOutlets } from "./model-scope";

/** Rows removed by one purge. */
export interface ModelScopePurge {
  fingerprints: number;
  memberships: number;
  stories: number;
}

/** Removes the story rows of every outlet no model may see now; returns what went. */
export async function purgeModelScope(db: Db, p: { now: number }): Promise<ModelScopePurge> {
  // One cheap statement when no outlet is under the scope; otherwise the outlets' ids, so the
  // statements below read their articles through the (outlet_id, first_seen_at) index.
  const outlets = await db.execute<{ id: number }>(sql`select id from (${modelBarredOutlets()}) b`);
  if (outlets.length === 0) return { fingerprints: 0, memberships: 0, stories: 0 };
  const barred = sql`${`{${outlets.map((o) => o.id).join(",")}}`}::int[]`;
  return db.transaction(async (tx) => {
    const fingerprints = await tx.execute(sql`
      delete from story_fingerprints f using articles a where a.id = f.article_id and a.outlet_id = any(${barred})`);
    const left = await tx.execute<{ story_id: string | number }>(sql`
      with gone as (select id, story_id from articles where outlet_id = any(${barred}) and story_id is not null for update)
      update articles a set story_id = null from gone where a.id = gone.id returning gone.story_id`);
    const storyIds = [...new Set(left.map((r) => Number(r.story_id)))];
    let stories = 0;
    if (storyIds.length > 0) {
      const ids = sql`${`{${storyIds.join(",")}}`}::bigint[]`;
      const emptied = await tx.execute(sql`
        delete from stories s where s.id = any(${ids}) and not exists (select 1 from articles a where a.story_id = s.id)`);
      stories = emptied.count ?? 0;
      // Key terms weigh words by their rarity among the window's headlines: the fingerprints still held.
      const window = await tx.execute<{ article_id: string | number }>(sql`select article_id from story_fingerprints`);
      await refreshStories(tx, { storyIds, windowArticles: window.map((r) => Number(r.article_id)), now: p.now, cache: { at: 0 } });
    }
    return { fingerprints: fingerprints.count ?? 0, memberships: left.length, stories };
  });
}
