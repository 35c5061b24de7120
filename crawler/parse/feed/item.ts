/**
 * One RSS `item` or Atom `entry` to a FeedItem (SPEC EXT-1): link by the format's
 * precedence, headline cleaned, declared date, first category, bylines. Descriptions and
 * bodies never reach this file: the reader skips them (SPEC STO-3).
 */
import { parseFeedDate, type DateOptions } from "../dates";
import { itemAuthors } from "./authors";
import type { XmlElement } from "../xml/xml";
import { MAX_HEADLINE, childrenOf, firstOf, inlineText, resolveHref, urlText } from "../xml/query";

/** What a feed says about one article; no description, lede or content is kept (SPEC STO-3). */
export interface FeedItem {
  url: string;
  title: string;
  publishedAt?: Date;
  section?: string;
  authors: string[];
  /**
   * The description or summary, only when the caller asks for it (`parseFeed(…, { ledes: true })`):
   * in memory, for the story fingerprint (DER-2), and never stored (STO-3).
   */
  lede?: string;
}

/** Ledes longer than this are bodies; the fingerprint needs only the opening. */
const MAX_LEDE = 1_000;

/** A section is a label like "Política", not a list of tags. */
const MAX_SECTION = 80;

// Publication dates first (RSS, Atom, Dublin Core), then modification dates that only approximate it.
const DATE_KEYS = [
  "pubDate",
  "pubdate",
  "atom:published",
  "published",
  "dc:date",
  "dcterms:issued",
  "dcterms:created",
  "atom:issued",
  "issued",
  "atom:updated",
  "updated",
  "atom:modified",
  "dcterms:modified",
];

/** The FeedItem of an item or entry, or undefined without a usable link and title. */
export function feedItem(element: XmlElement, feedUrl: string, withLede = false, dates: DateOptions = {}): FeedItem | undefined {
  const url = element.local === "entry" ? atomLink(element, feedUrl) : rssLink(element, feedUrl);
  const title = inlineText(firstOf(element, "title", "atom:title", "dc:title")?.text ?? "");
  if (!url || !title || title.length > MAX_HEADLINE) return undefined;
  const item: FeedItem = { url, title, authors: itemAuthors(element) };
  const publishedAt = itemDate(element, dates);
  if (publishedAt) item.publishedAt = publishedAt;
  const section = itemSection(element);
  if (section) item.section = section;
  if (withLede) {
    const lede = inlineText(firstOf(element, "description", "summary", "atom:summary")?.text ?? "").slice(0, MAX_LEDE);
    if (lede) item.lede = lede;
  }
  return item;
}

/** RSS: `<link>` text, else a permalink `guid`, else an `atom:link`, else RSS 1.0's `rdf:about`. */
function rssLink(item: XmlElement, feedUrl: string): string | undefined {
  const resolve = (href: string, at: XmlElement) => resolveHref(urlText(href), feedUrl, at.bases, true);
  for (const link of childrenOf(item, "link")) {
    const url = resolve(link.text, link);
    if (url) return url;
  }
  for (const guid of childrenOf(item, "guid")) {
    // isPermaLink defaults to true (RSS 2.0), but many CMSs put opaque ids there: require a URL.
    const permalink = guid.attrs.isPermaLink ?? guid.attrs.ispermalink;
    const text = urlText(guid.text);
    if (permalink?.toLowerCase() === "false" || !(/^https?:\/\//i.test(text) || permalink === "true")) continue;
    const url = resolve(text, guid);
    if (url) return url;
  }
  const atom = atomLink(item, feedUrl);
  if (atom) return atom;
  const about = item.attrs["rdf:about"];
  return about ? resolve(about, item) : undefined;
}

/** Atom (RFC 4287 §4.2.7): the first `rel="alternate"` link (rel defaults to alternate), else the first link. */
function atomLink(entry: XmlElement, feedUrl: string): string | undefined {
  const links = childrenOf(entry, "link", "atom:link").filter((l) => l.attrs.href !== undefined);
  const alternate = links.find((l) => (l.attrs.rel ?? "alternate").trim().toLowerCase() === "alternate");
  const chosen = alternate ?? links[0];
  if (chosen) return resolveHref(urlText(chosen.attrs.href ?? ""), feedUrl, chosen.bases, true);
  if (entry.local !== "entry") return undefined;
  // Feeds that write `<link>URL</link>` in Atom, or only an `id` that is the permalink.
  const text = firstOf(entry, "link", "atom:link", "id", "atom:id");
  const href = urlText(text?.text ?? "");
  return text && /^https?:\/\//i.test(href) ? resolveHref(href, feedUrl, text.bases, true) : undefined;
}

function itemDate(item: XmlElement, dates: DateOptions): Date | undefined {
  for (const key of DATE_KEYS) {
    for (const element of childrenOf(item, key)) {
      const date = parseFeedDate(element.text, dates);
      if (date) return date;
    }
  }
  return undefined;
}

/** The first non-empty `category` (text, or Atom `label`/`term`), else `dc:subject`. */
function itemSection(item: XmlElement): string | undefined {
  for (const c of [...childrenOf(item, "category", "atom:category"), ...childrenOf(item, "dc:subject")]) {
    const text = inlineText(c.text || c.attrs.label || c.attrs.term || "");
    if (text) return text.slice(0, MAX_SECTION).trim();
  }
  return undefined;
}
