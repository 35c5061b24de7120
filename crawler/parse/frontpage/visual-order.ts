/**
 * Browser-mode front pages (SPEC EXT-3): the layout boxes confirm or correct the document
 * order of the main ranking, so a position is where a reader sees it (docs/positions.md,
 * "Layout boxes"). Two rules, both pure functions of the boxes the renderer measured:
 *
 * - **Far below its neighbours.** A teaser that starts at least `SCREENS_APART` window
 *   heights below at least half of the `NEIGHBOURS` teasers that follow it in the markup (and
 *   below `FEWEST_ABOVE` of them at least) is
 *   out of place: a block high in the markup but laid out at the bottom (CSS `order`, grid
 *   placement, absolute positioning) goes down to where it is seen, after the last teaser
 *   that starts above it. Closer than that, the markup's order stands: columns, rows of cards
 *   and a rail beside the lead are read as the page's own order gives them. Only teasers go
 *   down: a box far above the flow (a fixed bar, a layer, a promotion the layout lifts) never
 *   pulls itself up past the teasers, since what the reader takes for the first teasers is
 *   the flow, not a lone box.
 * - **The lead is the largest title above the fold.** When a teaser above the fold has a
 *   headline at least `LEAD_FONT_RATIO` times larger than the current first teaser's, it is
 *   rank 1 (a CSS-reordered lead, a lead placed after smaller teasers in the markup).
 *
 * A position is seen where its title is: of the boxes of an article's links, the one with the
 * largest text (first in the markup among equals). A photo link has no text, and a ticker, a
 * strip or a "most read" line sets the same article smaller than its teaser does, so none of
 * them moves the position. Teasers without a box (not laid out, hidden) keep their document
 * place. The teaser unit is untouched: one position per article, the parser's. Pages where
 * fewer than half the positions have a box, or fewer than `MIN_TITLES_ABOVE_FOLD` titles are
 * above the fold (a page laid out without its styles), are left as they are.
 */
import { tryCanonicalUrl } from "../../../lib/urls";
import { VIEWPORT, type LayoutBox } from "../../fetch/browser-boxes";
import type { FrontPageLink } from "./frontpage";

/** How far below its neighbours (in window heights, 900 px) a teaser must start to be out of place. */
export const SCREENS_APART = 2;
/** How many of the teasers that follow in the markup a teaser is compared with. */
export const NEIGHBOURS = 10;
/** Fewest of them far above it for a teaser to move: a lone box or two above the flow moves nothing. */
export const FEWEST_ABOVE = 3;
/** How much larger a title above the fold must be than the first teaser's to take rank 1. */
export const LEAD_FONT_RATIO = 1.25;
/** Smallest share of positions with a box for the boxes to be read at all. */
export const MIN_BOXED_SHARE = 0.5;
/**
 * Fewest titles above the fold for the layout to be read at all. Browser mode loads no
 * remote style sheet (POL-2), so most real pages are laid out unstyled: menus and images at
 * full size push the teasers down to 3,000–140,000 px, with 0–6 titles in the first screen;
 * there the boxes say nothing a reader would see (docs/positions.md, "Layout boxes").
 */
export const MIN_TITLES_ABOVE_FOLD = 7;

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
  const aboveFold = seen.filter((s) => s.box?.aboveFold && (s.box.fontSize ?? 0) > 0).length;
  if (links.length === 0 || boxed < MIN_BOXED_SHARE * links.length || aboveFold < MIN_TITLES_ABOVE_FOLD) return [...links];
  const ordered = leadFirst(moveDisplaced(seen, SCREENS_APART * foldPx));
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
 * Document order, except that a teaser starting `gap` pixels or more below at least half of
 * the next `NEIGHBOURS` boxed teasers (and `FEWEST_ABOVE` of them) goes down, after the last remaining teaser that starts
 * above it (those moved keep their document order among equals).
 */
function moveDisplaced<S extends Seen<unknown>>(seen: readonly S[], gap: number): S[] {
  const displaced: S[] = [];
  const stay: S[] = [];
  seen.forEach((s, i) => {
    const next = s.box
      ? seen
          .slice(i + 1)
          .filter((n) => n.box !== undefined)
          .slice(0, NEIGHBOURS)
      : [];
    const above = next.filter((n) => n.box!.y + gap <= s.box!.y).length;
    (above >= FEWEST_ABOVE && above * 2 >= next.length ? displaced : stay).push(s);
  });
  const out = [...stay];
  for (const s of displaced) {
    let after = -1;
    out.forEach((o, j) => {
      if (o.box && o.box.y <= s.box!.y) after = j;
    });
    out.splice(after + 1, 0, s);
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
