/**
 * False positives of the silence rule (SPEC DER-11) on the simulator's truth: a silence
 * says outlet X never ran story S; it is false when X did run an article of the true story
 * behind S (the true story most of S's articles belong to), which the clusterer placed in
 * another story. Only the "never ran" kind is scored: the labelled day has no front pages.
 */
import { DEFAULT_SILENCE_RULE, silencesOf, type SilenceRule, type StoryCarriers } from "../../../lib/analysis/silences";
import type { LabelledArticle } from "./story-truth";

/** Silences found over every outlet, how many were false, and their rate (null when there were none). */
export interface SilenceScore {
  silences: number;
  falsePositives: number;
  rate: number | null;
  stories: number;
}

/** Scores the silences of every outlet under clusters `predicted` (article id → cluster label). */
export function silenceFalsePositives(
  articles: readonly LabelledArticle[],
  predicted: ReadonlyMap<number, string>,
  rule: SilenceRule = DEFAULT_SILENCE_RULE,
): SilenceScore {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const clusters = new Map<string, LabelledArticle[]>();
  for (const [id, label] of predicted) {
    const a = byId.get(id);
    if (a) clusters.set(label, [...(clusters.get(label) ?? []), a]);
  }
  const labels = [...clusters.keys()];
  const stories: StoryCarriers[] = labels.map((label, i) => ({
    storyId: i,
    carriers: new Map(clusters.get(label)!.map((a) => [a.outletId, null])),
  }));
  const followed = new Set(articles.map((a) => a.outletId));
  // The true story behind a cluster: the label most of its members carry.
  const trueStory = (members: LabelledArticle[]) => {
    const counts = new Map<string, number>();
    for (const m of members) if (m.story) counts.set(m.story, (counts.get(m.story) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const ran = new Set(articles.flatMap((a) => (a.story ? [`${a.outletId} ${a.story}`] : [])));
  let silences = 0;
  let falsePositives = 0;
  const judged = new Set<number>();
  for (const outletId of followed) {
    for (const s of silencesOf(outletId, stories, { followed, positions: false, rule })) {
      silences++;
      judged.add(s.storyId);
      const truth = trueStory(clusters.get(labels[s.storyId]!)!);
      if (truth !== undefined && ran.has(`${outletId} ${truth}`)) falsePositives++;
    }
  }
  return { silences, falsePositives, rate: silences === 0 ? null : falsePositives / silences, stories: judged.size };
}
