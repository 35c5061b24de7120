/**
 * Highlighting the words a search matched in a headline (SPEC WEB-1 search). PostgreSQL
 * decides what matches (Spanish stems; accents, ñ and ç folded by search_fold:
 * db/queries/site/search.ts), and the stems of each headline word come from the same
 * folding there, so a marked word is always one the search matched. These pure helpers
 * cut a headline into words and mark the ones whose stems the query asked for.
 */

/** A piece of a headline: a run of text, matched by the search or not. */
export interface HeadlinePart {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct words of a headline, as the search sees them (letters and digits). */
export function headlineWords(text: string): string[] {
  return [...new Set(text.match(WORD) ?? [])];
}

/**
 * The lexemes a query looks for, from PostgreSQL's `querytree()` text (e.g.
 * `'ultim' & 'hor' <-> 'madr'`): negated words are not in it, so they are never marked.
 */
export function queryLexemes(querytree: string): string[] {
  if (querytree === "T") return [];
  return [...querytree.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

/** The headline cut into matched and unmatched runs, in order; adjacent runs of one kind are joined. */
export function highlightParts(text: string, isMatch: (word: string) => boolean): HeadlinePart[] {
  const parts: HeadlinePart[] = [];
  const push = (piece: string, match: boolean) => {
    if (piece === "") return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  };
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    push(text.slice(at, m.index), false);
    push(m[0], isMatch(m[0]));
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return parts;
}
