/**
 * Which article links of a front page are positions (SPEC EXT-3): a position is a teaser,
 * the unit a reader sees for one article (its title, and around it a kicker, image, summary,
 * byline, related links). A teaser's link is "headed": a heading holds it, is inside it, or
 * follows it in its box; or it is the first link of an `<article>` card (a photo teaser), or
 * a card link wrapping an image and a text of two words or more. On a page built of such teasers, links without a heading are the
 * furniture around them — header tickers, topic and SEO strips, lists of bare headline links
 * in a rail, related links under a teaser, "most read" boxes, footers — and are left out, so
 * none of them can take rank 1; the page still shows them (FrontPage.others). A page with
 * few headed links, or where they are a small share of its article links (old or plain
 * markup, pages of headline lists), keeps every article link, as before.
 */
import { HeadlineTier } from "./headline";

/** Fewest distinct headed article links for a page to count as built of teasers. */
export const TEASER_PAGE = 8;
/**
 * Smallest share of a page's distinct article links that must be headed for it to count as
 * built of teasers: a page of headline lists with a few headed boxes (CNN's 2014 home page:
 * 8 of 259) is read link by link, as before.
 */
export const TEASER_SHARE = 0.2;

/** True when a page with these judged anchors is read as teasers (else link by link). */
export function readsTeasers(anchors: readonly { link: string; anchor: { headed: boolean } }[]): boolean {
  const headed = new Set<string>();
  for (const { link, anchor } of anchors) if (anchor.headed) headed.add(link);
  const distinct = new Set(anchors.map(({ link }) => link)).size;
  return headed.size >= TEASER_PAGE && headed.size >= TEASER_SHARE * distinct;
}

/**
 * EXT-3: whether a later link of an article gives the position its headline. On a page of
 * teasers the first teaser's title stays (a second teaser, a "most read" line do not change
 * it) unless it offered no title of its own (an image's alt, a one-word label such as
 * "Öffnen" on a button); read link by link, a stronger kind of text wins.
 */
export function replacesHeadline(
  next: { tier: HeadlineTier },
  current: { tier: HeadlineTier; text: string } | undefined,
  teasers: boolean,
): boolean {
  if (current === undefined) return true;
  if (next.tier <= current.tier) return false;
  const label = current.tier < HeadlineTier.Text || (current.tier === HeadlineTier.Text && current.text.trim().split(/\s+/).length < 2);
  return !teasers || label;
}

/**
 * EXT-3: the judged anchors that are positions, in page order. A page that opens with a
 * banner — a headed link alone in its box (no image, kicker link, byline or related link
 * beside it) whose article has a teaser of its own further down — leads with that teaser's
 * place: the banner is a breaking-news strip in the header ("+Eil+", "Última hora"), and
 * the article takes its place and title from its teaser.
 */
export function teaserLinks<A extends { headed: boolean; cardLead: boolean; cardLink: boolean; alone?: boolean }>(
  anchors: readonly { link: string; anchor: A }[],
): { link: string; anchor: A }[] {
  if (!readsTeasers(anchors)) return [...anchors];
  // The first sighting of an article fixes its place, so its unheaded links (a photo, a
  // comment count) inside its teaser stay with it only when they are the teaser's own; a
  // link elsewhere to an article that has a teaser later does not move it up.
  const kept = anchors.filter(({ anchor }) => anchor.headed || anchor.cardLead || anchor.cardLink);
  let start = 0;
  while (start < kept.length) {
    const { link, anchor } = kept[start]!;
    if (!anchor.alone || !kept.some((k, i) => i > start && k.link === link)) break;
    start++;
  }
  return kept.slice(start);
}
