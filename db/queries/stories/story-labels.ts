/**
 * The representative headline of each story (SPEC DER-5, PUB-1, PUB-6): the first headline
 * of each member article of a visible outlet, chosen by `representativeHeadline` among those
 * the outlets let us quote. Shared by the home page, the stories list and the story page.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { representativeHeadline } from "../../../lib/analysis/story-label";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { epochMs, idList, notExcluded } from "../page-sql";

/** The headline that names a story, and the outlet that wrote it. */
export interface StoryLabel {
  headline: string;
  outlet: string;
}

/** Labels of the given stories; a story with no quotable headline has none. */
export async function loadStoryLabels(db: Executor, policies: Policies, storyIds: readonly number[]): Promise<Map<number, StoryLabel>> {
  const labels = new Map<number, StoryLabel>();
  if (storyIds.length === 0) return labels;
  const rows = await db.execute<{
    story_id: string | number;
    outlet_id: number;
    name: string;
    text: string;
    first_seen_ms: number;
  }>(sql`
    select distinct on (a.id) a.story_id, a.outlet_id, o.name, h.text, ${epochMs(sql`a.first_seen_at`)} as first_seen_ms
    from articles a join outlets o on o.id = a.outlet_id and o.active
    join headline_versions h on h.article_id = a.id
    where a.story_id in ${idList(storyIds)} ${notExcluded(sql`a.outlet_id`, policies.excludedOutletIds)}
    order by a.id, h.first_seen_at, h.id`);
  const byStory = new Map<number, { headline: string; outlet: string; at: number; quotable: boolean }[]>();
  for (const r of rows) {
    const id = Number(r.story_id);
    const member = {
      headline: r.text,
      outlet: r.name,
      at: r.first_seen_ms,
      quotable: policies.forOutlet(r.outlet_id).headlinesVerbatim,
    };
    const members = byStory.get(id);
    if (members) members.push(member);
    else byStory.set(id, [member]);
  }
  for (const [id, members] of byStory) {
    const chosen = representativeHeadline(members);
    if (chosen) labels.set(id, { headline: chosen.headline, outlet: chosen.outlet });
  }
  return labels;
}
