/**
 * Language handling of story fingerprints (SPEC DER-2): which stop-word list and light
 * stemmer a text takes. The language is told from the text itself (which list its words
 * hit most), so the recorder needs no language field and a multilingual outlet's items
 * each get their own. Spanish wins ties: it is the project's first language.
 *
 * The stemmers are deliberately light (plural and inflection endings only, in the spirit of
 * Savoy's "light" stemmers for Romance and Germanic languages): coverage of one event by
 * several outlets swaps "detenido" for "detenidos", "Regierung" for "Regierungen"; heavier
 * stemming (derivational suffixes) joins words of different news more than it helps.
 */
import { ENGLISH_STOP_WORDS } from "./stopwords-en";
import { GERMAN_STOP_WORDS } from "./stopwords-de";
import { SPANISH_STOP_WORDS } from "./stopwords-es";

/** Languages with their own stop words and stemmer. */
export type StoryLanguage = "es" | "de" | "en";

/** Stop words by language. */
export const STOP_WORDS: Record<StoryLanguage, ReadonlySet<string>> = {
  es: SPANISH_STOP_WORDS,
  de: GERMAN_STOP_WORDS,
  en: ENGLISH_STOP_WORDS,
};

/** Accent-folded lower case (ß as ss), the form every list and token uses. */
export function fold(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ß/g, "ss");
}

/** The language whose stop words the folded words hit most (Spanish on a tie or no hit). */
export function storyLanguage(folded: readonly string[]): StoryLanguage {
  let best: StoryLanguage = "es";
  let most = 0;
  for (const language of ["es", "de", "en"] as const) {
    let hits = 0;
    for (const w of folded) if (STOP_WORDS[language].has(w)) hits++;
    if (hits > most) [best, most] = [language, hits];
  }
  return best;
}

/** Strips the first ending of `endings` (longest first) that leaves at least `keep` characters. */
function strip(word: string, endings: readonly string[], keep: number): string {
  for (const e of endings) if (word.endsWith(e) && word.length - e.length >= keep) return word.slice(0, -e.length);
  return word;
}

const ES_PLURAL = ["es", "s"];
const ES_GENDER = ["a", "o", "e"];
const DE_GENITIVE = ["s"];
const DE_ENDINGS = ["ern", "em", "en", "er", "es", "e", "n"];
const EN_ENDINGS = ["ing", "ies", "ed", "es", "s"];

/** A folded word's light stem; figures and short words stay as they are. */
export function lightStem(word: string, language: StoryLanguage): string {
  if (word.length < 4 || /\p{N}/u.test(word)) return word;
  switch (language) {
    case "es":
      return strip(strip(word, ES_PLURAL, 4), ES_GENDER, 4);
    case "de":
      return strip(strip(word, DE_GENITIVE, 4), DE_ENDINGS, 4);
    case "en":
      return strip(word, EN_ENDINGS, 3);
  }
}
