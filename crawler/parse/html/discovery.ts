/**
 * Source discovery (SPEC CFG-2): the feeds a home page announces with
 * `<link rel="alternate" type="application/rss+xml | application/atom+xml">`. Only the
 * `<head>` is parsed. What is found is proposed to the operator, never silently polled.
 */
import { tryCanonicalUrl } from "../../../lib/urls";
import { decodeHtml, documentBase, parseHtmlDocument } from "./document";

const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json"]);

/** Absolute URLs of the feeds a page links to in its head, in document order, without duplicates. */
export function discoverFeeds(html: Uint8Array | string, pageUrl: string, contentType?: string): string[] {
  try {
    const text = decodeHtml(html, contentType);
    const end = text.search(/<\/head\s*>/i);
    const doc = parseHtmlDocument(end >= 0 ? `${text.slice(0, end)}</head><body></body></html>` : text.slice(0, 256 * 1024));
    const base = documentBase(doc, pageUrl);
    const found: string[] = [];
    for (const link of doc.querySelectorAll("link[href]")) {
      const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
      const type = (link.getAttribute("type") ?? "").toLowerCase().split(";")[0]!.trim();
      if (!rel.includes("alternate") || !FEED_TYPES.has(type)) continue;
      const url = tryCanonicalUrl(link.getAttribute("href") ?? "", base);
      if (url && /^https?:/.test(url) && !found.includes(url)) found.push(url);
    }
    return found;
  } catch {
    return [];
  }
}
