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
 * A guard (`linkFloor`, `linkWords`) asks each join or merge for a direct link to one member as
 * well. The pass is off in the default options (cluster.ts, `SECOND_PASS_OPTIONS`): with or
 * without the guard it lost precision on both held-out sets (docs/stories.md).
 */
import { isPart } from "./fingerprint";
import type { ClusterItem } from "./cluster";
import { norm, tokenKey } from "./story-similarity";
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
   * `ownShare` of the window's articles with it (the name at the heart of a big story). An item alone
   * that carries it joins the story at a centroid score of `ownThreshold`, without the words rule:
   * the story has made its own name too common for that rule.
   */
  ownShare: number;
  ownItems: number;
  ownThreshold: number;
  /**
   * The guard: a join or a merge also needs one direct link, an item of one group scoring at
   * least `linkFloor` (cosine less the time term) against a described member of the other and
   * sharing `linkWords` words each in at most `wordsShare` of the window. A centroid is an
   * average: a big story's centroid holds the vocabulary of its whole beat (police, court,
   * victims), and a report of another crime that shares it matches the average without
   * matching any member. 0: no guard.
   */
  linkFloor: number;
  linkWords: number;
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

/** A group's centroid over its described members, its tokens ascending. */
interface Profile {
  key: number;
  tokens: Int32Array;
  weights: Float64Array;
  /** How many described members carry each token. */
  holders: Int32Array;
  norm: number;
  from: number;
  to: number;
  size: number;
  touched: boolean;
  /** Its described members' positions. */
  members: readonly number[];
}

/** Key of an item alone among the groups (stories have integer keys). */
const aloneKey = (position: number) => 0.5 + position;
const isAlone = (key: number) => !Number.isInteger(key);

/** Joins items alone to stories and merges stories whose centroids agree, pass after pass. */
export function* consolidateStories(input: ConsolidationInput): Generator<void> {
  const { options } = input;
  let touched = new Set<number>();
  for (const position of input.touched) touched.add(input.stories.of(position) ?? aloneKey(position));
  if (options.passes === 0 || touched.size === 0) return;
  // Built once; a pass rebuilds only the stories it changed.
  const profiles = profilesOf(input, touched);
  yield;
  for (let pass = 0; pass < options.passes && touched.size > 0; pass++) {
    const candidates = candidatesOf(input, [...profiles.values()]);
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
    for (const key of done) if (!touched.has(key)) profiles.delete(key);
    for (const profile of profiles.values()) profile.touched = false;
    for (const key of touched) {
      const members = (input.stories.membersOf(key) ?? []).filter((m) => input.sorted[m]!.withDescription === true);
      profiles.set(key, profileOf(input, key, members, true));
    }
    yield;
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
  for (const [key, members] of groups) profiles.set(key, profileOf(input, key, members, touched.has(key)));
  return profiles;
}

/** The centroid of one group from its described members. */
function profileOf(input: ConsolidationInput, key: number, members: readonly number[], touched: boolean): Profile {
  const sums = new Map<number, { weight: number; holders: number }>();
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
      const sum = sums.get(k);
      if (sum) {
        sum.weight += w[i]!;
        sum.holders++;
      } else sums.set(k, { weight: w[i]!, holders: 1 });
    }
  }
  const tokens = Int32Array.from(sums.keys()).sort();
  const weights = Float64Array.from(tokens, (t) => sums.get(t)!.weight / members.length);
  const holders = Int32Array.from(tokens, (t) => sums.get(t)!.holders);
  let sum = 0;
  for (const v of weights) sum += v * v;
  const size = isAlone(key) ? 1 : (input.stories.membersOf(key)?.length ?? members.length);
  return { key, tokens, weights, holders, norm: Math.sqrt(sum), from, to, size, touched, members };
}

/**
 * Pairs of groups (one of them touched, one of them a story) that pass the rule, best first.
 * A pair can only pass through a rare shared word or an owned one, so candidates are found
 * through those words' postings alone (short lists), then scored on all their words.
 */
function candidatesOf(input: ConsolidationInput, profiles: readonly Profile[]): { a: number; b: number; score: number }[] {
  const { options, counts } = input;
  const documents = input.sorted.length;
  const wordsMax = Math.max(input.leastItems, options.wordsShare * documents);
  const rareMax = Math.max(input.leastItems, options.rareShare * documents);
  const ownedBy = (holders: number, df: number) => holders >= options.ownItems && holders >= options.ownShare * df;
  const owned = new Set<number>();
  for (const p of profiles)
    for (let i = 0; i < p.tokens.length; i++) if (ownedBy(p.holders[i]!, counts.get(p.tokens[i]!)!)) owned.add(p.tokens[i]!);
  const index = new Map<number, number[]>();
  profiles.forEach((p, at) => {
    for (const token of p.tokens) {
      if (counts.get(token)! > rareMax && !owned.has(token)) continue;
      const list = index.get(token);
      if (list) list.push(at);
      else index.set(token, [at]);
    }
  });
  const found: { a: number; b: number; score: number }[] = [];
  const seen = new Int32Array(profiles.length).fill(-1);
  profiles.forEach((p, at) => {
    if (!p.touched) return;
    for (const token of p.tokens) {
      for (const other of index.get(token) ?? []) {
        const q = profiles[other]!;
        // A pair of touched groups is scored once, from its lower position.
        if (other === at || seen[other] === at || (q.touched && other < at) || (p.size === 1 && q.size === 1)) continue;
        seen[other] = at;
        const pair = scorePair(input, p, q, { wordsMax, rareMax, ownedBy });
        if (pair !== undefined) found.push({ a: Math.min(p.key, q.key), b: Math.max(p.key, q.key), score: pair });
      }
    }
  });
  return found.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
}

/** The centroid score of two groups when their shared words pass the rule, else undefined. */
function scorePair(
  input: ConsolidationInput,
  p: Profile,
  q: Profile,
  limits: { wordsMax: number; rareMax: number; ownedBy: (holders: number, df: number) => boolean },
): number | undefined {
  const { options, counts } = input;
  let dot = 0;
  let words = 0;
  let rare = 0;
  let owned = 0;
  for (let i = 0, j = 0; i < p.tokens.length && j < q.tokens.length;) {
    if (p.tokens[i]! < q.tokens[j]!) i++;
    else if (p.tokens[i]! > q.tokens[j]!) j++;
    else {
      const df = counts.get(p.tokens[i]!)!;
      if (df <= input.common) dot += p.weights[i]! * q.weights[j]!;
      if (df <= limits.wordsMax) words++;
      if (df <= limits.rareMax) rare++;
      if (limits.ownedBy(Math.max(p.holders[i]!, q.holders[j]!), df)) owned++;
      i++;
      j++;
    }
  }
  // A story's own word counts for an item alone joining it, not for two stories merging.
  const own = owned > 0 && (p.size === 1 || q.size === 1);
  if (!own && (words < options.words || rare < 1)) return undefined;
  const gap = Math.max(0, Math.max(p.from, q.from) - Math.min(p.to, q.to));
  if (gap > input.windowMs || p.norm === 0 || q.norm === 0) return undefined;
  const score = dot / (p.norm * q.norm) - input.ageTerm(gap);
  const threshold = p.size > 1 && q.size > 1 ? options.mergeThreshold : own ? options.ownThreshold : options.joinThreshold;
  if (score < threshold) return undefined;
  return options.linkFloor <= 0 || hasDirectLink(input, p, q, limits.wordsMax) ? score : undefined;
}

/** Norms of the items' weights, computed when first asked (the guard reads few of them). */
const normsOf = new WeakMap<readonly Float64Array[], Float64Array>();
function itemNorm(input: ConsolidationInput, position: number): number {
  let norms = normsOf.get(input.weights);
  if (norms === undefined) normsOf.set(input.weights, (norms = new Float64Array(input.weights.length).fill(-1)));
  if (norms[position]! < 0) norms[position] = norm(input.weights[position]!);
  return norms[position]!;
}

/** Whether some described member of `p` links to one of `q` by the guard's rule (`linkFloor`, `linkWords`). */
function hasDirectLink(input: ConsolidationInput, p: Profile, q: Profile, wordsMax: number): boolean {
  const { options, counts, sorted, weights } = input;
  for (const a of p.members) {
    const na = itemNorm(input, a);
    if (na === 0) continue;
    const ta = sorted[a]!.tokens;
    const wa = weights[a]!;
    for (const b of q.members) {
      const nb = itemNorm(input, b);
      if (nb === 0) continue;
      const tb = sorted[b]!.tokens;
      const wb = weights[b]!;
      let dot = 0;
      let words = 0;
      for (let i = 0, j = 0; i < ta.length && j < tb.length;) {
        const x = tokenKey(ta[i]!);
        const y = tokenKey(tb[j]!);
        if (x < y) i++;
        else if (x > y) j++;
        else {
          const df = counts.get(x) ?? 0;
          if (df <= input.common) dot += wa[i]! * wb[j]!;
          if (!isPart(ta[i]!) && wa[i]! > 0 && df <= wordsMax) words++;
          i++;
          j++;
        }
      }
      const score = dot / (na * nb) - input.ageTerm(Math.abs(sorted[a]!.at - sorted[b]!.at));
      if (score >= options.linkFloor && words >= options.linkWords) return true;
    }
  }
  return false;
}
