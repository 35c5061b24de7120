/**
 * Story fingerprints (SPEC DER-2): the hashed light stems of an article's headline and lede
 * (stop words of the text's language left out, lib/analysis/story-language.ts), names and
 * figures marked, computed in memory at record time; the text is dropped, only the 32-bit
 * hashes are stored (STO-2), and those are deleted 72 h after capture (STO-4).
 *
 * Why token hashes and not a MinHash signature: a MinHash estimates the plain Jaccard
 * similarity of two token sets, where every word counts alike. Telling one piece of news
 * from another needs weights: a rare name or figure says far more than a word hundreds of
 * the window's articles carry, and a word that no other article of the window has cannot
 * link anything. The weights depend on the window, so the clustering needs the tokens
 * themselves; a headline + description gives 10–50 of them, 40–200 bytes.
 */
import { fold, lightStem, STOP_WORDS, storyLanguage, type StoryLanguage } from "./story-language";

/** STO-4: how long a story fingerprint is kept after capture. */
export const FINGERPRINT_RETENTION_MS = 72 * 3_600_000;

/** First element of a stored fingerprint: whether the lede's words are in it. */
export const WITH_LEDE = 1;
export const HEADLINE_ONLY = 0;

/** Words, with a figure's thousands and decimal separators kept inside it ("12.000", "3,5"). */
const WORD = /\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{N}]+/gu;
const words = (text: string) => text.match(WORD) ?? [];

/**
 * Tokens that identify a story: light stems of folded words of ≥ 2 characters that are not
 * stop words of the text's language (told from the text when not given).
 */
export function storyTokens(text: string, language?: StoryLanguage): string[] {
  const folded = words(text).map(fold);
  const lang = language ?? storyLanguage(folded);
  return folded.filter((w) => w.length >= 2 && !STOP_WORDS[lang].has(w)).map((w) => lightStem(w, lang));
}

/**
 * A teaser's trailing link words ("Leer más", "Seguir leyendo", "Weiterlesen", "Read more",
 * an ellipsis): the feed's furniture, the same in every item of an outlet, never the news.
 */
const TRAILING_LINK =
  /(?:\s*(?:\[(?:…|\.\.\.)\]|…|\.\.\.|[»›>|]|(?<![\p{L}\p{N}])(?:leer m[aá]s|leer|seguir leyendo|sigue leyendo|m[aá]s informaci[oó]n|weiterlesen|mehr lesen|mehr|read more|continue reading|more)))+\s*[.:»›>]*\s*$/iu;

/** A lede without its trailing link words. */
export function withoutTrailingLink(lede: string): string {
  return lede.replace(TRAILING_LINK, "");
}

/** Characters after which a capitalised word is capitalised by typography (a sentence or a quote opens). */
const OPENERS = new Set([...".!?¿¡:;«\"“‘'|—–-•·([{"]);

/**
 * Names and figures of a text: capitalised words that do not open the text or a sentence
 * (or follow a colon, a quote or a bar, as headlines are written), and numbers. A lede's
 * other words are the prose around the news; the names (people, places, bodies) and figures
 * are what tell one story from another. German capitalises every noun, so there only the
 * figures are told apart (the rarity weights do the rest).
 */
export function ledeNames(lede: string, language?: StoryLanguage): string[] {
  const text = withoutTrailingLink(lede);
  const lang = language ?? storyLanguage(words(text).map(fold));
  const names: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const before = text.slice(0, m.index).trimEnd();
    const opens = before === "" || OPENERS.has(before[before.length - 1]!);
    if (/\p{N}/u.test(word) || (lang !== "de" && !opens && /^\p{Lu}/u.test(word))) names.push(word);
  }
  return storyTokens(names.join(" "), lang);
}

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A token's stored form: its hash with the lowest bit telling a name or figure (1) from
 * another word (0); the next bit is 0 (a word, not a part of one, see `partHash`).
 */
export function tokenHash(token: string, name: boolean): number {
  return (fnv1a(token) & ~3) | (name ? 1 : 0) | 0;
}

/** A word part's stored form (`compoundParts`): the second bit set. */
export function partHash(part: string): number {
  return (fnv1a(`~${part}`) & ~3) | 2 | 0;
}

/** Whether a stored token is a name or a figure. */
export const isName = (token: number) => (token & 1) === 1;

/** Whether a stored token is a part of a word (a compound's head or modifier), not a word. */
export const isPart = (token: number) => (token & 2) === 2;

/**
 * German compounds' parts: the first five and the last six letters of each stem, so
 * "Sturmtief", "Sturmflut" and "Sturm" meet on "sturm", "Grünenparteitag" and "Parteitag" on
 * "teitag". Parts are marked apart: they add weight to a link but do not count as words shared.
 */
export function compoundParts(stems: readonly string[]): string[] {
  const parts = new Set<string>();
  for (const stem of stems) {
    if (/\p{N}/u.test(stem)) continue;
    if (stem.length >= 5) parts.add(`${stem.slice(0, 5)}-`);
    if (stem.length >= 6) parts.add(`-${stem.slice(-6)}`);
  }
  return [...parts];
}

/**
 * A German headline's trailing byline, as home pages run title and credit together
 * ("… Smooth operators Von Matthias Kremp", "… Eine Analyse von Jonas Schaible"): the
 * author is not the news, and one author's pieces on different news would meet on the name.
 */
const BYLINE = /\s+(?:Von|Ein(?:e|en)?\s+[\p{L}-]+\s+von)\s+\p{Lu}[\p{L}.'-]*(?:\s+(?:und\s+)?\p{Lu}[\p{L}.'-]*){0,7}(?:,\s.*)?$/u;

/** A ticker's clock time ("10:53 Newsticker …"): when the line was posted, not the news. */
const CLOCK_TIME = /(?<![\p{N}])\d{1,2}[:.]\d{2}(?:\s*Uhr)?(?![\p{N}])/gu;

/** A headline without a trailing byline or a ticker's clock times. */
export function withoutByline(headline: string): string {
  return headline.replace(BYLINE, "").replace(CLOCK_TIME, " ");
}

/** What the recorder keeps of a headline and lede: the stored array and how many tokens it holds. */
export interface StoryFingerprint {
  fingerprint: number[];
  tokens: number;
}

/**
 * A lede's words that join the fingerprint besides its names and figures: stems of at least
 * this many letters. On the described story set (real headlines with their teaser summaries,
 * docs/stories.md) the summary's content words lifted pairwise F1 on the development split
 * from 0.36 to 0.41 at precision 0.85; its shorter stems are mostly prose ("sagt", "neue").
 */
export const LEDE_WORD_LETTERS = 5;

/**
 * The fingerprint of a headline and (when known) its lede, the text not kept: a flag
 * (`WITH_LEDE` or `HEADLINE_ONLY`), then the distinct token hashes in ascending order: every
 * content word of the headline, the lede's names and figures and its longer content words
 * (the rarity weights of the window, not a names-only filter, tell the news from the prose
 * around it). A word that is a name anywhere is stored once, as a name.
 */
export function storyFingerprint(headline: string, lede?: string): StoryFingerprint {
  const title = withoutByline(headline);
  const teaser = withoutTrailingLink(lede ?? "");
  const language = storyLanguage(words(`${title} ${teaser}`).map(fold));
  const names = new Set([...ledeNames(title, language), ...ledeNames(teaser, language)]);
  const ledeWords = storyTokens(teaser, language).filter((w) => w.length >= LEDE_WORD_LETTERS);
  const stems = new Set([...storyTokens(title, language), ...ledeWords]);
  const all = [...stems].filter((w) => !names.has(w));
  // Word parts come from the headline's words and the names: the lede's parts only added noise.
  const parts = language === "de" ? compoundParts([...storyTokens(title, language), ...names]) : [];
  const hashes = new Set([...[...names].map((w) => tokenHash(w, true)), ...all.map((w) => tokenHash(w, false)), ...parts.map(partHash)]);
  const withLede = teaser.trim() !== "";
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
