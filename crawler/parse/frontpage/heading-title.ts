/**
 * The title part of a teaser heading (SPEC EXT-3). Many front pages put the kicker
 * (Dachzeile, antetítulo) and the title in one heading, each in its own child element:
 * `<h3><span>Grünen-Parteitag</span><span>: </span><span>Ein Abschied, der keiner ist</span></h3>`.
 * Judged by structure, not class words: when a heading's text lies only in two or more child
 * elements, the kicker comes first and the title last, so the title is the last child that
 * reads as a title (two words or more). A heading with loose text between its children, or a
 * single child, is read whole.
 */

const LETTER = /\p{L}/u;

function words(text: string): number {
  return text.split(/\s+/).filter((w) => LETTER.test(w)).length;
}

/**
 * EXT-3: the title of a heading whose visible text is `whole` and whose child elements read
 * `parts` (in order; undefined: longer than a headline). Returns `whole` when the heading
 * does not split into a kicker and a title.
 */
export function headingTitle(whole: string | undefined, parts: readonly (string | undefined)[]): string | undefined {
  const texts = parts.filter((p): p is string => p !== undefined && LETTER.test(p));
  if (texts.length < 2) return whole;
  for (let i = texts.length - 1; i >= 1; i--) {
    if (words(texts[i]!) >= 2) return texts[i]!.trim();
  }
  return whole;
}
