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

/** A text block of a card link: its visible text, its own blocks, and whether text lies between them. */
export interface TextBlock {
  text: string | undefined;
  loose: boolean;
  blocks: readonly TextBlock[];
}

/** How many levels of blocks below a card link are read (the rest is read whole). */
export const CARD_BLOCK_DEPTH = 3;
/** Longer than this, a block of a card is its summary, not its title. */
export const SUMMARY_CHARS = 120;

/**
 * EXT-3: the title of a card link (an image and a text, no heading) from its blocks. A single
 * block holding all the text is read for its own blocks, and so is a last block longer than a
 * title (a box of title and summary after the kicker); a block longer than a title is the
 * summary, never the title; among the shorter blocks, as in a heading, the kicker comes first
 * and the title last (the last of two words or more).
 */
export function cardTitle(card: TextBlock): string | undefined {
  if (card.loose || card.blocks.length === 0) return card.text;
  const lettered = card.blocks.filter((b) => b.text !== undefined && LETTER.test(b.text));
  if (lettered.length === 1) return cardTitle(lettered[0]!);
  // A kicker, then a box of title and summary: the title is in that box.
  const last = lettered.at(-1);
  if (last && last.text!.length > SUMMARY_CHARS && last.blocks.length > 0 && !last.loose) return cardTitle(last);
  const short = lettered.filter((b) => b.text!.length <= SUMMARY_CHARS);
  for (let i = short.length - 1; i >= 0; i--) if (words(short[i]!.text!) >= 2) return short[i]!.text!.trim();
  return card.text;
}
