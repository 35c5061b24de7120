/**
 * Atom 1.0 feeds (RFC 4287; SPEC WEB-6): following an outlet's headline rewrites, a story or
 * a search without an account; and the operator's feed of what needs attention (ADM-3). Entries carry headlines and our own words only (STO-3: no
 * article text exists to carry). Ids are tag URIs (RFC 4151) built from our own record ids,
 * so an entry keeps its id whatever the site's address becomes. Pure.
 */

/** One entry: `key` is stable (our record's id), `href` a path on the site. */
export interface AtomEntry {
  key: string;
  title: string;
  updated: number;
  href: string;
  summary?: string;
}

/** A feed: `key` names it; `path` is the feed's own address, `pagePath` the page it follows; `rights` defaults to the open data's. */
export interface AtomFeed {
  key: string;
  title: string;
  subtitle?: string;
  path: string;
  pagePath: string;
  rights?: string;
  entries: readonly AtomEntry[];
}

/** The public feeds' rights line. */
export const OPEN_DATA_RIGHTS = "Datos: Hemeroscopio, CC BY 4.0. Los titulares son de sus medios.";

/** The year in every tag URI: fixed, so ids never change. */
const TAG_YEAR = 2026;

/** XML-escape text for element content and attribute values; characters XML 1.0 forbids are dropped. */
export function xmlEscape(text: string): string {
  return [...text]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return (
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        code >= 0x10000
      );
    })
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** `tag:<host>,2026:<key>` for the site at `siteUrl`. */
export function tagUri(siteUrl: string, key: string): string {
  return `tag:${new URL(siteUrl).hostname},${TAG_YEAR}:${key}`;
}

const time = (ms: number) => new Date(ms).toISOString();

/** The feed as an Atom 1.0 document; `updated` is its newest entry's (or `now` when it has none). */
export function atomXml(siteUrl: string, feed: AtomFeed, now: number): string {
  const abs = (path: string) => xmlEscape(new URL(path, siteUrl).href);
  const updated = feed.entries.reduce((max, e) => Math.max(max, e.updated), feed.entries.length > 0 ? 0 : now);
  const entries = feed.entries.map((e) =>
    [
      "  <entry>",
      `    <id>${xmlEscape(tagUri(siteUrl, e.key))}</id>`,
      `    <title type="text">${xmlEscape(e.title)}</title>`,
      `    <updated>${time(e.updated)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${abs(e.href)}"/>`,
      e.summary ? `    <summary type="text">${xmlEscape(e.summary)}</summary>` : null,
      "  </entry>",
    ]
      .filter((line) => line !== null)
      .join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">',
    `  <id>${xmlEscape(tagUri(siteUrl, feed.key))}</id>`,
    `  <title type="text">${xmlEscape(feed.title)}</title>`,
    feed.subtitle ? `  <subtitle type="text">${xmlEscape(feed.subtitle)}</subtitle>` : null,
    `  <updated>${time(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${abs(feed.path)}"/>`,
    `  <link rel="alternate" type="text/html" href="${abs(feed.pagePath)}"/>`,
    "  <author><name>Hemeroscopio</name></author>",
    `  <rights>${xmlEscape(feed.rights ?? OPEN_DATA_RIGHTS)}</rights>`,
    ...entries,
    "</feed>",
    "",
  ]
    .filter((line) => line !== null)
    .join("\n");
}

/** Cache-Control of the feeds: readers poll them; the page cache keeps them like pages. */
export const FEED_CACHE = "public, max-age=300";

/** The HTTP answer for a feed. */
export function atomResponse(xml: string): Response {
  return new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": FEED_CACHE } });
}
