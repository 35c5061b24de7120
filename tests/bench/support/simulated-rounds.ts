/**
 * The clustering as the worker runs it, over several simulated days: articles placed a round at a
 * time (one round per `roundMinutes` of publication time), each round seeing the last 72 hours
 * with earlier rounds' articles no longer pending and their stories kept, merges followed.
 * The labelled real sets hold a few hundred items a day; a running crawl of 30 outlets sees
 * about ten thousand, and over three days the simulated web's look-alike events (the same
 * people and places in different events) get the chance to chain. Pure: no database.
 */
import { clusterStories, DEFAULT_CLUSTER_OPTIONS, type ClusterItem, type ClusterOptions } from "../../../lib/analysis/cluster";
import { clusterItemOf, labelledArticles, pairwiseScores, type PairScores } from "./story-truth";

export interface SimulatedRounds {
  articles: number;
  scores: PairScores;
  /** The largest stories' sizes, largest first (the simulator's own stories have at most about a dozen articles). */
  largest: number[];
  cpuMs: number;
  /** Rounds that placed at least one article. */
  rounds: number;
}

/** `hours` of the simulated web (seed `seed`, `outlets` outlets from `start`) clustered in rounds with `options`. */
export function simulatedRounds(
  p: { seed: number; outlets: number; start: number; hours: number; roundMinutes: number },
  options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
): SimulatedRounds {
  const { articles } = labelledArticles(p);
  const items: ClusterItem[] = articles.map(clusterItemOf).sort((a, b) => a.at - b.at);
  const roundMs = p.roundMinutes * 60_000;
  const storyOf = new Map<number, number>();
  let nextStory = 1;
  let placed = 0;
  let rounds = 0;
  const started = process.cpuUsage();
  for (let end = items[0]!.at + roundMs; placed < items.length; end += roundMs) {
    let upTo = placed;
    while (upTo < items.length && items[upTo]!.at < end) upTo++;
    if (upTo === placed) continue;
    const round = items
      .slice(0, upTo)
      .filter((item) => item.at >= end - roundMs - options.windowMs)
      .map((item, i, all) => ({ ...item, storyId: storyOf.get(item.articleId) ?? null, pending: i >= all.length - (upTo - placed) }));
    const { placements, merges } = clusterStories(round, options);
    rounds++;
    const opened = new Map<number, number>();
    for (const placement of placements) {
      const story =
        "storyId" in placement
          ? placement.storyId
          : (opened.get(placement.newStory) ?? opened.set(placement.newStory, nextStory++).get(placement.newStory)!);
      storyOf.set(placement.articleId, story);
    }
    for (const merge of merges) for (const [article, story] of storyOf) if (story === merge.from) storyOf.set(article, merge.into);
    placed = upTo;
  }
  const cpu = process.cpuUsage(started);
  const truth = new Map(articles.filter((a) => a.story).map((a) => [a.id, a.story!]));
  const predicted = new Map([...storyOf].map(([article, story]) => [article, `s${story}`]));
  const sizes = new Map<number, number>();
  for (const story of storyOf.values()) sizes.set(story, (sizes.get(story) ?? 0) + 1);
  return {
    articles: articles.length,
    scores: pairwiseScores(truth, predicted),
    largest: [...sizes.values()].sort((a, b) => b - a).slice(0, 5),
    cpuMs: (cpu.user + cpu.system) / 1000,
    rounds,
  };
}
