/**
 * Story clustering (SPEC DER-2), a pure function: fingerprints in, story assignments out.
 * Like GDELT's similarity graph, each new article is compared only with the articles of
 * the preceding window (candidates found by LSH banding, then the MinHash estimate of
 * their Jaccard similarity checked), and joins the story of its most similar match; two
 * unassigned matching articles open a story. Assignments are never undone, so a story id
 * shown on the site stays valid; the worker stores the result (crawler/derive/cluster-stories.ts).
 */
import { bandKeys, MINHASH_SIZE, storySimilarity, type Signature } from "./fingerprint";

/** One fingerprinted article in the window. */
export interface ClusterItem {
  articleId: number;
  outletId: number;
  /** When the article was published (declared), else first seen (epoch ms). */
  at: number;
  minhash: Signature;
  /** Its story, when it already has one. */
  storyId: number | null;
  /** Still to be placed (new since the last round); others are only matched against. */
  pending: boolean;
}

/** Thresholds of the clustering; the chosen values are `DEFAULT_CLUSTER_OPTIONS`. */
export interface ClusterOptions {
  /** How far back an article looks for its story. */
  windowMs: number;
  /** Least estimated Jaccard similarity of headline + lede tokens for "same story". */
  threshold: number;
  /** Similarity asked per doubling of the time gap, in hours: later coverage must look more alike. */
  agePenalty: number;
  /** LSH bands × rows must equal the signature size. */
  bands: number;
  rows: number;
}

/**
 * 24 h window: wire and newsroom versions of one piece of news appear within hours (in
 * the simulator within 25 min), and the home page's stories are "the last 24 h"; a story
 * that runs for days chains on through its newest articles. Within the window the
 * similarity asked grows with the gap — threshold 0.4 at once, +0.2 per doubling of
 * (1 + gap in hours): 0.6 after 1 h, 0.8 after 3 h — because the same people and places
 * recur in unrelated news of the same day, and coverage of one event is bunched in time.
 * An article joins a story by average linkage (mean over the story's members), so a story
 * cannot drift along a chain of look-alikes, and only one article per outlet (a story
 * gathers outlets; an outlet's follow-ups stay apart). 16 bands × 4 rows make pairs with
 * J ≥ 0.5 candidates with probability > 0.98. Chosen on the stories benchmark's pairwise
 * precision/recall over a simulated day (README, /metodologia).
 */
export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = { windowMs: 24 * 3_600_000, threshold: 0.4, agePenalty: 0.2, bands: 16, rows: 4 };

/** Where a pending article goes: an existing story, or a new one (same `key` = same new story). */
export type Placement = { articleId: number; storyId: number } | { articleId: number; newStory: number };

/** Whether an item carries both signatures (headline + lede, then headline alone). */
const hasBothSignatures = (item: ClusterItem) => item.minhash.length >= 2 * MINHASH_SIZE;

/** Band keys of both signatures when given, so either kind of match is a candidate. */
function bandKeysOf(item: ClusterItem, options: ClusterOptions): number[] {
  const keys = bandKeys(item.minhash, options.bands, options.rows);
  // The headline-only signature's bands, when given, in a key space of their own.
  if (hasBothSignatures(item)) keys.push(...bandKeys(item.minhash.slice(MINHASH_SIZE), options.bands, options.rows).map((k) => (k ^ 0x5bd1e995) >>> 0));
  return keys;
}

/** Positions below a band key in the window's key index: at most 2^21 items in a window. */
const POSITION_SPAN = 2 ** 21;

/**
 * Every item's band keys with its position in the window, as `key × 2^21 + position`
 * (exact: below 2^53), sorted: the items sharing a key are one run, in position order.
 * One typed array instead of a map of buckets: a window of 50,000 items has 800,000 keys,
 * which as map entries weighed ~30 MB of heap each round; here 6.4 MB
 * in one block, let go whole.
 */
function keyIndex(sorted: readonly ClusterItem[], options: ClusterOptions): Float64Array {
  if (sorted.length > POSITION_SPAN) throw new Error(`a story window of ${sorted.length} items is more than ${POSITION_SPAN}`);
  const perItem = (item: ClusterItem) => options.bands * (hasBothSignatures(item) ? 2 : 1);
  const index = new Float64Array(sorted.reduce((n, item) => n + perItem(item), 0));
  let at = 0;
  sorted.forEach((item, position) => {
    for (const key of bandKeysOf(item, options)) index[at++] = key * POSITION_SPAN + position;
  });
  return index.sort();
}

/** Positions before `before` of the items with band key `key`, in order (`index` from keyIndex). */
function* sharingKey(index: Float64Array, key: number, before: number): Generator<number> {
  const low = key * POSITION_SPAN;
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index[mid]! < low) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < index.length && index[i]! < low + before; i++) yield index[i]! - low;
}

/** Places the pending items, oldest first; items that match nothing stay unassigned (no story of one). */
export function clusterStories(items: readonly ClusterItem[], options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS): Placement[] {
  if (options.bands * options.rows > MINHASH_SIZE) throw new Error("bands × rows exceed the signature size");
  // Only the window before the earliest pending item (and after it) can matter.
  let earliest = Infinity;
  for (const item of items) if (item.pending && item.storyId === null && item.at < earliest) earliest = item.at;
  if (earliest === Infinity) return [];
  const sorted = items.filter((i) => i.at >= earliest - options.windowMs).sort((a, b) => a.at - b.at || a.articleId - b.articleId);
  // Items by LSH band key: a pending item's candidates are the items before it in the pass.
  const byKey = keyIndex(sorted, options);
  // Story of each item as it stands during the pass: an existing id, or a new story's key (negative).
  const story = new Map<number, number>();
  const placements: Placement[] = [];
  let nextNew = -1;
  const members = new Map<number, number[]>();
  const aged = (item: ClusterItem, other: ClusterItem) =>
    storySimilarity(item.minhash, other.minhash) - options.agePenalty * Math.log2(1 + Math.abs(item.at - other.at) / 3_600_000);
  const assign = (index: number, target: number) => {
    story.set(index, target);
    const list = members.get(target);
    if (list) list.push(index);
    else members.set(target, [index]);
  };
  /** Mean similarity of an item to the members of a story in the window: average linkage, so a story cannot drift along a chain. */
  const storyScore = (item: ClusterItem, target: number) => {
    const list = (members.get(target) ?? []).filter((m) => Math.abs(item.at - sorted[m]!.at) <= options.windowMs);
    if (list.length === 0) return 0;
    return list.reduce((sum, m) => sum + aged(item, sorted[m]!), 0) / list.length;
  };
  // Stories already stored are known whole before the pass, whatever the order of their members.
  sorted.forEach((item, index) => {
    if (item.storyId !== null) assign(index, item.storyId);
  });
  sorted.forEach((item, position) => {
    if (item.pending && item.storyId === null) {
      // Candidates: earlier window items sharing a band; each is scored as its story (or alone when it has none).
      const scored = new Map<string, { score: number; other: number; target?: number }>();
      const seen = new Set<number>();
      for (const key of bandKeysOf(item, options)) {
        for (const other of sharingKey(byKey, key, position)) {
          if (seen.has(other)) continue;
          seen.add(other);
          const candidate = sorted[other]!;
          if (item.at - candidate.at > options.windowMs) continue;
          const target = story.get(other);
          if (candidate.outletId === item.outletId) continue;
          if (target !== undefined && (members.get(target) ?? []).some((m) => sorted[m]!.outletId === item.outletId)) continue;
          const id = target === undefined ? `a${other}` : `s${target}`;
          if (scored.has(id)) continue;
          const score = target === undefined ? aged(item, candidate) : storyScore(item, target);
          scored.set(id, { score, other, target });
        }
      }
      let best: { score: number; other: number; target?: number } | undefined;
      for (const c of scored.values()) if (c.score >= options.threshold && (!best || c.score > best.score)) best = c;
      if (best) {
        let target = best.target;
        if (target === undefined) {
          target = nextNew--;
          assign(best.other, target);
          placements.push({ articleId: sorted[best.other]!.articleId, newStory: -target });
        }
        assign(position, target);
        placements.push(target > 0 ? { articleId: item.articleId, storyId: target } : { articleId: item.articleId, newStory: -target });
      }
    }
  });
  return placements;
}
