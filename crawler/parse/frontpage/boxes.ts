/**
 * Browser-mode front pages (SPEC EXT-3, DER-7): the layout boxes the renderer measured
 * (crawler/fetch/browser-boxes.ts) joined to the ranked links of `extractFrontPage` by
 * canonical URL (EXT-5), and the lead story — the largest headline box above the fold.
 */
import { tryCanonicalUrl } from "../../../lib/urls";
import type { LayoutBox } from "../../fetch/browser-boxes";
import type { FrontPageLink } from "./frontpage";

/** A ranked front-page link with its most prominent box, when it was laid out. */
export interface BoxedLink extends FrontPageLink {
  box?: LayoutBox;
}

/** EXT-3: each link gets the most prominent of its boxes (above the fold, larger text, larger area). */
export function attachBoxes(links: readonly FrontPageLink[], boxes: readonly LayoutBox[]): BoxedLink[] {
  const best = new Map<string, LayoutBox>();
  for (const box of boxes) {
    const url = tryCanonicalUrl(box.url);
    if (url === undefined) continue;
    const known = best.get(url);
    if (!known || prominence(box, known) > 0) best.set(url, box);
  }
  return links.map((link) => {
    const box = best.get(link.url);
    return box ? { ...link, box } : { ...link };
  });
}

/** DER-7: the lead story in browser mode — the above-the-fold link with the largest headline, else undefined. */
export function leadStory(links: readonly BoxedLink[]): BoxedLink | undefined {
  let lead: BoxedLink | undefined;
  for (const link of links) {
    if (!link.box?.aboveFold) continue;
    // Ties keep the better rank: links come rank 1 first.
    if (!lead?.box || prominence(link.box, lead.box) > 0) lead = link;
  }
  return lead;
}

/** Positive when `a` is more prominent than `b`: above the fold, then font size, then area. */
function prominence(a: LayoutBox, b: LayoutBox): number {
  if (a.aboveFold !== b.aboveFold) return a.aboveFold ? 1 : -1;
  const font = (a.fontSize ?? 0) - (b.fontSize ?? 0);
  if (font !== 0) return font;
  return a.width * a.height - b.width * b.height;
}
