/**
 * A story's last sighting follows its articles (SPEC DER-2, WEB-1): the story step sets
 * `stories.last_seen_at` only when it places or merges articles, but a placed article keeps
 * being seen — its headline is stretched at every capture that shows it, and its front-page
 * spans run on. This step moves the story's time forward to the latest of those sightings,
 * so a story whose article is still on a front page does not read as hours old.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/** Stories seen within this period before `now` are refreshed (the public lists show 7 days). */
export const LAST_SEEN_REFRESH_WINDOW_MS = 8 * 24 * 3_600_000;

/**
 * Sets each recent story's `last_seen_at` to the latest sighting of its articles (headline
 * versions, front-page spans, an open one as of the outlet's latest capture), never moving it back nor past `now`; also the stories
 * with an article still on a front page, however old their time. Returns the stories moved.
 */
export async function refreshStoryLastSeen(db: Executor, p: { now: number; windowMs?: number }): Promise<number> {
  const now = sqlTime(p.now);
  const from = sqlTime(p.now - (p.windowMs ?? LAST_SEEN_REFRESH_WINDOW_MS));
  // Candidates by index: stories_last_seen, and the open spans (rank_spans_lasting, to_at null).
  const moved = await db.execute<{ id: string | number }>(sql`
    with candidates as (
      select id from stories where last_seen_at >= ${from}::timestamptz and merged_into is null
      union
      select a.story_id from rank_spans r join articles a on a.id = r.article_id where r.to_at is null and a.story_id is not null
    ), seen as (
      select a.story_id, greatest(
        (select max(h.last_seen_at) from headline_versions h where h.article_id = a.id),
        -- An open span holds at the outlet's latest successful capture (crawler/record/frontpage.ts).
        (select max(coalesce(r.to_at, (select max(fc.at) from frontpage_captures fc
          where fc.outlet_id = r.outlet_id and fc.outcome = 'ok' and fc.at <= ${now}::timestamptz)))
         from rank_spans r where r.article_id = a.id)) as at
      from articles a join candidates c on c.id = a.story_id
    ), latest as (
      select story_id, least(max(at), ${now}::timestamptz) as at from seen group by story_id
    )
    update stories s set last_seen_at = l.at from latest l
    where s.id = l.story_id and l.at > s.last_seen_at
    returning s.id`);
  return moved.length;
}
