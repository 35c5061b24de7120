/**
 * The story clustering's second pass (SPEC DER-2): stories compared as wholes, by their centroids.
 * A big story told over hours wears out its own words: "Meuthen" is in 23 of a day's 1,568
 * described items, so the pair rule (a word in at most 1 % of the window) no longer sees it as
 * rare, and the story falls apart into a main piece and items left alone. A story's centroid
 * (the mean of its members' rarity weights) keeps what most members say, so an item or a piece
 * that shares it joins the story however common the story has made its words.
 * Only described items take part (a headline alone is too short to read against a centroid;
 * measured on the described set's development split, docs/stories.md), and two items alone
 * are never joined here: a pair is the first pass's call. Each join or merge is recorded like
 * the first pass's: an item alone joins a story; two stories merge into the older.
 */
import { isPart } from "./fingerprint";
import type { ClusterItem } from "./cluster";
import { tokenKey } from "./story-similarity";
import type { StoryState } from "./story-state";

/** Parameters of the second pass (`ClusterOptions.consolidation`). */
export interface ConsolidationOptions {
  /** Rounds of joins and merges (each group takes part in one per pass); 0: no second pass. */
  passes: number;
  /** Least centroid score for an item alone to join a story. */
  joinThreshold: number;
  /** Least centroid score for two stories to merge. */
  mergeThreshold: number;
  /** Least shared words each in at most `wordsShare` of the window's articles, one of them in at most `rareShare`. */
  words: number;
  wordsShare: number;
  rareShare: number;
  /**
   * A word a story owns: at least `ownItems` of its members carry it, and they are at least
   * `ownShare` of the window's articles with it ("Eberl" on the day he resigned). An item alone
   * that carries it joins the story at a centroid score of `ownThreshold`, without the words rule:
   * the story has made its own name too common for that rule.
   */
  ownShare: number;
  ownItems: number;
  ownThreshold: number;
}

/** What the second pass reads of the first. */
export interface ConsolidationInput {
  sorted: readonly ClusterItem[];
  weights: readonly Float64Array[];
  /** Document counts of the window's tokens (by `tokenKey`). */
  counts: ReadonlyMap<number, number>;
  stories: StoryState;
  /** Positions placed in this round: only groups holding one are compared (the others were, before). */
  touched: ReadonlySet<number>;
  options: ConsolidationOptions;
  windowMs: number;
  /** Score subtracted for a gap between two groups' spans (the first pass's time term). */
  ageTerm: (gapMs: number) => number;
  /** Tokens in more than this many articles are left out of the dot products. */
  common: number;
  leastItems: number;
}

/** A group's centroid over its described members. */
interface Profile {
  tokens: Map<number, number>;
  /** How many described members carry each token. */
  holders: Map<number, number>;
  norm: number;
  from: number;
  to: number;
  size: number;
  touched: boolean;
}

/** Key of an item alone among the groups (stories have integer keys). */
const aloneKey = (position: number) => 0.5 + position;
const isAlone = (key: number) => !Number.isInteger(key);

/** Joins items alone to stories and merges stories whose centroids agree, pass after pass. */
export function* consolidateStories(input: ConsolidationInput): Generator<void> {
  const { options } = input;
  let touched = new Set<number>();
  for (const position of input.touched) touched.add(input.stories.of(position) ?? aloneKey(position));
  for (let pass = 0; pass < options.passes && touched.size > 0; pass++) {
    const profiles = profilesOf(input, touched);
    yield;
    const candidates = candidatesOf(input, profiles);
    yield;
    touched = new Set();
    const done = new Set<number>();
    for (const { a, b } of candidates) {
      if (done.has(a) || done.has(b)) continue;
      done.add(a);
      done.add(b);
      if (isAlone(a) || isAlone(b)) {
        const [alone, story] = isAlone(a) ? [a, b] : [b, a];
        input.stories.assign(alone - 0.5, story);
        touched.add(story);
      } else touched.add(input.stories.merge(a, b));
    }
  }
}

/** The centroid of every group with a described member: the stories, and the described items alone. */
function profilesOf(input: ConsolidationInput, touched: ReadonlySet<number>): Map<number, Profile> {
  const groups = new Map<number, number[]>();
  input.sorted.forEach((item, position) => {
    if (item.withDescription !== true) return;
    const key = input.stories.of(position) ?? aloneKey(position);
    const list = groups.get(key);
    if (list) list.push(position);
    else groups.set(key, [position]);
  });
  const profiles = new Map<number, Profile>();
  for (const [key, members] of groups) {
    const tokens = new Map<number, number>();
    const holders = new Map<number, number>();
    let from = Infinity;
    let to = -Infinity;
    for (const m of members) {
      const item = input.sorted[m]!;
      from = Math.min(from, item.at);
      to = Math.max(to, item.at);
      const w = input.weights[m]!;
      for (let i = 0; i < item.tokens.length; i++) {
        if (w[i] === 0 || isPart(item.tokens[i]!)) continue;
        const k = tokenKey(item.tokens[i]!);
        tokens.set(k, (tokens.get(k) ?? 0) + w[i]! / members.length);
        holders.set(k, (holders.get(k) ?? 0) + 1);
      }
    }
    let sum = 0;
    for (const v of tokens.values()) sum += v * v;
    const size = isAlone(key) ? 1 : (input.stories.membersOf(key)?.length ?? members.length);
    profiles.set(key, { tokens, holders, norm: Math.sqrt(sum), from, to, size, touched: touched.has(key) });
  }
  return profiles;
}

/** Pairs of groups (one of them touched, one of them a story) that pass the rule, best first. */
function candidatesOf(input: ConsolidationInput, profiles: ReadonlyMap<number, Profile>): { a: number; b: number; score: number }[] {
  const { options, counts } = input;
  const documents = input.sorted.length;
  const wordsMax = Math.max(input.leastItems, options.wordsShare * documents);
  const rareMax = Math.max(input.leastItems, options.rareShare * documents);
  const index = new Map<number, number[]>();
  for (const [key, profile] of profiles)
    for (const token of profile.tokens.keys()) {
      if (counts.get(token)! > input.common) continue;
      const list = index.get(token);
      if (list) list.push(key);
      else index.set(token, [key]);
    }
  const found: { a: number; b: number; score: number }[] = [];
  for (const [a, p] of profiles) {
    if (!p.touched) continue;
    const dot = new Map<number, number>();
    const words = new Map<number, number>();
    const rare = new Map<number, number>();
    const owned = new Map<number, number>();
    for (const [token, weight] of p.tokens) {
      const list = index.get(token);
      if (!list) continue;
      const df = counts.get(token)!;
      for (const b of list) {
        // A pair of touched groups is scored once, from its lower key.
        if (b === a || (profiles.get(b)!.touched && b < a)) continue;
        dot.set(b, (dot.get(b) ?? 0) + weight * profiles.get(b)!.tokens.get(token)!);
        if (df <= wordsMax) words.set(b, (words.get(b) ?? 0) + 1);
        if (df <= rareMax) rare.set(b, (rare.get(b) ?? 0) + 1);
        const holders = Math.max(p.holders.get(token)!, profiles.get(b)!.holders.get(token)!);
        if (holders >= options.ownItems && holders >= options.ownShare * df) owned.set(b, (owned.get(b) ?? 0) + 1);
      }
    }
    for (const [b, d] of dot) {
      const q = profiles.get(b)!;
      if (p.size === 1 && q.size === 1) continue;
      // A story's own word counts for an item alone joining it, not for two stories merging.
      const own = (owned.get(b) ?? 0) > 0 && (p.size === 1 || q.size === 1);
      if (!own && ((words.get(b) ?? 0) < options.words || (rare.get(b) ?? 0) < 1)) continue;
      const gap = Math.max(0, Math.max(p.from, q.from) - Math.min(p.to, q.to));
      if (gap > input.windowMs || p.norm === 0 || q.norm === 0) continue;
      const score = d / (p.norm * q.norm) - input.ageTerm(gap);
      const threshold = p.size > 1 && q.size > 1 ? options.mergeThreshold : own ? options.ownThreshold : options.joinThreshold;
      if (score >= threshold) found.push({ a: Math.min(a, b), b: Math.max(a, b), score });
    }
  }
  return found.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
}
