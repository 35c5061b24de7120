/**
 * Story clustering (SPEC DER-2), a pure function: fingerprints in, story assignments and
 * merges out. Like GDELT's similarity graph, each new article is compared only with the
 * articles of the preceding window (candidates: the articles sharing a token with it),
 * scored by the weighted similarity of story-similarity.ts, and joins the story of its most
 * similar match; two unassigned matching articles open a story. Then the stories that grew
 * are compared with their neighbours, and two that turn out to be one are merged: the older
 * story (the lower id) keeps its id, and the worker records where the other went, so a link
 * to it still leads to the story (crawler/derive/cluster-stories.ts).
 */
import { runInSlices, runToEnd, type SliceOptions } from "../slices";
import { fingerprintTokens } from "./fingerprint";
import { documentCounts, tokenWeightsOfAll, weightedJaccardOfWeights, type Tokens } from "./story-similarity";

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
}

/** Thresholds of the clustering; the chosen values are `DEFAULT_CLUSTER_OPTIONS`. */
export interface ClusterOptions {
  /** How far back an article looks for its story. */
  windowMs: number;
  /** Least similarity (after the age penalty) for "same story". */
  threshold: number;
  /** Similarity asked per doubling of (1 + the time gap in hours): later coverage must look more alike. */
  agePenalty: number;
  /** Weight of a name or a figure against another word's 1. */
  nameWeight: number;
  /** Least mean similarity between two stories' articles for merging them. */
  mergeThreshold: number;
}

/**
 * 24 h window; threshold 0.5 with 0.4 asked per doubling of (1 + gap in hours) — 0.7 after
 * 25 min, 0.9 after an hour — because the same people and places recur in unrelated news of
 * the same day, and coverage of one event is bunched in time. An article joins a story by
 * average linkage (mean over the story's members), so a story cannot drift along a chain of
 * look-alikes, and only one article per outlet. Chosen on the stories benchmark's pairwise
 * precision/recall over a simulated day (docs/benchmarks.md, /metodologia).
 */
export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = { windowMs: 24 * 3_600_000, threshold: 0.5, agePenalty: 0.4, nameWeight: 2, mergeThreshold: 0.5 };

/** Where a pending article goes: an existing story, or a new one (same `newStory` = same new story). */
export type Placement = { articleId: number; storyId: number } | { articleId: number; newStory: number };
/** An existing story found to be part of an older one: its articles move to `into`. */
export interface Merge { from: number; into: number }
/** What a round decides. */
export interface Clustering { placements: Placement[]; merges: Merge[] }

/** Re-exported for callers that read stored fingerprints. */
export { fingerprintTokens };

/** Places the pending items, oldest first, then merges stories that are one; items that match nothing stay unassigned. */
export function clusterStories(items: readonly ClusterItem[], options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS): Clustering {
  return runToEnd(clusteringSteps(items, options));
}

/**
 * `clusterStories` for a process that also serves other work (the worker's jobs): the same
 * result, computed in slices of about `sliceMs`, each followed by a turn of the event loop,
 * so a window of tens of thousands of articles never holds the process's timers and sockets
 * for more than a slice.
 */
export function clusterStoriesInSlices(items: readonly ClusterItem[], options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS, slices?: SliceOptions): Promise<Clustering> {
  return runInSlices(clusteringSteps(items, options), slices);
}

/** The clustering as steps: it yields after each item placed and each story compared. */
function* clusteringSteps(items: readonly ClusterItem[], options: ClusterOptions): Generator<void, Clustering> {
  let earliest = Infinity;
  for (const item of items) if (item.pending && item.storyId === null && item.at < earliest) earliest = item.at;
  if (earliest === Infinity) return { placements: [], merges: [] };
  const sorted = items.filter((i) => i.at >= earliest - options.windowMs).sort((a, b) => a.at - b.at || a.articleId - b.articleId);
  const counts = documentCounts(sorted.map((i) => i.tokens));
  yield;
  // Each token's weight in the window, beside it, and each item's mass (their sum, in token
  // order): a pair is scored with no map lookup. Pairs are not memoised: a map of every pair
  // scored costs more than scoring again (it was most of the time on a 30-outlet day).
  const weights = tokenWeightsOfAll(sorted.map((i) => i.tokens), counts, options.nameWeight);
  const mass = weights.map((w) => w.reduce((n, x) => n + x, 0));
  yield;
  const times = Float64Array.from(sorted, (i) => i.at);
  /** Similarity less the age penalty, of two window positions. */
  const aged = (x: number, y: number) => {
    const a = sorted[x]!;
    const b = sorted[y]!;
    return weightedJaccardOfWeights(a.tokens, weights[x]!, b.tokens, mass[x]!, mass[y]!)
      - options.agePenalty * Math.log2(1 + Math.abs(a.at - b.at) / 3_600_000);
  };
  // Story of each position as it stands during the pass: an existing id, or a new story's key (negative).
  const story = new Map<number, number>();
  const members = new Map<number, number[]>();
  const assign = (index: number, target: number) => {
    story.set(index, target);
    const list = members.get(target);
    if (list) list.push(index);
    else members.set(target, [index]);
  };
  sorted.forEach((item, index) => {
    if (item.storyId !== null) assign(index, item.storyId);
  });
  // Positions by token, filled as the pass goes (so in time order). A token of weight 0 links
  // nothing. Past `reach` no pair can score the threshold (similarity ≤ 1 less the age
  // penalty), so a scan of a token's positions stops there: candidates are the articles of
  // the last hour or so, however long the window.
  const postings = new Map<number, number[]>();
  const reach = options.agePenalty > 0 ? (2 ** ((1 - options.threshold) / options.agePenalty) - 1) * 3_600_000 : options.windowMs;
  const neighbours = (position: number) => {
    const found = new Set<number>();
    const at = times[position]!;
    const tokens = sorted[position]!.tokens;
    const w = weights[position]!;
    for (let i = 0; i < tokens.length; i++) {
      if (w[i] === 0) continue;
      const list = postings.get(tokens[i]!) ?? [];
      for (let k = list.length - 1; k >= 0; k--) {
        const other = list[k]!;
        const gap = at - times[other]!;
        if (gap > reach) break;
        if (other !== position && gap >= -reach) found.add(other);
      }
    }
    return found;
  };
  const outletsOf = (target: number) => new Set((members.get(target) ?? []).map((m) => sorted[m]!.outletId));
  const meanScore = (list: readonly number[], others: readonly number[]) => {
    let sum = 0;
    for (const x of list) for (const y of others) sum += aged(x, y);
    return sum / (list.length * others.length);
  };
  let nextNew = -1;
  const touched = new Set<number>();
  for (let position = 0; position < sorted.length; position++) {
    const item = sorted[position]!;
    if (item.pending && item.storyId === null) {
      let best: { score: number; other: number; target?: number } | undefined;
      const seenTargets = new Set<number>();
      for (const other of neighbours(position)) {
        const candidate = sorted[other]!;
        if (item.at - candidate.at > options.windowMs || candidate.outletId === item.outletId) continue;
        const target = story.get(other);
        if (target !== undefined && (seenTargets.has(target) || outletsOf(target).has(item.outletId))) continue;
        if (target !== undefined) seenTargets.add(target);
        const inWindow = target === undefined ? [other] : members.get(target)!.filter((m) => item.at - sorted[m]!.at <= options.windowMs);
        const score = meanScore([position], inWindow);
        if (score >= options.threshold && (!best || score > best.score)) best = { score, other, target };
      }
      if (best) {
        let target = best.target;
        if (target === undefined) {
          target = nextNew--;
          assign(best.other, target);
        }
        assign(position, target);
        touched.add(target);
      }
      yield;
    }
    for (const t of item.tokens) {
      const list = postings.get(t);
      if (list) list.push(position);
      else postings.set(t, [position]);
    }
  }
  const merges = yield* mergeTouched({ touched, members, story, sorted, neighbours, outletsOf, meanScore, options, assign });
  const placements: Placement[] = [];
  story.forEach((target, index) => {
    const item = sorted[index]!;
    if (item.storyId !== null) return;
    placements.push(target > 0 ? { articleId: item.articleId, storyId: target } : { articleId: item.articleId, newStory: -target });
  });
  return { placements, merges };
}

/** Merges each story that grew this round with its most similar neighbouring story, while one is similar enough. */
function* mergeTouched(c: {
  touched: Set<number>; members: Map<number, number[]>; story: Map<number, number>; sorted: readonly ClusterItem[];
  neighbours: (position: number) => Set<number>; outletsOf: (target: number) => Set<number>;
  meanScore: (a: readonly number[], b: readonly number[]) => number; options: ClusterOptions; assign: (index: number, target: number) => void;
}): Generator<void, Merge[]> {
  const merges: Merge[] = [];
  const queue = [...c.touched];
  while (queue.length > 0) {
    const x = queue.shift()!;
    const mine = c.members.get(x);
    if (!mine) continue;
    const outlets = c.outletsOf(x);
    let best: { y: number; score: number } | undefined;
    const others = new Set<number>();
    for (const m of mine) for (const n of c.neighbours(m)) {
      const y = c.story.get(n);
      if (y !== undefined && y !== x) others.add(y);
    }
    for (const y of others) {
      const theirs = c.members.get(y)!;
      if (theirs.some((m) => outlets.has(c.sorted[m]!.outletId))) continue;
      const score = c.meanScore(mine, theirs);
      if (score >= c.options.mergeThreshold && (!best || score > best.score)) best = { y, score };
      yield;
    }
    if (!best) continue;
    // The older story survives: an existing one over a new one, else the lower id (created first).
    const rank = (t: number) => (t > 0 ? t : Number.MAX_SAFE_INTEGER + t);
    const [keep, gone] = rank(x) <= rank(best.y) ? [x, best.y] : [best.y, x];
    for (const m of c.members.get(gone)!) c.assign(m, keep);
    c.members.delete(gone);
    if (gone > 0) merges.push({ from: gone, into: keep });
    queue.push(keep);
  }
  // A story merged into one that later merged on points at the final survivor.
  const final = (id: number): number => merges.find((m) => m.from === id)?.into ?? id;
  return merges.map((m) => {
    let into = m.into;
    for (let hop = 0; hop < merges.length && final(into) !== into; hop++) into = final(into);
    return { from: m.from, into };
  });
}
