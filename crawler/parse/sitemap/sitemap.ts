/**
 * Sitemaps to entries (SPEC EXT-2): `urlset` and `sitemapindex`, gzip, `lastmod` and the
 * Google News extension; text sitemaps (one URL per line) and index entries written as
 * bare text (`<sitemap>https://…</sitemap>`). Elements are matched by namespace or local
 * name, so `<ns0:url>` counts. Bad input gives an empty urlset, never an exception (SEC-4).
 */
import { parseFeedDate, type DateOptions } from "../dates";
import { inflateIfGzip } from "../../fetch/bytes/gzip-file";
import { readRecords, type XmlElement } from "../xml/xml";
import { MAX_HEADLINE, firstOf, inlineText, resolveHref, urlText } from "../xml/query";
import { xmlText } from "../xml/text";

/** One `<url>` or `<sitemap>` entry. */
export interface SitemapEntry {
  url: string;
  lastmod?: Date;
  newsTitle?: string;
  newsPublishedAt?: Date;
}

/** A parsed sitemap: a list of article URLs (`urlset`) or of further sitemaps (`index`). */
export interface Sitemap {
  kind: "urlset" | "index";
  entries: SitemapEntry[];
}

/** The entry element each sitemap root holds (sitemaps.org protocol). */
const ENTRY_OF: Readonly<Record<string, string>> = { urlset: "url", sitemapindex: "sitemap" };

/** Parts of an entry we never use, left unread: images, videos, hreflang alternates, publication names. */
const UNREAD = new Set(["image", "video", "link", "publication", "keywords", "stock_tickers", "genres", "changefreq", "priority"]);

/**
 * The entries of a sitemap or sitemap index, one per URL (first wins); an empty urlset if
 * unreadable. `options.timeZone` (the outlet's) reads dates written without a zone.
 */
export function parseSitemap(body: Uint8Array | string, url: string, contentType?: string, options: DateOptions = {}): Sitemap {
  try {
    const bytes = typeof body === "string" ? body : inflateIfGzip(body);
    if (bytes === undefined) return { kind: "urlset", entries: [] };
    const text = xmlText(bytes, contentType);
    if (isPlainText(text)) return plainTextSitemap(text, url);
    const entries: SitemapEntry[] = [];
    const seen = new Set<string>();
    const { root } = readRecords(text, {
      // Entries are the root's children; <loc> inside image:image or video:video is not one.
      isRecord: (local, depth) => depth === 1 && (local === "url" || local === "sitemap"),
      skip: UNREAD,
      onRecord(record, rootName) {
        if (ENTRY_OF[rootName] !== record.local) return; // a <sitemap> in a urlset, or a root that is no sitemap
        const entry = sitemapEntry(record, url, rootName === "urlset", options);
        if (!entry || seen.has(entry.url)) return;
        seen.add(entry.url);
        entries.push(entry);
      },
    });
    return { kind: root === "sitemapindex" ? "index" : "urlset", entries };
  } catch {
    return { kind: "urlset", entries: [] };
  }
}

/** Article URLs are canonical (EXT-5); sitemap URLs in an index are only resolved, since we fetch them as given. */
function sitemapEntry(record: XmlElement, sitemapUrl: string, canonical: boolean, dates: DateOptions): SitemapEntry | undefined {
  const loc = childByLocal(record, "loc");
  // `<sitemap>https://…/a.xml</sitemap>`: some generators write the URL as the entry's text.
  const bare = loc === undefined && record.children.length === 0 && ABSOLUTE_HTTP.test(urlText(record.text)) ? record : undefined;
  const source = loc ?? bare;
  const url = source ? resolveHref(urlText(source.text), sitemapUrl, source.bases, canonical) : undefined;
  if (!url) return undefined;
  const entry: SitemapEntry = { url };
  const lastmod = parseFeedDate(childByLocal(record, "lastmod")?.text, dates);
  if (lastmod) entry.lastmod = lastmod;
  const news = firstOf(record, "news:news");
  if (news) {
    const title = inlineText(firstOf(news, "news:title")?.text ?? "");
    if (title && title.length <= MAX_HEADLINE) entry.newsTitle = title;
    const published = parseFeedDate(firstOf(news, "news:publication_date")?.text, dates);
    if (published) entry.newsPublishedAt = published;
  }
  return entry;
}

const ABSOLUTE_HTTP = /^https?:\/\/\S+$/i;

/** A text sitemap (sitemaps.org "Text file"): no markup, one URL per line. */
function isPlainText(text: string): boolean {
  const start = text.trimStart();
  return start !== "" && !start.startsWith("<") && ABSOLUTE_HTTP.test(start.split(/\r?\n/, 1)[0]!.trim());
}

/** The URLs of a text sitemap, canonical, one per line; lines that are not absolute http(s) URLs are skipped. */
function plainTextSitemap(text: string, sitemapUrl: string): Sitemap {
  const entries: SitemapEntry[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const candidate = line.trim();
    if (!ABSOLUTE_HTTP.test(candidate)) continue;
    const url = resolveHref(candidate, sitemapUrl, [], true);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    entries.push({ url });
  }
  return { kind: "urlset", entries };
}

/** A sitemap-protocol child by local name, whatever prefix it has; extension elements (news:, image:) excluded. */
function childByLocal(record: XmlElement, local: string): XmlElement | undefined {
  return record.children.find((c) => c.local === local && !/^(?:news|image|video|xhtml):/.test(c.key));
}
