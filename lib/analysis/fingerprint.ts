/**
 * Story fingerprints (SPEC DER-2): the hashed tokens of an article's headline and of the
 * names and figures of its lede, computed in memory at record time; the text is dropped,
 * only the 32-bit hashes are stored (STO-2), and those are deleted 72 h after capture (STO-4).
 *
 * Why token hashes and not a MinHash signature: a MinHash estimates the plain Jaccard
 * similarity of two token sets, where every word counts alike. Telling one piece of news
 * from another needs weights: a name or a figure ("Rocafort", "120") says far more than a
 * headline's verb, and a word that no other article of the window has cannot link anything
 * (docs/benchmarks.md: weighting them took the stories benchmark from F1 0.68 to 0.8).
 * The weights depend on the window, so the clustering needs the tokens themselves; a
 * headline + lede gives 10–40 of them, 40–160 bytes, about what a 64-slot signature took.
 */
import { SPANISH_STOP_WORDS } from "./stopwords-es";

/** STO-4: how long a story fingerprint is kept after capture. */
export const FINGERPRINT_RETENTION_MS = 72 * 3_600_000;

/** First element of a stored fingerprint: whether the lede's names are in it. */
export const WITH_LEDE = 1;
export const HEADLINE_ONLY = 0;

/** Tokens that identify a story: folded words of ≥ 2 characters, not stop words. */
export function storyTokens(text: string): string[] {
  const words = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => w.length >= 2 && !SPANISH_STOP_WORDS.has(w));
}

/**
 * Names and figures of a text: capitalised words that do not open a sentence (or follow a
 * colon, a quote or a bar, as headlines are written), and numbers. A lede's other words are
 * the prose around the news ("ha anunciado", "en el centro del debate"), common to every
 * lede; the names (people, places, bodies) and figures are what tell one story from another.
 */
export function ledeNames(lede: string): string[] {
  const names: string[] = [];
  for (const m of lede.matchAll(/(^|[.!?¿¡:;«"“|]\s*)?([\p{L}\p{N}]+)/gu)) {
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

/** A token's stored form: its hash with the lowest bit telling a name or figure (1) from another word (0). */
export function tokenHash(token: string, name: boolean): number {
  return ((fnv1a(token) & ~1) | (name ? 1 : 0)) | 0;
}

/** Whether a stored token is a name or a figure. */
export const isName = (token: number) => (token & 1) === 1;

/** What the recorder keeps of a headline and lede: the stored array and how many tokens it holds. */
export interface StoryFingerprint { fingerprint: number[]; tokens: number }

/**
 * The fingerprint of a headline and (when known) its lede, the text not kept: a flag
 * (`WITH_LEDE` or `HEADLINE_ONLY`), then the distinct token hashes in ascending order. A word
 * that is a name anywhere (in the lede or inside the headline) is stored once, as a name.
 */
export function storyFingerprint(headline: string, lede?: string): StoryFingerprint {
  const names = new Set([...ledeNames(headline), ...ledeNames(lede ?? "")]);
  const words = new Set(storyTokens(headline).filter((w) => !names.has(w)));
  const hashes = new Set([...[...names].map((w) => tokenHash(w, true)), ...[...words].map((w) => tokenHash(w, false))]);
  const withLede = lede !== undefined && lede.trim() !== "";
  return { fingerprint: [withLede ? WITH_LEDE : HEADLINE_ONLY, ...[...hashes].sort((a, b) => a - b)], tokens: hashes.size };
}

/** The sorted token hashes of a stored fingerprint (its flag removed). */
export function fingerprintTokens(fingerprint: readonly number[] | Int32Array): Int32Array {
  return Int32Array.from(fingerprint.slice(1));
}

/**
 * `fingerprintTokens` of many fingerprints, each a view of one shared block: one allocation
 * outside V8's heap for all of them (the story step reads tens of thousands every round).
 */
export function fingerprintTokensOfAll(fingerprints: readonly (readonly number[])[]): Int32Array[] {
  let total = 0;
  for (const f of fingerprints) total += Math.max(0, f.length - 1);
  const block = new Int32Array(total);
  let at = 0;
  return fingerprints.map((f) => {
    const tokens = block.subarray(at, at + Math.max(0, f.length - 1));
    for (let i = 0; i < tokens.length; i++) tokens[i] = f[i + 1]!;
    at += tokens.length;
    return tokens;
  });
}

/** Whether a stored fingerprint includes the lede's names. */
export function hasLede(fingerprint: readonly number[] | Int32Array): boolean {
  return fingerprint[0] === WITH_LEDE;
}
