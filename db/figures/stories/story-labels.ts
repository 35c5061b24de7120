/**
 * The representative headline of each story (SPEC DER-5, PUB-1, PUB-6): the first headline
 * of each member article of a visible outlet, chosen by `representativeHeadline` among those
 * the outlets let us quote. Shared by the home page, the stories list and the story page; the
 * outlet page's stored silences keep only the chosen article (db/figures/outlet-recent-figures.ts).
 */
import { sql } from "drizzle-orm";
import { representativeHeadline, type LabelCandidate } from "../../../lib/analysis/story-label";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { epochMs, idList, notExcluded } from "../page-sql";

/** The headline that names a story, and the outlet that wrote it. */
export interface StoryLabel {
  headline: string;
  outlet: string;
}

/** A member article with its first headline. */
interface Member extends LabelCandidate {
  articleId: number;
}

/** Each story's chosen member: its representative headline's article. */
async function chosenMembers(db: Executor, policies: Policies, storyIds: readonly number[]): Promise<Map<number, Member>> {
  const chosen = new Map<number, Member>();
  if (storyIds.length === 0) return chosen;
  const rows = await db.execute<{
    id: string | number;
    story_id: string | number;
    outlet_id: number;
    name: string;
    text: string;
    first_seen_ms: number;
  }>(sql`
    select distinct on (a.id) a.id, a.story_id, a.outlet_id, o.name, h.text, ${epochMs(sql`a.first_seen_at`)} as first_seen_ms
    from articles a join outlets o on o.id = a.outlet_id and o.active
    join headline_versions h on h.article_id = a.id
    where a.story_id in ${idList(storyIds)} ${notExcluded(sql`a.outlet_id`, policies.excludedOutletIds)}
    order by a.id, h.first_seen_at, h.id`);
  const byStory = new Map<number, Member[]>();
  for (const r of rows) {
    const id = Number(r.story_id);
    const member = {
      articleId: Number(r.id),
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
    const member = representativeHeadline(members);
    if (member) chosen.set(id, member);
  }
  return chosen;
}

/** Labels of the given stories; a story with no quotable headline has none. */
export async function loadStoryLabels(db: Executor, policies: Policies, storyIds: readonly number[]): Promise<Map<number, StoryLabel>> {
  const chosen = await chosenMembers(db, policies, storyIds);
  return new Map([...chosen].map(([id, m]) => [id, { headline: m.headline, outlet: m.outlet }]));
}

/** The article whose headline names each story, for a store that must not keep the headline itself. */
export async function loadStoryLabelArticles(db: Executor, policies: Policies, storyIds: readonly number[]): Promise<Map<number, number>> {
  const chosen = await chosenMembers(db, policies, storyIds);
  return new Map([...chosen].map(([id, m]) => [id, m.articleId]));
}

/**
 * The labels of stories whose naming article was chosen earlier (`loadStoryLabelArticles`): that
 * article's first headline and outlet, one row each. A story whose article is gone, or whose outlet
 * may no longer be quoted or shown, is labelled again from its members.
 */
export async function loadStoryLabelsOf(
  db: Executor,
  policies: Policies,
  articleOf: ReadonlyMap<number, number>,
): Promise<Map<number, StoryLabel>> {
  const labels = new Map<number, StoryLabel>();
  if (articleOf.size === 0) return labels;
  const rows = await db.execute<{ id: string | number; outlet_id: number; name: string; text: string | null }>(sql`
    select a.id, a.outlet_id, o.name, (
      select h.text from headline_versions h where h.article_id = a.id order by h.first_seen_at, h.id limit 1) as text
    from articles a join outlets o on o.id = a.outlet_id and o.active
    where a.id in ${idList([...articleOf.values()])}`);
  const byArticle = new Map(rows.map((r) => [Number(r.id), r]));
  const again: number[] = [];
  for (const [storyId, articleId] of articleOf) {
    const r = byArticle.get(articleId);
    const policy = r && policies.forOutlet(r.outlet_id);
    if (r && r.text !== null && policy!.headlinesVerbatim && !policy!.excluded) labels.set(storyId, { headline: r.text, outlet: r.name });
    else again.push(storyId);
  }
  for (const [id, label] of await loadStoryLabels(db, policies, again)) labels.set(id, label);
  return labels;
}
