/**
 * Story fingerprints (SPEC DER-2): a MinHash signature of the normalised, accent-folded,
 * stop-word-filtered tokens of an article's headline and lede, computed in memory at
 * record time; the text is dropped, only the 64 integers are stored (STO-2), and those
 * are deleted 72 h after capture (STO-4).
 *
 * Why MinHash and not SimHash: headline + lede is short (15–40 tokens). MinHash estimates
 * the Jaccard similarity of the token sets without bias — the fraction of equal slots —
 * and its slots split into LSH bands that find candidate pairs without comparing all
 * pairs. SimHash over so few features is noisy (each token moves many bits) and gives no
 * natural banding; it suits long texts, which is why the body summary (DER-3) uses it.
 */
import { SPANISH_STOP_WORDS } from "./stopwords-es";

/** STO-4: how long a story fingerprint is kept after capture. */
export const FINGERPRINT_RETENTION_MS = 72 * 3_600_000;

/** Slots in a signature. 64 gives a Jaccard estimate with a standard error ≤ 0.0625. */
export const MINHASH_SIZE = 64;

/** Tokens that identify a story: folded words of ≥ 2 characters, not stop words. */
export function storyTokens(text: string): string[] {
  const words = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => w.length >= 2 && !SPANISH_STOP_WORDS.has(w));
}

/**
 * The lede's names and figures: capitalised words that do not open a sentence, and numbers.
 * A lede's other words are the prose around the news ("ha anunciado", "en el centro del
 * debate"), common to every lede; the names (people, places, bodies) and figures are what
 * tell one story from another, so only they join the headline's tokens.
 */
export function ledeNames(lede: string): string[] {
  const names: string[] = [];
  for (const m of lede.matchAll(/(^|[.!?¿¡:;«"“]\s*)?([\p{L}\p{N}]+)/gu)) {
    const word = m[2]!;
    const opensSentence = m[1] !== undefined;
    if (/\p{N}/u.test(word) || (!opensSentence && /^\p{Lu}/u.test(word))) names.push(word);
  }
  return storyTokens(names.join(" "));
}

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** MurmurHash3's finaliser: a strong 32-bit mix. */
function fmix32(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One seed per slot, fixed forever: stored signatures must stay comparable across releases. */
const SEEDS = Uint32Array.from({ length: MINHASH_SIZE }, (_, i) => fmix32(0x9e3779b9 * (i + 1)));

/**
 * The MinHash signature of a token set: slot i is the least of hash_i over the tokens,
 * as a signed 32-bit integer (PostgreSQL `integer[]`). An empty set gives all-zero slots,
 * which `similarity` treats as matching nothing.
 */
export function minhash(tokens: Iterable<string>): number[] {
  const mins = new Uint32Array(MINHASH_SIZE).fill(0xffffffff);
  let any = false;
  for (const token of new Set(tokens)) {
    any = true;
    const base = fnv1a(token);
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const h = fmix32(base ^ SEEDS[i]!);
      if (h < mins[i]!) mins[i] = h;
    }
  }
  return any ? Array.from(mins, (m) => m | 0) : new Array<number>(MINHASH_SIZE).fill(0);
}

/**
 * A stored signature as the clustering reads it: a plain array, or an `Int32Array` (the
 * story step packs a window's signatures into one: 4 bytes a slot instead of a boxed number).
 */
export type Signature = readonly number[] | Int32Array;

/** What the recorder keeps of a headline and lede: the signature and how many tokens it summarises. */
export interface StoryFingerprint { minhash: number[]; tokens: number }

/**
 * The fingerprint of a headline and (when known) its lede; the text is not kept. It is two
 * signatures end to end: headline + lede names, then the headline alone. Many articles are
 * first seen without a lede (front pages, sitemaps), and a headline-only set compared with a
 * headline + lede set looks far less alike than the stories are; `storySimilarity` compares
 * like with like.
 */
export function storyFingerprint(headline: string, lede?: string): StoryFingerprint {
  const own = new Set(storyTokens(headline));
  const tokens = new Set([...own, ...ledeNames(lede ?? "")]);
  const headlineOnly = minhash(own);
  // Without new tokens from the lede both halves are the same signature: compute it once.
  return { minhash: [...(tokens.size === own.size ? headlineOnly : minhash(tokens)), ...headlineOnly], tokens: tokens.size };
}

/** Whether a fingerprint's first signature includes lede names (its halves differ). */
export function hasLede(fingerprint: Signature): boolean {
  for (let i = 0; i < MINHASH_SIZE; i++) if (fingerprint[i] !== fingerprint[i + MINHASH_SIZE]) return true;
  return false;
}

/** Similarity of two fingerprints: with ledes when both have one, else of the headlines alone. */
export function storySimilarity(a: Signature, b: Signature): number {
  if (a.length < 2 * MINHASH_SIZE || b.length < 2 * MINHASH_SIZE) return similarity(a, b);
  if (hasLede(a) && hasLede(b)) return similarity(a.slice(0, MINHASH_SIZE), b.slice(0, MINHASH_SIZE));
  return similarity(a.slice(MINHASH_SIZE), b.slice(MINHASH_SIZE));
}

/** Estimated Jaccard similarity of the two token sets: the share of equal slots (0 for empty signatures). */
export function similarity(a: Signature, b: Signature): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let equal = 0;
  let empty = true;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) equal++;
    if (a[i] !== 0) empty = false;
  }
  return empty ? 0 : equal / n;
}

/**
 * LSH band keys of a signature: `bands` groups of `rows` slots, each hashed (with its band
 * number) to one 32-bit number. Two signatures share a key with probability
 * 1 − (1 − J^rows)^bands (plus rare hash collisions, which the similarity check discards),
 * so pairs well above J ≈ (1/bands)^(1/rows) almost always become candidates.
 */
export function bandKeys(signature: Signature, bands: number, rows: number): number[] {
  const keys: number[] = [];
  for (let b = 0; b < bands; b++) {
    let h = fmix32(0x9e3779b9 ^ b);
    for (let r = b * rows; r < (b + 1) * rows; r++) h = fmix32(h ^ (signature[r] ?? 0));
    keys.push(h);
  }
  return keys;
}
