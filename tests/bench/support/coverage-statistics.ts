/**
 * Statistics of how a labelled set's outlets cover one event, computed the same way for the
 * real set and the simulated day so the stories bench prints them side by side and the
 * simulator can be calibrated on the real set: the gap between two outlets' items of one
 * story, the rarity-weighted similarity (the clustering's own cosine) of true pairs and of
 * unrelated pairs, the share of true pairs whose ledes are identical, and the follow-ups
 * (an outlet's further items in a story it already covered) per multi-item story, and how
 * often a pair shares a word rare enough to link it (in at most 1 % of the items, as the
 * clustering's rule for described pairs counts rarity): unrelated pairs should seldom, true
 * pairs often. Any shared word is a weak statistic: a word every lede carries counts too.
 */
import { DEFAULT_CLUSTER_OPTIONS } from "../../../lib/analysis/cluster";
import { figure, type Figure } from "../types";
import { documentCounts, norm, tokenKey, tokenWeightsOfAll, cosineOfWeights, type Tokens } from "../../../lib/analysis/story-similarity";

/** One labelled item: its outlet, time, fingerprint tokens, lede (if any) and true story (if it has one). */
export interface CoverageItem {
  outlet: string;
  at: number;
  tokens: Tokens;
  lede?: string;
  story?: string;
}

/** What `coverageStatistics` measures. */
export interface CoverageStatistics {
  /** Gap between the items of two outlets in one story, in hours: 25th, 50th and 75th percentiles. */
  gapHours: { p25: number; median: number; p75: number };
  /** Pairs of two outlets' items in one story. */
  crossOutletPairs: number;
  /** Median similarity of true pairs (any two items of one story). */
  truePairSimilarity: number;
  /** Median similarity of unrelated pairs that share at least one weighted word (a deterministic sample). */
  unrelatedSharingSimilarity: number;
  /** Share of sampled unrelated pairs that share any weighted word at all. */
  unrelatedSharing: number;
  /** Share of sampled unrelated pairs sharing at least one rare word, and at least two. */
  unrelatedRare: { one: number; two: number };
  /** Share of true pairs sharing at least one rare word, and at least two. */
  trueRare: { one: number; two: number };
  /** Share of true pairs whose two items carry the same non-empty lede. */
  identicalLedeShare: number;
  /** Follow-ups per story with two items or more: items beyond each outlet's first. */
  followUpsPerStory: number;
  /** Stories with two items or more. */
  stories: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Coverage statistics of a labelled set; `unrelatedSample` unrelated pairs are drawn with a fixed generator. */
export function coverageStatistics(items: readonly CoverageItem[], unrelatedSample = 50_000): CoverageStatistics {
  const window = documentCounts(items.map((i) => i.tokens));
  const weights = tokenWeightsOfAll(
    items.map((i) => i.tokens),
    window,
    DEFAULT_CLUSTER_OPTIONS.nameWeight,
    DEFAULT_CLUSTER_OPTIONS.partWeight,
  );
  const norms = weights.map(norm);
  const similarity = (a: number, b: number) =>
    cosineOfWeights(items[a]!.tokens, weights[a]!, norms[a]!, items[b]!.tokens, weights[b]!, norms[b]!);
  const rareAt = Math.max(DEFAULT_CLUSTER_OPTIONS.rareItems, DEFAULT_CLUSTER_OPTIONS.described.rareShare * window.documents);
  const rare = items.map((i) => new Set(Array.from(i.tokens, tokenKey).filter((k) => (window.counts.get(k) ?? 0) <= rareAt)));
  const rareShared = (a: number, b: number) => {
    let n = 0;
    for (const k of rare[a]!) if (rare[b]!.has(k)) n++;
    return n;
  };
  const trueRare = { one: 0, two: 0 };
  const unrelatedRare = { one: 0, two: 0 };
  const count = (tally: { one: number; two: number }, shared: number) => {
    if (shared > 0) tally.one++;
    if (shared > 1) tally.two++;
  };

  const byStory = new Map<string, number[]>();
  items.forEach((item, n) => {
    if (item.story !== undefined) byStory.set(item.story, [...(byStory.get(item.story) ?? []), n]);
  });
  const gaps: number[] = [];
  const trueSimilarities: number[] = [];
  let identical = 0;
  let followUps = 0;
  let stories = 0;
  for (const members of byStory.values()) {
    if (members.length < 2) continue;
    stories++;
    followUps += members.length - new Set(members.map((n) => items[n]!.outlet)).size;
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const a = items[members[x]!]!;
        const b = items[members[y]!]!;
        if (a.outlet !== b.outlet) gaps.push(Math.abs(a.at - b.at) / 3_600_000);
        trueSimilarities.push(similarity(members[x]!, members[y]!));
        count(trueRare, rareShared(members[x]!, members[y]!));
        if (a.lede && a.lede === b.lede) identical++;
      }
    }
  }

  // Unrelated pairs: a fixed linear congruential generator, so the figure is the same on every run.
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const sharing: number[] = [];
  let drawn = 0;
  for (let tries = 0; drawn < unrelatedSample && tries < unrelatedSample * 4 && items.length > 1; tries++) {
    const a = Math.floor(next() * items.length);
    const b = Math.floor(next() * items.length);
    const sa = items[a]!.story;
    if (a === b || (sa !== undefined && sa === items[b]!.story)) continue;
    drawn++;
    count(unrelatedRare, rareShared(a, b));
    const s = similarity(a, b);
    if (s > 0) sharing.push(s);
  }
  gaps.sort((a, b) => a - b);
  trueSimilarities.sort((a, b) => a - b);
  sharing.sort((a, b) => a - b);
  return {
    gapHours: { p25: quantile(gaps, 0.25), median: quantile(gaps, 0.5), p75: quantile(gaps, 0.75) },
    crossOutletPairs: gaps.length,
    truePairSimilarity: quantile(trueSimilarities, 0.5),
    unrelatedSharingSimilarity: quantile(sharing, 0.5),
    unrelatedSharing: drawn === 0 ? 0 : sharing.length / drawn,
    unrelatedRare: { one: unrelatedRare.one / Math.max(1, drawn), two: unrelatedRare.two / Math.max(1, drawn) },
    trueRare: { one: trueRare.one / Math.max(1, trueSimilarities.length), two: trueRare.two / Math.max(1, trueSimilarities.length) },
    identicalLedeShare: trueSimilarities.length === 0 ? 0 : identical / trueSimilarities.length,
    followUpsPerStory: stories === 0 ? 0 : followUps / stories,
    stories,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** One line for the bench's log. */
export function coverageLine(name: string, s: CoverageStatistics): string {
  const h = (x: number) => x.toFixed(2);
  return (
    `${name}: gap between outlets (h) p25 ${h(s.gapHours.p25)} median ${h(s.gapHours.median)} p75 ${h(s.gapHours.p75)} ` +
    `(${s.crossOutletPairs} pairs); similarity median true pairs ${s.truePairSimilarity.toFixed(3)}, ` +
    `unrelated pairs sharing a word ${s.unrelatedSharingSimilarity.toFixed(3)} (${(100 * s.unrelatedSharing).toFixed(1)} % share one); ` +
    `sharing a rare word: unrelated ${pct(s.unrelatedRare.one)} (two: ${pct(s.unrelatedRare.two)}), true ${pct(s.trueRare.one)} (two: ${pct(s.trueRare.two)}); ` +
    `identical lede ${(100 * s.identicalLedeShare).toFixed(1)} % of true pairs; follow-ups per story ${s.followUpsPerStory.toFixed(2)} (${s.stories} stories)`
  );
}

/** The statistics as bench figures, labelled with `name` ("real set", "simulated day"). */
export function coverageFigures(name: string, s: CoverageStatistics): Figure[] {
  return [
    figure(
      `${name} coverage: gap between outlets on true pairs, median (p25 ${s.gapHours.p25.toFixed(2)}, p75 ${s.gapHours.p75.toFixed(2)})`,
      s.gapHours.median,
      "h",
    ),
    figure(`${name} coverage: similarity of true pairs, median`, s.truePairSimilarity, "cosine"),
    figure(
      `${name} coverage: similarity of unrelated pairs sharing a word, median (${(100 * s.unrelatedSharing).toFixed(1)} % share one)`,
      s.unrelatedSharingSimilarity,
      "cosine",
    ),
    figure(`${name} coverage: unrelated pairs sharing a rare word (two: ${pct(s.unrelatedRare.two)})`, s.unrelatedRare.one, "ratio"),
    figure(`${name} coverage: true pairs sharing a rare word (two: ${pct(s.trueRare.two)})`, s.trueRare.one, "ratio"),
    figure(`${name} coverage: true pairs with an identical lede`, s.identicalLedeShare, "ratio"),
    figure(`${name} coverage: follow-ups per story of two items or more (${s.stories} stories)`, s.followUpsPerStory, "follow-ups"),
  ];
}
