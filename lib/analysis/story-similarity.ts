/**
 * How alike two articles' fingerprints are, for the story clustering (SPEC DER-2): a
 * weighted Jaccard similarity of their token sets, where the weights come from the window
 * the articles are compared in:
 *  - a name or a figure weighs `nameWeight` (2), another word 1: "Rocafort", "Peñablanca",
 *    "120" tell one piece of news from another far better than the verb outlets swap for a
 *    synonym ("aprueba", "destina", "anuncia");
 *  - a token that only one article of the window has weighs 0: it cannot link that article
 *    to anything, and counting it would read every outlet's own wording as a difference.
 * Measured on the stories benchmark (docs/benchmarks.md), against the plain Jaccard of MinHash.
 */
import { isName } from "./fingerprint";

/** A fingerprint's tokens, ascending (see `fingerprintTokens`). */
export type Tokens = Int32Array | readonly number[];

/** How many articles of the window carry each token. */
export type DocumentCounts = Map<number, number>;

/** Counts of each token over the window's fingerprints. */
export function documentCounts(all: Iterable<Tokens>): DocumentCounts {
  const counts: DocumentCounts = new Map();
  for (const tokens of all) for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** A token's weight in the window. */
export function tokenWeight(token: number, counts: DocumentCounts, nameWeight: number): number {
  if ((counts.get(token) ?? 0) < 2) return 0;
  return isName(token) ? nameWeight : 1;
}

/** Total weight of a token set in the window. */
export function tokenMass(tokens: Tokens, counts: DocumentCounts, nameWeight: number): number {
  let mass = 0;
  for (const t of tokens) mass += tokenWeight(t, counts, nameWeight);
  return mass;
}

/** The weights of a token set in the window, beside its tokens (`weights[i]` is `tokens[i]`'s). */
export function tokenWeights(tokens: Tokens, counts: DocumentCounts, nameWeight: number): Float64Array {
  return Float64Array.from(tokens, (t) => tokenWeight(t, counts, nameWeight));
}

/**
 * `tokenWeights` of every token set, laid side by side in one buffer (each result is a view
 * of it): a window of tens of thousands of articles allocates one block outside V8's heap, not
 * one per article, which the allocator would be left to scatter and keep.
 */
export function tokenWeightsOfAll(all: readonly Tokens[], counts: DocumentCounts, nameWeight: number): Float64Array[] {
  let total = 0;
  for (const tokens of all) total += tokens.length;
  const block = new Float64Array(total);
  let at = 0;
  return all.map((tokens) => {
    const weights = block.subarray(at, at + tokens.length);
    for (let i = 0; i < tokens.length; i++) weights[i] = tokenWeight(tokens[i]!, counts, nameWeight);
    at += tokens.length;
    return weights;
  });
}

/**
 * Weighted Jaccard similarity of two ascending token sets: the weight they share over the
 * weight either has (0 when neither has any weight). `massA`/`massB` are their `tokenMass`.
 */
export function weightedJaccard(a: Tokens, b: Tokens, p: { counts: DocumentCounts; nameWeight: number; massA: number; massB: number }): number {
  return weightedJaccardOfWeights(a, tokenWeights(a, p.counts, p.nameWeight), b, p.massA, p.massB);
}

/**
 * `weightedJaccard` with the weights of `a`'s tokens given beside them (`weightsA[i]` is the
 * weight of `a[i]`): the same sums in the same order, so the same value, without looking
 * weights up. The clustering precomputes them once per window.
 */
export function weightedJaccardOfWeights(a: Tokens, weightsA: Float64Array, b: Tokens, massA: number, massB: number): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared += weightsA[i]!;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  const union = massA + massB - shared;
  return union <= 0 ? 0 : shared / union;
}
