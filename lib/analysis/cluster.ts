/**
 * Story clustering (SPEC DER-2), a pure function: fingerprints in, story assignments and
 * merges out. Each new article, oldest first, is compared with every article of the window
 * that shares a token with it (found through postings lists, scored as they are walked), by
 * the rarity-weighted cosine of story-similarity.ts less a time term that grows with the
 * gap in hours (real outlets cover one event hours apart, follow-ups come over days).
 * It joins the story of its best link (single linkage: one clear link to any member is
 * enough, as coverage of one event drifts from its first wording); two unassigned matching
 * articles open a story. A link needs two shared words, one of them rare in the window: a
 * window of look-alike headlines (the same people and topics all day) would otherwise chain
 * into one story; the words of a name that always come together ("Alcornoque de la Sierra")
 * count as one. Two articles that both carry a description are linked by a rule of their
 * own (`described`): several less rare shared words, as a described story's members share
 * many words that a large event also puts in many other articles. An article that links clearly to two stories, through a
 * rare word it shares with both, shows they are one: they are merged, the older story (the lower id) keeps its id, and the worker records where
 * the other went, so a link to it still leads to the story (crawler/derive/cluster-stories.ts).
 * An article never leaves its story otherwise. Several articles of one outlet may be in a
 * story: its follow-ups of the event. A second pass (story-consolidation.ts), off by default,
 * compares stories as wholes, by their centroids: described items left alone join the story
 * they match, and stories that agree are merged, recorded like the merges above.
 */
import { runInSlices, runToEnd, type SliceOptions } from "../slices";
import { fingerprintTokens, isPart } from "./fingerprint";
import { documentCounts, norm, sharedByAll, tokenKey, tokenWeightsOfAll, type Tokens } from "./story-similarity";
import { dampRubrics } from "./story-rubrics";
import { consolidateStories, type ConsolidationOptions } from "./story-consolidation";
import { StoryState } from "./story-state";

/** One fingerprinted article in the window. */
export interface ClusterItem {
  articleId: number;
  outletId: number;
  /** When the article was published (declared), else first seen (epoch ms). */
  at: number;
  /** Its fingerprint's tokens, ascending (`fingerprintTokens`). */
  tokens: Tokens;
  /** Its story, when it already has one. */
  storyId: number | null;
  /** Still to be placed (new since the last round); others are only matched against. */
  pending: boolean;
  /** Whether its fingerprint holds a description (a lede or teaser summary) besides the headline; absent: headline only. */
  withDescription?: boolean;
}

/** Parameters of the clustering; the chosen values are `DEFAULT_CLUSTER_OPTIONS`. */
export interface ClusterOptions {
  /** How far back (and forward, for articles placed before) an article looks for its story. */
  windowMs: number;
  /** Least link score (cosine less the time term) for "same story". */
  threshold: number;
  /** Score subtracted per doubling of (1 + gap / `ageScaleMs`): later coverage must look more alike. */
  agePenalty: number;
  /** The time scale of the age term. */
  ageScaleMs: number;
  /** Weight of a name or a figure against another word of the same rarity. */
  nameWeight: number;
  /** Least link score of one article to each of two stories for merging them. */
  mergeThreshold: number;
  /** Score taken off a link between two articles of one outlet: its rubrics and series share words that are not news. */
  sameOutletPenalty: number;
  /** Weight of a word part (German compounds) against a word of the same rarity. */
  partWeight: number;
  /** Rubric damping (`dampRubrics`): least items of one outlet, least share of the token's items, and the weight left. */
  rubricItems: number;
  rubricShare: number;
  rubricWeight: number;
  /** Least mean score of an article against a story's members for joining it (average linkage as a floor under single linkage). */
  meanFloor: number;
  /** Least number of weighted tokens a link shares: one word in common is a topic, not an event. */
  minShared: number;
  /** A link must share a rare token: one in at most max(`rareItems`, `rareShare` × window) articles (`rareShare` 1: no such rule). */
  rareItems: number;
  rareShare: number;
  /**
   * The link rule of two articles that both carry a description (a lede or teaser summary):
   * their fingerprints hold three times the words of a headline, so one rare word in common
   * is chance and a big story's own words are common in the window. Such a link needs
   * `rareWords` shared words each in at most `wordsShare` of the window's articles, one of
   * them in at most `rareShare` (as `rareItems` sets the least count), at least `minShared`
   * shared words, and a score of `threshold`. Chosen on the described set's
   * development split (docs/stories.md); headline-only pairs keep the rules above.
   */
  described: { threshold: number; rareShare: number; minShared: number; rareWords: number; wordsShare: number };
  /** Tokens in more than this share of the window's articles are left out of the dot products (not of the norms): they weigh little and their postings are long. */
  commonShare: number;
  /** The second pass: described items alone and stories joined by their centroids (story-consolidation.ts); off by default. */
  consolidation: ConsolidationOptions;
  /**
   * Words that always come together (in the same articles of the window, at least this many, in a group of at
   * most three) count as one shared word: "Alcornoque de la Sierra" is one piece of evidence, not two, so two
   * events in one town do not link on its name alone. 0: every word counts. Chosen on the development splits
   * (docs/stories.md).
   */
  togetherItems: number;
  /**
   * A word whose articles are all among another word's, at most `nestedRatio` times as many (a first name among its surname's,
   * "Amparo" in 15 articles all with "Lezcano" in 23), counts with it as one shared word. 0: off.
   */
  nestedRatio: number;
}

/**
 * The second pass as chosen on the described set's development split, its guard included
 * (docs/stories.md). It is not in the default: it did not hold precision on either held-out
 * set (pairwise precision 0.69 and 0.80 against the 0.90 asked), so the default runs the
 * first pass alone (`passes: 0`) and this stays for measurement (`npm run bench -- stories`).
 */
export const SECOND_PASS_OPTIONS: ConsolidationOptions = {
  passes: 10,
  joinThreshold: 0.18,
  mergeThreshold: 0.3,
  words: 4,
  wordsShare: 0.05,
  rareShare: 0.01,
  ownShare: 0.9,
  ownItems: 4,
  ownThreshold: 0.1,
  linkFloor: 0.1,
  linkWords: 2,
};

/**
 * `nestedRatio` as measured (docs/stories.md, "A first name counted with its surname"): it stops the simulated web's
 * chains at a crawl's density but costs recall on the real sets, so the default leaves it off.
 */
export const NESTED_RATIO_MEASURED = 2;

/** Chosen on the development split of the labelled real set (docs/stories.md). */
export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  windowMs: 72 * 3_600_000,
  threshold: 0.2,
  agePenalty: 0.06,
  ageScaleMs: 6 * 3_600_000,
  nameWeight: 1,
  partWeight: 1,
  mergeThreshold: 0.25,
  sameOutletPenalty: 0.2,
  rubricItems: 3,
  rubricShare: 0.7,
  rubricWeight: 0.2,
  meanFloor: 0,
  minShared: 2,
  rareItems: 4,
  rareShare: 0.0075,
  described: { threshold: 0.16, rareShare: 0.01, minShared: 2, rareWords: 4, wordsShare: 0.05 },
  commonShare: 0.05,
  consolidation: { ...SECOND_PASS_OPTIONS, passes: 0 },
  togetherItems: 6,
  nestedRatio: 0,
};

/** Where a pending article goes: an existing story, or a new one (same `newStory` = same new story). */
export type Placement = { articleId: number; storyId: number } | { articleId: number; newStory: number };
/** An existing story found to be part of an older one: its articles move to `into`. */
export interface Merge {
  from: number;
  into: number;
}
/** What a round decides. */
export interface Clustering {
  placements: Placement[];
  merges: Merge[];
}

/** Re-exported for callers that read stored fingerprints. */
export { fingerprintTokens };

/** Places the pending items, oldest first, merging stories that are one; items that match nothing stay unassigned. */
export function clusterStories(items: readonly ClusterItem[], options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS): Clustering {
  return runToEnd(clusteringSteps(items, options));
}

/**
 * `clusterStories` for a process that also serves other work (the worker's jobs): the same
 * result, computed in slices of about `sliceMs`, each followed by a turn of the event loop,
 * so a window of tens of thousands of articles never holds the process's timers and sockets
 * for more than a slice.
 */
export function clusterStoriesInSlices(
  items: readonly ClusterItem[],
  options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
  slices?: SliceOptions,
): Promise<Clustering> {
  return runInSlices(clusteringSteps(items, options), slices);
}

/** Postings of one token: positions and the token's weight in each. */
interface Posting {
  at: number[];
  weight: number[];
}

/** The clustering as steps: it yields after each item placed. */
function* clusteringSteps(items: readonly ClusterItem[], options: ClusterOptions): Generator<void, Clustering> {
  let earliest = Infinity;
  for (const item of items) if (item.pending && item.storyId === null && item.at < earliest) earliest = item.at;
  if (earliest === Infinity) return { placements: [], merges: [] };
  const sorted = items.filter((i) => i.at >= earliest - options.windowMs).sort((a, b) => a.at - b.at || a.articleId - b.articleId);
  const window = documentCounts(sorted.map((i) => i.tokens));
  yield;
  const weights = tokenWeightsOfAll(
    sorted.map((i) => i.tokens),
    window,
    options.nameWeight,
    options.partWeight,
  );
  if (options.rubricWeight !== 1) dampRubrics(sorted, weights, options);
  const norms = Float64Array.from(weights, norm);
  const common = Math.max(64, options.commonShare * sorted.length);
  const rare = Math.max(options.rareItems, options.rareShare * sorted.length);
  const rareDescribed = Math.max(options.rareItems, options.described.rareShare * sorted.length);
  const wordsDescribed = Math.max(options.rareItems, options.described.wordsShare * sorted.length);
  yield;
  const echoes =
    options.togetherItems > 0 ? echoTokens(sorted, window.counts, options.togetherItems, common, options.nestedRatio) : undefined;
  const stories = new StoryState(sorted);
  const postings = new Map<number, Posting>();
  const post = (position: number) => {
    const tokens = sorted[position]!.tokens;
    const w = weights[position]!;
    for (let i = 0; i < tokens.length; i++) {
      const key = tokenKey(tokens[i]!);
      if (w[i] === 0 || window.counts.get(key)! > common) continue;
      const list = postings.get(key);
      if (list) {
        list.at.push(position);
        list.weight.push(w[i]!);
      } else postings.set(key, { at: [position], weight: [w[i]!] });
    }
  };
  // Articles placed in earlier rounds are candidates whatever their time; new ones join the
  // postings once placed, so each is compared with those before it.
  sorted.forEach((item, position) => {
    if (!isPending(item)) post(position);
  });
  const dot = new Float64Array(sorted.length);
  const shared = new Int32Array(sorted.length);
  // The least document count among the words shared with each candidate: how rare its rarest shared word is.
  const rarest = new Int32Array(sorted.length).fill(NO_WORD);
  // How many of the shared words are rare by the described pairs' rule.
  const rareCount = new Int32Array(sorted.length);
  const ageTerm = (gap: number) => options.agePenalty * Math.log2(1 + gap / options.ageScaleMs);
  for (let position = 0; position < sorted.length; position++) {
    const item = sorted[position]!;
    if (!isPending(item)) continue;
    // Dot products with every article sharing a token, accumulated along the postings.
    const touched: number[] = [];
    const w = weights[position]!;
    for (let i = 0; i < item.tokens.length; i++) {
      if (w[i] === 0) continue;
      const key = tokenKey(item.tokens[i]!);
      const list = postings.get(key);
      if (!list) continue;
      const df = window.counts.get(key)!;
      // A word that only echoes another of the same articles adds to the score, not to the count of shared words.
      const echo = echoes?.has(key) === true;
      for (let k = 0; k < list.at.length; k++) {
        const other = list.at[k]!;
        if (dot[other] === 0) touched.push(other);
        dot[other] = dot[other]! + w[i]! * list.weight[k]!;
        if (!isPart(item.tokens[i]!) && !echo) {
          shared[other] = shared[other]! + 1;
          if (df < rarest[other]!) rarest[other] = df;
          if (df <= wordsDescribed) rareCount[other]!++;
        }
      }
    }
    // Best link per story (an unassigned article is a story of its own, keyed by its position),
    // and the sum of its positive scores against the story's members, for the mean.
    const links = new Map<number, { score: number; other: number; sum: number }>();
    for (const other of touched) {
      const candidate = sorted[other]!;
      const gap = Math.abs(item.at - candidate.at);
      const score =
        dot[other]! / (norms[position]! * norms[other]!) -
        ageTerm(gap) -
        (candidate.outletId === item.outletId ? options.sameOutletPenalty : 0);
      const described = item.withDescription === true && candidate.withDescription === true;
      const rule = described ? options.described : options;
      const sharedTokens = shared[other]!;
      const sharedRare = described
        ? rareCount[other]! >= options.described.rareWords && rarest[other]! <= rareDescribed
        : rarest[other]! <= rare || options.rareShare >= 1;
      dot[other] = 0;
      shared[other] = 0;
      rarest[other] = NO_WORD;
      rareCount[other] = 0;
      if (gap > options.windowMs) continue;
      const target = stories.of(other) ?? unassignedKey(other);
      const link = links.get(target) ?? { score: -Infinity, other, sum: 0 };
      if (score > 0) link.sum += score;
      // A link's score is kept against the common threshold: `rule.threshold - options.threshold` shifts a described pair's.
      const relative = score - (rule.threshold - options.threshold);
      if (sharedTokens >= rule.minShared && sharedRare && relative > link.score) [link.score, link.other] = [relative, other];
      links.set(target, link);
    }
    // The mean over the story's members in the window (those sharing no token score 0): one
    // look-alike member is not enough to join a large story, so a story cannot grow along a chain.
    const mean = (target: number, link: { score: number; sum: number }) => {
      const members = stories.membersOf(target);
      if (!members) return link.score;
      let inWindow = 0;
      for (const m of members) if (Math.abs(sorted[m]!.at - item.at) <= options.windowMs) inWindow++;
      return link.sum / Math.max(1, inWindow);
    };
    const ranked = [...links.entries()]
      .filter(
        ([target, link]) => link.score >= Math.min(options.threshold, options.mergeThreshold) && mean(target, link) >= options.meanFloor,
      )
      .sort((a, b) => b[1].score - a[1].score || a[1].other - b[1].other);
    const best = ranked[0];
    if (best && best[1].score >= options.threshold) {
      const anchor = sorted[best[1].other]!.tokens;
      let target = stories.of(best[1].other) ?? stories.open(best[1].other);
      stories.assign(position, target);
      // Every other story it links to clearly, through a rare word of its best link too, is
      // the same story: a headline that meets one story on a name and another on a verb and
      // a stock phrase ("congela…: las claves") bridges two events, not one.
      for (const [, link] of ranked.slice(1)) {
        if (link.score < options.mergeThreshold) break;
        const candidate = sorted[link.other]!;
        const limit = item.withDescription === true && candidate.withDescription === true ? rareDescribed : rare;
        if (!sharedByAll(item.tokens, anchor, candidate.tokens, (key) => !isPart(key) && window.counts.get(key)! <= limit)) continue;
        const other = stories.of(link.other);
        if (other === undefined) stories.assign(link.other, target);
        else if (other !== target) target = stories.merge(target, other);
      }
    }
    post(position);
    yield;
  }
  const placed = new Set<number>();
  sorted.forEach((item, position) => {
    if (isPending(item)) placed.add(position);
  });
  yield* consolidateStories({
    sorted,
    weights,
    counts: window.counts,
    stories,
    touched: placed,
    options: options.consolidation,
    windowMs: options.windowMs,
    ageTerm,
    common,
    leastItems: options.rareItems,
  });
  return { placements: stories.placements(), merges: stories.finalMerges() };
}

/**
 * The words of the articles to place that echo another: in exactly the same articles of the
 * window as another word (at least `least` of them, at most `most`: commoner words are in no
 * link), as "sierra" goes with "alcornoque", in a group of at most `NAME_WORDS`: a name of a few
 * words. A larger group is shared wording (wire copy, a repeated lede), several words of evidence,
 * not one. The first word of each group is not in the set, so the group still counts once.
 */
function echoTokens(
  sorted: readonly ClusterItem[],
  counts: ReadonlyMap<number, number>,
  least: number,
  most: number,
  nestedRatio = 0,
): Set<number> {
  // Only the words of articles to place are ever asked about, and a word's echoes are in each of its
  // articles, so in the same article to place: the window's other words need no articles listed.
  const where = new Map<number, number[]>();
  for (const item of sorted) {
    if (!isPending(item)) continue;
    for (const t of item.tokens) {
      const df = counts.get(tokenKey(t))!;
      if (!isPart(t) && df >= least && df <= most) where.set(tokenKey(t), []);
    }
  }
  sorted.forEach((item, position) => {
    for (const t of item.tokens) if (!isPart(t)) where.get(tokenKey(t))?.push(position);
  });
  const groups = new Map<string, number[]>();
  for (const [key, positions] of where) {
    const signature = positions.join(",");
    const group = groups.get(signature);
    if (group) group.push(key);
    else groups.set(signature, [key]);
  }
  const echoes = new Set<number>();
  for (const keys of groups.values()) if (keys.length <= NAME_WORDS) for (const key of keys.slice(1)) echoes.add(key);
  if (nestedRatio > 0) for (const key of nestedWords(sorted, where, nestedRatio)) echoes.add(key);
  return echoes;
}

/**
 * Words of the articles to place whose articles are all among another word's of the same article, that
 * word in at most `ratio` times as many: the lesser word only echoes the other (`nestedRatio`).
 */
function nestedWords(sorted: readonly ClusterItem[], where: ReadonlyMap<number, number[]>, ratio: number): Set<number> {
  const nested = new Set<number>();
  const within = (inner: readonly number[], outer: readonly number[]) => {
    let j = 0;
    for (const x of inner) {
      while (j < outer.length && outer[j]! < x) j++;
      if (j === outer.length || outer[j] !== x) return false;
    }
    return true;
  };
  for (const item of sorted) {
    if (!isPending(item)) continue;
    const keys = [...new Set(Array.from(item.tokens, tokenKey))].filter((k) => where.has(k));
    for (const a of keys) {
      if (nested.has(a)) continue;
      const inner = where.get(a)!;
      for (const b of keys) {
        if (a === b) continue;
        const outer = where.get(b)!;
        // The lesser word echoes the greater; two of equal counts in the same articles are `echoTokens`' case.
        if (outer.length <= inner.length || outer.length > ratio * inner.length) continue;
        if (within(inner, outer)) {
          nested.add(a);
          break;
        }
      }
    }
  }
  return nested;
}

/** The most words of a group that always comes together and counts as one name (`echoTokens`). */
const NAME_WORDS = 3;

/** `rarest` of a candidate that shares no word yet. */
const NO_WORD = 0x7fffffff;

const isPending = (item: ClusterItem) => item.pending && item.storyId === null;
/** Key of an unassigned article among the link targets (story keys are ids > 0 and new keys < 0). */
const unassignedKey = (position: number) => 0.5 + position;
