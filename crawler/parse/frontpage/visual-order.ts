/**
 * Browser-mode front pages (SPEC EXT-3): the layout boxes confirm or correct the document
 * order of the main ranking, so a position is where a reader sees it (docs/positions.md,
 * "Layout boxes"). Two rules, both pure functions of the boxes the renderer measured:
 *
 * - **Two screens apart.** A teaser that starts at least `SCREENS_APART` window heights below
 *   another cannot outrank it: a block high in the markup but laid out at the bottom (CSS
 *   `order`, grid placement, absolute positioning) goes down to where it is seen. Closer than
 *   that, the markup's order stands: columns, rows of cards and a rail beside the lead are
 *   read as the page's own order gives them.
 * - **The lead is the largest title above the fold.** When a teaser above the fold has a
 *   headline at least `LEAD_FONT_RATIO` times larger than the current first teaser's, it is
 *   rank 1 (a CSS-reordered lead, a lead placed after smaller teasers in the markup).
 *
 * A position is seen where its title is: of the boxes of an article's links, the one with the
 * largest text (first in the markup among equals). A photo link has no text, and a ticker, a
 * strip or a "most read" line sets the same article smaller than its teaser does, so none of
 * them moves the position. Teasers without a box (not laid out, hidden) keep their document
 * place. The teaser unit is untouched: one position per article, the parser's. Pages where
 * fewer than half the positions have a box are left as they are.
 */
import { tryCanonicalUrl } from "../../../lib/urls";
import { VIEWPORT, type LayoutBox } from "../../fetch/browser-boxes";
import type { FrontPageLink } from "./frontpage";

/** How far below another (in window heights, 900 px) a teaser must start to be ranked after it. */
export const SCREENS_APART = 2;
/** How much larger a title above the fold must be than the first teaser's to take rank 1. */
export const LEAD_FONT_RATIO = 1.25;
/** Smallest share of positions with a box for the boxes to be read at all. */
export const MIN_BOXED_SHARE = 0.5;

/** A position with the box of its title, when it was laid out. */
interface Seen<L> {
  link: L;
  box?: LayoutBox;
}

/** EXT-3: the ranked links in the order a reader sees them, given the page's boxes; ranks are renumbered 1…n. */
export function orderByBoxes<L extends FrontPageLink>(
  links: readonly L[],
  boxes: readonly LayoutBox[],
  foldPx: number = VIEWPORT.height,
): L[] {
  const titles = titleBoxes(boxes);
  const seen: Seen<L>[] = links.map((link) => ({ link, box: titles.get(link.url) }));
  const boxed = seen.filter((s) => s.box !== undefined).length;
  if (links.length === 0 || boxed < MIN_BOXED_SHARE * links.length) return [...links];
  const ordered = leadFirst(screensApart(seen, SCREENS_APART * foldPx));
  return ordered.map(({ link }, i) => (link.rank === i + 1 ? link : { ...link, rank: i + 1 }));
}

/** Each article's title box: its links' box with the largest text, the first in the markup among equals. */
export function titleBoxes(boxes: readonly LayoutBox[]): Map<string, LayoutBox> {
  const best = new Map<string, LayoutBox>();
  for (const box of boxes) {
    const url = tryCanonicalUrl(box.url);
    if (url === undefined) continue;
    const known = best.get(url);
    if (!known || (box.fontSize ?? 0) > (known.fontSize ?? 0)) best.set(url, box);
  }
  return best;
}

/**
 * Document order, except that no teaser comes before one that starts `gap` pixels or more
 * above it: at each step the first remaining teaser (in document order) that no remaining
 * teaser lies far above. The constraints follow the boxes' tops, so they never form a cycle.
 */
function screensApart<S extends Seen<unknown>>(links: readonly S[], gap: number): S[] {
  const left = [...links];
  const out: S[] = [];
  while (left.length > 0) {
    let highest = Infinity;
    for (const l of left) if (l.box) highest = Math.min(highest, l.box.y);
    const next = left.findIndex((l) => !l.box || l.box.y < highest + gap);
    out.push(left.splice(next === -1 ? 0 : next, 1)[0]!);
  }
  return out;
}

/** A teaser whose title is above the fold and clearly larger than the first one's goes first. */
function leadFirst<S extends Seen<unknown>>(links: readonly S[]): S[] {
  const first = links[0];
  if (first === undefined) return [];
  const firstFont = first.box?.fontSize ?? 0;
  let lead = -1;
  let leadFont = 0;
  links.forEach((l, i) => {
    const font = l.box?.aboveFold ? (l.box.fontSize ?? 0) : 0;
    if (i > 0 && font > leadFont) {
      lead = i;
      leadFont = font;
    }
  });
  // A first teaser with no text laid out (hidden, an image only) gives nothing to compare.
  if (lead === -1 || firstFont === 0 || leadFont < LEAD_FONT_RATIO * firstFont) return [...links];
  return [links[lead]!, ...links.slice(0, lead), ...links.slice(lead + 1)];
}
