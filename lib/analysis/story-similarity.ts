/**
 * How alike two articles' fingerprints are, for the story clustering (SPEC DER-2): the
 * cosine of their tokens weighted by rarity in the window they are compared in.
 *  - A token weighs its inverse document frequency over the window, log((N + 1) / df):
 *    "España" or "Regierung", in hundreds of the window's articles, weighs a third of a
 *    surname or a place seen in five; a figure or a name (outside German, where every noun is
 *    capitalised) weighs `nameWeight` times that.
 *  - A token that only one article of the window has weighs 0: it cannot link that article
 *    to anything, and counting it would read every outlet's own wording as a difference.
 *  - A token is one word whether it was written as a name in one text and as a word in
 *    another ("el Gobierno", "el gobierno"): its identity leaves out the name bit.
 * The cosine, unlike a Jaccard ratio, does not punish a headline for meeting a headline and
 * a description: the shorter side's weight is not diluted by the longer side's extra words.
 */
import { isName, isPart } from "./fingerprint";

/** A fingerprint's tokens, ascending (see `fingerprintTokens`). */
export type Tokens = Int32Array | readonly number[];

/** Weight of a word part (a German compound's head or modifier) against a word of the same rarity. */
export const PART_WEIGHT = 0.5;

/** A token's identity: its hash without the name bit. */
export const tokenKey = (token: number) => token & ~1;

/** How many articles of the window carry each token (by identity), and how many articles there are. */
export interface DocumentCounts {
  counts: Map<number, number>;
  documents: number;
}

/** Counts of each token over the window's fingerprints. */
export function documentCounts(all: Iterable<Tokens>): DocumentCounts {
  const counts = new Map<number, number>();
  let documents = 0;
  for (const tokens of all) {
    documents++;
    for (const t of tokens) {
      const key = tokenKey(t);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return { counts, documents };
}

/** A token's weight in the window: rarity (idf) × `nameWeight` for a name or figure; 0 when no other article has it. */
export function tokenWeight(token: number, window: DocumentCounts, nameWeight: number, partWeight = PART_WEIGHT): number {
  const df = window.counts.get(tokenKey(token)) ?? 0;
  if (df < 2) return 0;
  return Math.log((window.documents + 1) / df) * (isName(token) ? nameWeight : isPart(token) ? partWeight : 1);
}

/** The weights of a token set in the window, beside its tokens (`weights[i]` is `tokens[i]`'s). */
export function tokenWeights(tokens: Tokens, window: DocumentCounts, nameWeight: number): Float64Array {
  return Float64Array.from(tokens, (t) => tokenWeight(t, window, nameWeight));
}

/**
 * `tokenWeights` of every token set, laid side by side in one buffer (each result is a view
 * of it): a window of tens of thousands of articles allocates one block outside V8's heap, not
 * one per article, which the allocator would be left to scatter and keep.
 */
export function tokenWeightsOfAll(
  all: readonly Tokens[],
  window: DocumentCounts,
  nameWeight: number,
  partWeight = PART_WEIGHT,
): Float64Array[] {
  let total = 0;
  for (const tokens of all) total += tokens.length;
  const block = new Float64Array(total);
  let at = 0;
  return all.map((tokens) => {
    const weights = block.subarray(at, at + tokens.length);
    for (let i = 0; i < tokens.length; i++) weights[i] = tokenWeight(tokens[i]!, window, nameWeight, partWeight);
    at += tokens.length;
    return weights;
  });
}

/** The Euclidean norm of a weight vector. */
export function norm(weights: Float64Array): number {
  let sum = 0;
  for (const w of weights) sum += w * w;
  return Math.sqrt(sum);
}

/**
 * Cosine of two ascending token sets given their weights (`weightsA[i]` is `a[i]`'s) and
 * norms; 0 when either has no weight. Tokens are matched by identity (`tokenKey`), which
 * the ascending order of the full hashes keeps ascending.
 */
export function cosineOfWeights(
  a: Tokens,
  weightsA: Float64Array,
  normA: number,
  b: Tokens,
  weightsB: Float64Array,
  normB: number,
): number {
  if (normA === 0 || normB === 0) return 0;
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = tokenKey(a[i]!);
    const y = tokenKey(b[j]!);
    if (x === y) {
      dot += weightsA[i]! * weightsB[j]!;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return dot / (normA * normB);
}

/** Whether three ascending token sets have a token in common (by identity) that `keep` accepts (given its identity). */
export function sharedByAll(a: Tokens, b: Tokens, c: Tokens, keep: (key: number) => boolean): boolean {
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length && k < c.length) {
    const x = tokenKey(a[i]!);
    const y = tokenKey(b[j]!);
    const z = tokenKey(c[k]!);
    if (x === y && y === z) {
      if (keep(x)) return true;
      i++;
      j++;
      k++;
    } else {
      const least = Math.min(x, y, z);
      if (x === least) i++;
      if (y === least) j++;
      if (z === least) k++;
    }
  }
  return false;
}

/** The cosine of two token sets in a window, weights computed here (tests and one-off comparisons). */
export function storySimilarity(a: Tokens, b: Tokens, window: DocumentCounts, nameWeight: number): number {
  const wa = tokenWeights(a, window, nameWeight);
  const wb = tokenWeights(b, window, nameWeight);
  return cosineOfWeights(a, wa, norm(wa), b, wb, norm(wb));
}
