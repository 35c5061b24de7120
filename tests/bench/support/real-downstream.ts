/**
 * What the story figures the site publishes are worth on the labelled real set: who was first
 * (the outlet and time the product names for a story, against the labelled story's first
 * item, by the items' first-capture time), and the silence rule's false positives (SPEC
 * DER-11) over the labelled days, run on the labelled stories as if they were the clusters and
 * on the product's own clusters. Agency genealogy is not measurable on this set: German home
 * pages carry no agency signature on their teasers (no credit line, no byline).
 */
import { silenceFalsePositives, type SilenceScore } from "./silence-truth";
import type { LabelledArticle } from "./story-truth";

/** One labelled item: index, outlet, first-capture time and true story. */
export interface DownstreamItem {
  outlet: string;
  at: number;
  story: string;
}

/** Who was first: labelled multi-outlet stories, and how many the product names right. */
export interface FirstScore {
  stories: number;
  right: number;
}

/**
 * For each labelled story of two outlets or more: the product's story is the cluster holding
 * the story's earliest item; it names right when that cluster's earliest item is of an outlet
 * that captured the story first, at the first time (ties at the first capture all count).
 */
export function whoWasFirst(items: readonly DownstreamItem[], predicted: ReadonlyMap<number, string>): FirstScore {
  const byStory = new Map<string, number[]>();
  items.forEach((item, n) => byStory.set(item.story, [...(byStory.get(item.story) ?? []), n]));
  const byCluster = new Map<string, number[]>();
  for (const [n, label] of predicted) byCluster.set(label, [...(byCluster.get(label) ?? []), n]);
  const earliest = (ns: readonly number[]) => Math.min(...ns.map((n) => items[n]!.at));
  let stories = 0;
  let right = 0;
  for (const members of byStory.values()) {
    if (new Set(members.map((n) => items[n]!.outlet)).size < 2) continue;
    stories++;
    const firstAt = earliest(members);
    const firstOutlets = new Set(members.filter((n) => items[n]!.at === firstAt).map((n) => items[n]!.outlet));
    const opener = members.find((n) => items[n]!.at === firstAt)!;
    const cluster = predicted.get(opener);
    if (cluster === undefined) continue;
    const clustered = byCluster.get(cluster)!;
    const namedAt = earliest(clustered);
    const named = clustered.filter((n) => items[n]!.at === namedAt).map((n) => items[n]!.outlet);
    if (namedAt === firstAt && named.every((o) => firstOutlets.has(o))) right++;
  }
  return { stories, right };
}

/** The silence rule over the labelled stories as clusters (every silence true by construction) and over the product's clusters. */
export function realSilences(
  items: readonly DownstreamItem[],
  predicted: ReadonlyMap<number, string>,
): { labelled: SilenceScore; product: SilenceScore } {
  const outlets = new Map<string, number>();
  const articles: LabelledArticle[] = items.map((item, n) => ({
    id: n,
    outletId: outlets.get(item.outlet) ?? outlets.set(item.outlet, outlets.size + 1).get(item.outlet)!,
    at: item.at,
    headline: "",
    lede: "",
    body: "",
    authors: [],
    story: item.story,
  }));
  const labelled = silenceFalsePositives(articles, new Map(articles.map((a) => [a.id, a.story!])));
  // An item the product left alone is a cluster of its own (the rule never judges a one-outlet story).
  const product = silenceFalsePositives(articles, new Map(articles.map((a) => [a.id, predicted.get(a.id) ?? `alone ${a.id}`])));
  return { labelled, product };
}
