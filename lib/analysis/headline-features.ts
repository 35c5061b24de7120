/**
 * Headline features (SPEC DER-1): pure counts and flags of one headline's text, stored
 * against its hash in `headline_features`. The language identifier is injected (it is a
 * model: see language.ts), so the function stays pure and testable.
 */
import { clickbaitPatterns } from "./clickbait";
import { fold, hasQuotedSpeech, outsideQuotes, wordTokens } from "./headline-text";
import type { DetectLanguage } from "./language";

/** The stored features, one field per column of `headline_features`. */
export interface HeadlineFeatures {
  chars: number;
  words: number;
  isQuestion: boolean;
  isExclamation: boolean;
  hasQuote: boolean;
  hasNumber: boolean;
  firstOrSecondPerson: boolean;
  hasColonOrDash: boolean;
  capitalisedTokens: number;
  clickbaitPatterns: string[];
  language: string | null;
}

/** Spanish number words counted as numbers besides digits ("cinco claves", "mil millones"). */
const NUMBER_WORDS = new Set([
  "dos",
  "tres",
  "cuatro",
  "cinco",
  "seis",
  "siete",
  "ocho",
  "nueve",
  "diez",
  "once",
  "doce",
  "quince",
  "veinte",
  "treinta",
  "cuarenta",
  "cincuenta",
  "cien",
  "cientos",
  "mil",
  "miles",
  "millon",
  "millones",
  "docena",
  "decenas",
]);

/**
 * Spanish first- and second-person markers in the outlet's own voice (quoted speech is
 * left out: «No vamos a dimitir» is the speaker's voice, not the headline's). Pronouns and
 * possessives, plus the second-person verbs of reader-addressing headlines.
 */
const PERSON_WORDS = new Set([
  "yo",
  "me",
  "mi",
  "mis",
  "conmigo",
  "nosotros",
  "nosotras",
  "nos",
  "nuestro",
  "nuestra",
  "nuestros",
  "nuestras",
  "tu",
  "te",
  "ti",
  "tus",
  "contigo",
  "vosotros",
  "vosotras",
  "os",
  "vuestro",
  "vuestra",
  "vuestros",
  "vuestras",
  "usted",
  "ustedes",
  "puedes",
  "debes",
  "sabes",
  "tienes",
  "quieres",
  "necesitas",
  "vas",
  "haz",
  "sabias",
  "conoces",
]);

/** Colon followed by a space ("Feijóo: …", not "10:30"), spaced dashes, or a vertical bar. */
const COLON_OR_DASH = /:\s|\s[-–—]\s|^[-–—]\s|\s\|\s/u;

/** Spanish-language markers apply only when the headline is Spanish or its language is unknown. */
function spanishOrUnknown(language: string | null): boolean {
  return language === null || language === "es";
}

/** Tokens that start with a capital, leaving out sentence starts (first word, after ": ", quotes, ¿ ¡). */
function capitalised(headline: string): number {
  let count = 0;
  for (const m of headline.matchAll(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu)) {
    const token = m[0];
    if (!/^\p{Lu}/u.test(token)) continue;
    const before = headline.slice(0, m.index).trimEnd();
    const sentenceStart = before === "" || /[:.!?¿¡«“"(|]$/u.test(before) || /\s[—–-]$/u.test(before);
    if (!sentenceStart || /^\p{Lu}{2,}/u.test(token)) count += 1;
  }
  return count;
}

/** DER-1: the clickbait formulas of a headline whose language is known (or null): none outside Spanish. */
export function clickbaitFormulasOf(headline: string, language: string | null): string[] {
  return spanishOrUnknown(language) ? clickbaitPatterns(headline.normalize("NFC").replace(/\s+/g, " ").trim()) : [];
}

/** DER-1: the features of one headline; `detectLanguage` null stores no language (e.g. model work skipped). */
export function headlineFeatures(headline: string, detectLanguage: DetectLanguage | null): HeadlineFeatures {
  const text = headline.normalize("NFC").replace(/\s+/g, " ").trim();
  const words = wordTokens(text);
  const language = detectLanguage ? detectLanguage(text) : null;
  const spanish = spanishOrUnknown(language);
  const ownVoice = wordTokens(fold(outsideQuotes(text)));
  return {
    chars: [...text].length,
    words: words.length,
    isQuestion: /[?¿]/u.test(text),
    isExclamation: /[!¡]/u.test(text),
    hasQuote: hasQuotedSpeech(text),
    hasNumber: /\p{N}/u.test(text) || (spanish && words.some((w) => NUMBER_WORDS.has(fold(w)))),
    firstOrSecondPerson: spanish && ownVoice.some((w) => PERSON_WORDS.has(w)),
    hasColonOrDash: COLON_OR_DASH.test(text),
    capitalisedTokens: capitalised(text),
    clickbaitPatterns: clickbaitFormulasOf(text, language),
    language,
  };
}
