/**
 * Labelled sets for the stories benchmark, built from the simulated web's ground truth
 * (which articles are the same story, which run agency copy), and the pairwise scores
 * that compare a clustering or a wire-copy verdict with it.
 */
import type { ClusterItem } from "../../../lib/analysis/cluster";
import { fingerprintTokens, hasLede, storyFingerprint } from "../../../lib/analysis/fingerprint";
import { createTruth, type GroundTruth } from "../../sim/truth";
import { simOutlets } from "../../sim/outlets";
import { createWorld } from "../../sim/world";

/** One article as the crawler could have seen it: first headline, lede, body, byline. */
export interface LabelledArticle {
  id: number;
  outletId: number;
  at: number;
  headline: string;
  lede: string;
  body: string;
  authors: string[];
  story?: string;
  agency?: string;
}

/** `hours` of a simulated web of `outlets` outlets, every article labelled. */
export function labelledArticles(p: { seed: number; outlets: number; start: number; hours: number }): {
  articles: LabelledArticle[];
  truth: GroundTruth;
} {
  const outlets = simOutlets(p.outlets);
  const world = createWorld(p.seed, outlets);
  const truth = createTruth(world);
  const end = p.start + p.hours * 3_600_000;
  const slugIndex = new Map(outlets.map((o, i) => [o.slug, i + 1]));
  const found = truth.articlesAt(end, { windowMs: p.hours * 3_600_000 });
  const articles = found.reverse().map((a, i) => {
    const text = truth.textOf(a.id)!;
    const first = a.headlineVersions[0]!;
    return {
      id: i + 1,
      outletId: slugIndex.get(a.outlet)!,
      at: a.publishedAt,
      headline: first.text,
      lede: text.lede,
      body: text.sentences.join(" "),
      authors: a.authors,
      story: a.storyId,
      agency: a.agency,
    };
  });
  return { articles, truth };
}

/** A labelled article as the clustering takes it: fingerprinted from its headline and lede, still to be placed. */
export function clusterItemOf(a: LabelledArticle): ClusterItem {
  const fingerprint = storyFingerprint(a.headline, a.lede).fingerprint;
  return {
    articleId: a.id,
    outletId: a.outletId,
    at: a.at,
    tokens: fingerprintTokens(fingerprint),
    storyId: null,
    pending: true,
    withDescription: hasLede(fingerprint),
  };
}

/** Precision, recall and F1 of predicted pairs against true pairs. */
export interface PairScores {
  precision: number;
  recall: number;
  f1: number;
  truePairs: number;
  predictedPairs: number;
}

const pairs = (n: number) => (n * (n - 1)) / 2;

/** Pairwise scores: a pair is "together" when both articles share a label; articles without a label are alone. */
export function pairwiseScores(truthLabel: Map<number, string>, predicted: Map<number, string>): PairScores {
  const count = (labels: Map<number, string>) => {
    const sizes = new Map<string, number>();
    for (const label of labels.values()) sizes.set(label, (sizes.get(label) ?? 0) + 1);
    return [...sizes.values()].reduce((n, size) => n + pairs(size), 0);
  };
  const cells = new Map<string, number>();
  for (const [id, label] of predicted) {
    const t = truthLabel.get(id);
    if (t !== undefined) cells.set(`${label} ${t}`, (cells.get(`${label} ${t}`) ?? 0) + 1);
  }
  const hit = [...cells.values()].reduce((n, size) => n + pairs(size), 0);
  const truePairs = count(truthLabel);
  const predictedPairs = count(predicted);
  const precision = predictedPairs === 0 ? 1 : hit / predictedPairs;
  const recall = truePairs === 0 ? 1 : hit / truePairs;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    truePairs,
    predictedPairs,
  };
}
