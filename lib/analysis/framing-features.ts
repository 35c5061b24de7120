/**
 * What the framing model reads of a headline (SPEC DER-4): lexicon cue counts per frame,
 * word stems, and structure flags from the headline features (DER-1). Pure; its only input
 * is the headline text and the model's own word lists.
 */
import type { FrameLetter } from "./framing-letters";
import { headlineFeatures } from "./headline-features";
import { fold, wordTokens } from "./headline-text";

/** The word lists a model file carries (see framing-model.json). */
export interface FramingVocabulary {
  /** Characters kept of each word: a crude, transparent stemmer. */
  stemLength: number;
  stopWords: readonly string[];
  /** Folded cue prefixes per frame; cues with a space match as phrases. */
  lexicon: Readonly<Record<FrameLetter, readonly string[]>>;
}

/** Spanish function words left out of the stems (folded). */
export const STOP_WORDS: readonly string[] = [
  "a", "al", "ante", "con", "contra", "de", "del", "desde", "durante", "e", "el", "en", "entre", "es", "esta", "este", "esto", "ha",
  "han", "hasta", "la", "las", "le", "les", "lo", "los", "mas", "o", "para", "por", "que", "se", "segun", "sin", "sobre", "su", "sus",
  "tras", "u", "un", "una", "unos", "unas", "y", "ya",
];

/** Cap on each cue count, so a long headline cannot pile up one frame. */
const CUE_CAP = 2;

/** The stems of a headline's words, without stop words. */
export function stems(headline: string, v: Pick<FramingVocabulary, "stemLength" | "stopWords">): string[] {
  const stop = new Set(v.stopWords);
  return wordTokens(fold(headline)).filter((w) => !stop.has(w) && !/^\d/.test(w)).map((w) => w.slice(0, v.stemLength));
}

/** Feature name → value for one headline: `lex:X` cue counts, `w:stem` presence, `s:…` structure flags. */
export function framingFeatures(headline: string, v: FramingVocabulary): Map<string, number> {
  const x = new Map<string, number>();
  const folded = fold(headline.normalize("NFC")).replace(/\s+/g, " ").trim();
  const padded = ` ${wordTokens(folded).join(" ")} `;
  const tokens = wordTokens(folded);
  for (const [letter, cues] of Object.entries(v.lexicon)) {
    let n = 0;
    for (const cue of cues) n += cue.includes(" ") ? (padded.includes(` ${cue}`) ? 1 : 0) : tokens.filter((t) => t.startsWith(cue)).length;
    if (n > 0) x.set(`lex:${letter}`, Math.min(n, CUE_CAP));
  }
  for (const stem of stems(folded, v)) x.set(`w:${stem}`, 1);
  const f = headlineFeatures(headline, null);
  const flags: [string, boolean][] = [
    ["s:question", f.isQuestion], ["s:exclamation", f.isExclamation], ["s:quote", f.hasQuote], ["s:number", f.hasNumber],
    ["s:colon-dash", f.hasColonOrDash], ["s:person", f.firstOrSecondPerson],
    ["s:money", /\d\s*(%|€|euros?\b|millones\b|mil millones\b)/u.test(folded)],
  ];
  for (const [name, on] of flags) if (on) x.set(name, 1);
  return x;
}
