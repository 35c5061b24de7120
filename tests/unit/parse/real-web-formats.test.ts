/**
 * Feed and sitemap forms seen on real sites (SPEC EXT-1, EXT-2): feeds served as gzip files,
 * Portuguese and Spanish dates, dates without a zone, sitemap indexes whose entries are bare
 * text, text sitemaps, and escaped markup inside `news:title`.
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseFeedDate } from "@/crawler/parse/dates";
import { parseFeed } from "@/crawler/parse/feed/feed";
import { parseSitemap } from "@/crawler/parse/sitemap/sitemap";

const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Portada</title>${items}</channel></rss>`;
const item = (slug: string, date: string) =>
  `<item><title>Titular ${slug}</title><link>https://www.diarioejemplo.es/espana/2025-03-10/${slug}.html</link><pubDate>${date}</pubDate></item>`;
const iso = (d: Date | undefined) => d?.toISOString();

describe("feeds served as gzip files (SPEC EXT-1)", () => {
  it("EXT-1: an .rss.gz body (gzip magic, application/gzip, no Content-Encoding) is inflated", () => {
    const body = gzipSync(
      Buffer.from(rss(item("uno", "Mon, 10 Mar 2025 10:00:00 +0100") + item("dos", "Mon, 10 Mar 2025 11:00:00 +0100"))),
    );
    const items = parseFeed(new Uint8Array(body), "https://www.diarioejemplo.es/rss/portada.rss.gz", "application/gzip");
    expect(items.map((i) => i.title)).toEqual(["Titular uno", "Titular dos"]);
    expect(iso(items[0]?.publishedAt)).toBe("2025-03-10T09:00:00.000Z");
  });

  it("EXT-1, SEC-4: a broken gzip file is an empty feed, not an exception", () => {
    expect(parseFeed(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xff]), "https://www.diarioejemplo.es/rss.gz")).toEqual([]);
  });
});

describe("dates in localised and non-RFC forms (SPEC EXT-1)", () => {
  it.each<[string, string | undefined]>([
    ["Seg, 10 Fev 2025 10:00:00 -0300", "2025-02-10T13:00:00.000Z"],
    ["segunda-feira, 10 de março de 2025 10:00:00 -0300", "2025-03-10T13:00:00.000Z"],
    ["qua, 12 fev 2025 08:00:00 GMT", "2025-02-12T08:00:00.000Z"],
    ["2 out 2024 10:00 -0300", "2024-10-02T13:00:00.000Z"],
    ["15 Dez 2024 10:00:00 +0000", "2024-12-15T10:00:00.000Z"],
    ["Sáb, 15 Mar 2025 08:00:00 +0100", "2025-03-15T07:00:00.000Z"],
    ["lunes, 10 de marzo de 2025, 10:00 h", "2025-03-10T10:00:00.000Z"],
    ["Mié, 12 Feb 2025 10:00:00 +0100", "2025-02-12T09:00:00.000Z"],
    // No zone: read as UTC, never guessed, never "now".
    ["2025-03-10 10:00:00", "2025-03-10T10:00:00.000Z"],
    ["Mon, 10 Mar 2025 10:00:00", "2025-03-10T10:00:00.000Z"],
    // Day-first numeric dates are ambiguous (10 March or 3 October): unknown.
    ["10/03/2025 10:00", undefined],
    ["10.03.2025 10:00", undefined],
  ])("EXT-1: %j", (text, expected) => {
    expect(iso(parseFeedDate(text))).toBe(expected);
  });

  it("EXT-1: a Brazilian feed's pubDate reaches the item", () => {
    const items = parseFeed(rss(item("tres", "Ter, 11 Fev 2025 08:00:00 -0300")), "https://www.diarioejemplo.es/rss");
    expect(iso(items[0]?.publishedAt)).toBe("2025-02-11T11:00:00.000Z");
  });
});

describe("sitemaps as real sites write them (SPEC EXT-2)", () => {
  it("EXT-2: index entries written as bare text are read, alongside <loc> ones", () => {
    const index = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>https://www.diarioejemplo.es/sitemap-1.xml</sitemap><sitemap>
      https://www.diarioejemplo.es/sitemap-2.xml.gz </sitemap><sitemap><loc>https://www.diarioejemplo.es/sitemap-3.xml</loc></sitemap><sitemap>no es una URL</sitemap></sitemapindex>`;
    const map = parseSitemap(index, "https://www.diarioejemplo.es/sitemap.xml");
    expect(map.kind).toBe("index");
    expect(map.entries.map((e) => e.url)).toEqual(
      [1, "2.xml.gz", 3].map((n) => `https://www.diarioejemplo.es/sitemap-${typeof n === "number" ? `${n}.xml` : n}`),
    );
  });

  it("EXT-2: a text sitemap (one URL per line) is a urlset of canonical URLs", () => {
    const text =
      "https://www.diarioejemplo.es/espana/2025-03-10/uno.html\r\n\nhttps://www.diarioejemplo.es/espana/2025-03-10/dos.html?utm_source=x\n# comentario\nhttps://www.diarioejemplo.es/espana/2025-03-10/uno.html\n";
    const map = parseSitemap(new TextEncoder().encode(text), "https://www.diarioejemplo.es/sitemap.txt", "text/plain");
    expect(map).toEqual({
      kind: "urlset",
      entries: [
        { url: "https://www.diarioejemplo.es/espana/2025-03-10/uno.html" },
        { url: "https://www.diarioejemplo.es/espana/2025-03-10/dos.html" },
      ],
    });
    expect(parseSitemap("<html><body>Not found</body></html>", "https://www.diarioejemplo.es/sitemap.txt").entries).toEqual([]);
  });

  it("EXT-2: escaped markup inside news:title is not part of the headline", () => {
    const news = (title: string) =>
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>https://www.diarioejemplo.es/espana/2025-03-10/uno.html</loc><news:news><news:title>${title}</news:title></news:news></url></urlset>`;
    const title = (t: string) => parseSitemap(news(t), "https://www.diarioejemplo.es/news.xml").entries[0]?.newsTitle;
    expect(title("&lt;b&gt;Última hora&lt;/b&gt;: el Gobierno &amp;amp; los socios")).toBe("Última hora: el Gobierno & los socios");
    expect(title("<![CDATA[<strong>Directo</strong> | La sesión de control]]>")).toBe("Directo | La sesión de control");
  });
});
