/** Google News sitemap (`news:news`) and the sitemap index that points to it (SPEC EXT-2). */
import type { SimOutlet } from "../outlets";
import { esc, isoDate } from "./format";

/** One news sitemap entry. */
export interface NewsEntry {
  url: string;
  title: string;
  publishedAt: number;
  modifiedAt: number;
}

/** A `urlset` with the Google News extension. */
export function renderNewsSitemap(outlet: SimOutlet, entries: readonly NewsEntry[]): string {
  const tz = outlet.localTimes ? outlet.timezone : undefined;
  const urls = entries.map((e) =>
    [
      "  <url>",
      `    <loc>${esc(e.url)}</loc>`,
      `    <lastmod>${isoDate(e.modifiedAt, tz)}</lastmod>`,
      "    <news:news>",
      "      <news:publication>",
      `        <news:name>${esc(outlet.name)}</news:name>`,
      "        <news:language>es</news:language>",
      "      </news:publication>",
      `      <news:publication_date>${isoDate(e.publishedAt, tz)}</news:publication_date>`,
      `      <news:title>${esc(e.title)}</news:title>`,
      "    </news:news>",
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** A `sitemapindex` listing the given sitemaps. */
export function renderSitemapIndex(sitemaps: readonly { url: string; lastmod: number }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps.map((s) => `  <sitemap>\n    <loc>${esc(s.url)}</loc>\n    <lastmod>${isoDate(s.lastmod)}</lastmod>\n  </sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}
