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
  "a",
  "al",
  "ante",
  "con",
  "contra",
  "de",
  "del",
  "desde",
  "durante",
  "e",
  "el",
  "en",
  "entre",
  "es",
  "esta",
  "este",
  "esto",
  "ha",
  "han",
  "hasta",
  "la",
  "las",
  "le",
  "les",
  "lo",
  "los",
  "mas",
  "o",
  "para",
  "por",
  "que",
  "se",
  "segun",
  "sin",
  "sobre",
  "su",
  "sus",
  "tras",
  "u",
  "un",
  "una",
  "unos",
  "unas",
  "y",
  "ya",
];

/** Cap on each cue count, so a long headline cannot pile up one frame. */
const CUE_CAP = 2;

const stopSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The stems of folded word tokens, without stop words and numbers. */
function stemsOf(tokens: readonly string[], v: Pick<FramingVocabulary, "stemLength" | "stopWords">): string[] {
  let stop = stopSets.get(v.stopWords);
  if (!stop) stopSets.set(v.stopWords, (stop = new Set(v.stopWords)));
  return tokens.filter((w) => !stop.has(w) && !/^\d/.test(w)).map((w) => w.slice(0, v.stemLength));
}

/** The stems of a headline's words, without stop words. */
export function stems(headline: string, v: Pick<FramingVocabulary, "stemLength" | "stopWords">): string[] {
  return stemsOf(wordTokens(fold(headline)), v);
}

/** A lexicon compiled for lookup: word cues by prefix, phrase cues apart. */
interface CompiledLexicon {
  byPrefix: Map<string, string[]>;
  phrases: [cue: string, letter: string][];
  longest: number;
}

const compiled = new WeakMap<FramingVocabulary["lexicon"], CompiledLexicon>();

function compile(lexicon: FramingVocabulary["lexicon"]): CompiledLexicon {
  let c = compiled.get(lexicon);
  if (c) return c;
  c = { byPrefix: new Map(), phrases: [], longest: 0 };
  for (const [letter, cues] of Object.entries(lexicon)) {
    for (const cue of cues) {
      if (cue.includes(" ")) c.phrases.push([cue, letter]);
      else {
        c.byPrefix.set(cue, [...(c.byPrefix.get(cue) ?? []), letter]);
        c.longest = Math.max(c.longest, cue.length);
      }
    }
  }
  compiled.set(lexicon, c);
  return c;
}

/** Cue counts per letter: each (word cue, token starting with it) pair and each phrase cue present counts once. */
function cueCounts(tokens: readonly string[], lexicon: FramingVocabulary["lexicon"]): Map<string, number> {
  const c = compile(lexicon);
  const counts = new Map<string, number>();
  const add = (letter: string) => counts.set(letter, (counts.get(letter) ?? 0) + 1);
  for (const token of tokens) {
    for (let length = 1; length <= Math.min(token.length, c.longest); length++)
      for (const letter of c.byPrefix.get(token.slice(0, length)) ?? []) add(letter);
  }
  const padded = ` ${tokens.join(" ")} `;
  for (const [cue, letter] of c.phrases) if (padded.includes(` ${cue}`)) add(letter);
  return counts;
}

/** Feature name → value for one headline: `lex:X` cue counts, `w:stem` presence, `s:…` structure flags. */
export function framingFeatures(headline: string, v: FramingVocabulary): Map<string, number> {
  const x = new Map<string, number>();
  const folded = fold(headline.normalize("NFC")).replace(/\s+/g, " ").trim();
  const tokens = wordTokens(folded);
  for (const [letter, n] of cueCounts(tokens, v.lexicon)) x.set(`lex:${letter}`, Math.min(n, CUE_CAP));
  for (const stem of stemsOf(tokens, v)) x.set(`w:${stem}`, 1);
  const f = headlineFeatures(headline, null);
  const flags: [string, boolean][] = [
    ["s:question", f.isQuestion],
    ["s:exclamation", f.isExclamation],
    ["s:quote", f.hasQuote],
    ["s:number", f.hasNumber],
    ["s:colon-dash", f.hasColonOrDash],
    ["s:person", f.firstOrSecondPerson],
    ["s:money", /\d\s*(%|€|euros?\b|millones\b|mil millones\b)/u.test(folded)],
  ];
  for (const [name, on] of flags) if (on) x.set(name, 1);
  return x;
}
