/**
 * Small text helpers shared by the headline analyses (DER-1, DER-4): accent folding,
 * word tokens, and the headline with its quoted speech removed. Pure; headline text only.
 */

/** Lower case without accents or diaeresis (ñ folds to n as well: comparison form only). */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Word tokens as written: runs of letters, digits and inner apostrophes, dots or commas of numbers. */
export function wordTokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’.,][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Pairs of quotation marks that open and close quoted speech in Spanish headlines. */
const QUOTED = /«[^»]*»|“[^”]*”|„[^“”]*[“”]|"[^"]*"/gu;

/** True when the headline carries quoted speech (a declarative headline). */
export function hasQuotedSpeech(text: string): boolean {
  return [...text.matchAll(QUOTED)].some((m) => wordTokens(m[0]).length > 0);
}

/** The headline with quoted speech replaced by a space: what the outlet says in its own voice. */
export function outsideQuotes(text: string): string {
  return text.replace(QUOTED, " ");
}
