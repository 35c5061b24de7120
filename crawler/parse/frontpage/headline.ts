/**
 * The headline a front-page link shows (SPEC EXT-3), with how much to trust it, so that
 * when one article is linked several times (photo, headline, "most read" box) the most
 * informative text wins. Only headline-sized text is taken: a link wrapping a whole card
 * would otherwise carry the lede, which is never stored (STO-3).
 */
import { collapseWhitespace } from "../html/text";

/** Longest text accepted as a headline; longer link text is a card with its lede. */
export const MAX_HEADLINE_CHARS = 300;

/** How trustworthy a candidate is: heading > link text > attribute or image fallback. */
export const HeadlineTier = { None: 0, Fallback: 1, Text: 2, Heading: 3 } as const;
/** One of the `HeadlineTier` values. */
export type HeadlineTier = (typeof HeadlineTier)[keyof typeof HeadlineTier];

/** A headline candidate of one link. */
export interface HeadlineCandidate {
  text: string;
  tier: HeadlineTier;
}

/** Heading elements: a link in one, or wrapping one, takes the heading's text. */
export const HEADING_TAGS: ReadonlySet<string> = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
// Labels that say what a link is, not what the story is.
const GENERIC =
  /^(?:(?:leer|ver|seguir leyendo|sigue leyendo|continuar|saber|leer la noticia)(?: más)?|más|\+|(?:\d+ )?comentarios?|comenta|en directo|directo|vídeo|video|fotos?|galería|escuchar|audio|\d+)$/i;

function sensible(text: string): boolean {
  return text !== "" && text.length <= MAX_HEADLINE_CHARS;
}

/** What a link offers as its headline, as the scan found it (undefined text: longer than a headline). */
export interface HeadlineSources {
  /** The heading that holds the link or that the link holds, when there is one, with its visible text. */
  heading?: { text: string | undefined };
  /** Visible text of the link itself. */
  text: string | undefined;
  /** aria-label, title and the first non-empty alt of its visible images, in that order of preference. */
  ariaLabel?: string;
  title?: string;
  imageAlt?: string;
}

function tierOf(text: string | undefined, heading: boolean): HeadlineTier {
  if (text === undefined || !sensible(text)) return HeadlineTier.None;
  if (GENERIC.test(text)) return HeadlineTier.Fallback;
  return heading ? HeadlineTier.Heading : HeadlineTier.Text;
}

/**
 * EXT-3: the headline of a link named by `aria-labelledby` (an overlay link covering a card,
 * its name in the card's heading): the referenced elements' text, joined; a heading's tier
 * when one of them is a heading.
 */
export function labelledHeadline(refs: readonly { text: string | undefined; heading: boolean }[]): HeadlineCandidate {
  const text = collapseWhitespace(refs.map((r) => r.text ?? "").join(" "));
  const heading = refs.some((r) => r.heading);
  return headlineFrom(heading ? { heading: { text }, text: undefined } : { text });
}

/** EXT-3: the best headline text a link offers, and its tier. */
export function headlineFrom(s: HeadlineSources): HeadlineCandidate {
  // A link inside a heading, or a card link wrapping one: the heading is the headline.
  if (s.heading) {
    const tier = tierOf(s.heading.text, true);
    if (tier !== HeadlineTier.None) return { text: s.heading.text!, tier };
  }
  const tier = tierOf(s.text, false);
  if (tier !== HeadlineTier.None) return { text: s.text!, tier };
  const fallback = [s.ariaLabel, s.title, s.imageAlt].map((t) => collapseWhitespace(t ?? "")).find((t) => sensible(t) && !GENERIC.test(t));
  return fallback ? { text: fallback, tier: HeadlineTier.Fallback } : { text: "", tier: HeadlineTier.None };
}

/** True when `next` is more informative than `current`: higher tier, then longer text. */
export function betterHeadline(next: HeadlineCandidate, current: HeadlineCandidate): boolean {
  if (next.tier !== current.tier) return next.tier > current.tier;
  return next.text.length > current.text.length;
}
