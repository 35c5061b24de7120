import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { parseSitemap, type Sitemap } from "@/crawler/parse/sitemap/sitemap";
import { sitemapFixture } from "./fixtures/sitemaps";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const at = (iso: string) => new Date(iso);
const DIARIO = "https://www.diarioprueba.test";
const EMPTY: Sitemap = { kind: "urlset", entries: [] };

const NEWS: Sitemap = {
  kind: "urlset",
  entries: [
    {
      url: `${DIARIO}/espana/2025-03-10/el-gobierno-aprueba-la-ley-de-vivienda.html`,
      lastmod: at("2025-03-10T08:40:00Z"),
      newsTitle: "El Gobierno aprueba la ley de vivienda tras un debate de doce horas",
      newsPublishedAt: at("2025-03-10T08:15:00Z"),
    },
    {
      url: `${DIARIO}/economia/2025-03-10/ipc.html?id=7&edicion=es`,
      newsTitle: "La subida del «IPC» se modera al 2,8 % & el paro baja",
      newsPublishedAt: at("2025-03-10T08:05:00Z"),
    },
    {
      url: `${DIARIO}/deportes/2025-03-10/el-real-madrid-remonta.html`,
      lastmod: at("2025-03-10T00:00:00Z"),
      newsTitle: "El Real Madrid remonta en Mestalla y se acerca al líder",
    },
    { url: `${DIARIO}/hemeroteca/`, lastmod: at("2025-03-09T23:00:00Z") },
  ],
};

const GACETA = "https://www.gacetasur.test";

describe("parseSitemap documents", () => {
  it.each<[string, string, string, Sitemap]>([
    [
      "a Google News urlset: news:title and news:publication_date, lastmod, &amp; and stray whitespace in <loc>, image:loc ignored",
      "news.xml",
      `${DIARIO}/sitemaps/news.xml`,
      NEWS,
    ],
    [
      "a sitemapindex: relative locs resolved, non-http and loc-less entries skipped",
      "index.xml",
      `${DIARIO}/sitemaps/index.xml`,
      {
        kind: "index",
        entries: [
          { url: "https://cdn.diarioprueba.test/sitemaps/news.xml", lastmod: at("2025-03-10T08:40:00Z") },
          { url: "https://cdn.diarioprueba.test/sitemaps/2025-03.xml.gz", lastmod: at("2025-03-10T00:00:00Z") },
          { url: `${DIARIO}/sitemaps/secciones.xml?utm_source=cms` },
        ],
      },
    ],
    [
      "prefixed namespaces (<ns0:url>, <n:news>) read like the plain ones",
      "prefixed.xml",
      `${GACETA}/sitemap-news.xml`,
      {
        kind: "urlset",
        entries: [
          {
            url: `${GACETA}/andalucia/2025/03/10/sequia-guadalquivir.html`,
            lastmod: at("2025-03-10T06:35:00Z"),
            newsTitle: "La sequía obliga a restringir el riego en la cuenca del Guadalquivir",
            newsPublishedAt: at("2025-03-10T06:30:00Z"),
          },
          { url: `${GACETA}/cultura/2025/03/10/cartel-feria.html`, lastmod: at("2025-03-10T08:00:00Z") },
        ],
      },
    ],
    [
      "invalid entries are skipped, bad dates stay unknown, duplicates (same canonical URL) count once",
      "invalid-entries.xml",
      "https://www.vozaragon.test/sitemap.xml",
      {
        kind: "urlset",
        entries: [
          { url: "https://www.vozaragon.test/zaragoza/2025/03/10/tranvia-linea-2.html" },
          { url: "https://www.vozaragon.test/huesca/2025/03/10/nieve.html" },
        ],
      },
    ],
  ])("EXT-2: %s", (_name, file, url, expected) => {
    expect(parseSitemap(sitemapFixture(file), url, "application/xml")).toEqual(expected);
  });

  it("EXT-2: a gzipped sitemap given as bytes is inflated", () => {
    const gz = zlib.gzipSync(sitemapFixture("news.xml"));
    expect(parseSitemap(new Uint8Array(gz), `${DIARIO}/sitemaps/news.xml.gz`, "application/x-gzip")).toEqual(NEWS);
  });

  it("EXT-2: a cut gzip stream still yields the entries before the cut", () => {
    const gz = zlib.gzipSync(sitemapFixture("news.xml"));
    const entries = parseSitemap(gz.subarray(0, Math.floor(gz.length * 0.7)), `${DIARIO}/sitemaps/news.xml.gz`).entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries).toEqual(NEWS.entries.slice(0, entries.length));
  });

  it("POL-5: a gzip bomb past 50 MiB gives an empty urlset", () => {
    const bomb = zlib.gzipSync(Buffer.alloc(51 * 1024 * 1024, "<url>"));
    expect(parseSitemap(bomb, `${DIARIO}/sitemap.xml.gz`)).toEqual(EMPTY);
  });

  it.each([0.2, 0.5, 0.8])("EXT-2: a sitemap cut at %f of its bytes yields a prefix of its entries", (share) => {
    const bytes = sitemapFixture("news.xml");
    const { entries } = parseSitemap(bytes.subarray(0, Math.floor(bytes.length * share)), `${DIARIO}/sitemaps/news.xml`);
    expect(entries).toEqual(NEWS.entries.slice(0, entries.length));
  });

  it("EXT-2: a string body gives the same entries as bytes", () => {
    const text = new TextDecoder().decode(sitemapFixture("news.xml"));
    expect(parseSitemap(text, `${DIARIO}/sitemaps/news.xml`)).toEqual(NEWS);
  });

  it.each([
    ["an empty sitemapindex", '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'],
    ["a sitemapindex holding <url> entries", "<sitemapindex><url><loc>https://a.test/1</loc></url></sitemapindex>"],
  ])("EXT-2: %s is an index without entries", (_name, xml) => {
    expect(parseSitemap(xml, DIARIO)).toEqual({ kind: "index", entries: [] });
  });

  it("EXT-2: a windows-1252 news title declared as UTF-8 keeps its accents", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>${DIARIO}/a</loc><news:news><news:title>Cádiz</news:title></news:news></url></urlset>`;
    const bytes = Uint8Array.from(xml, (c) => c.charCodeAt(0)); // Latin-1 = windows-1252 for these characters
    expect(parseSitemap(bytes, DIARIO).entries[0]?.newsTitle).toBe("Cádiz");
  });
});

describe("parseSitemap on bad input (SEC-4)", () => {
  it.each<[string, Uint8Array | string]>([
    ["an empty body", new Uint8Array(0)],
    ["an HTML error page", "<!doctype html><html><body><h1>404</h1><a href='/'>Portada</a></body></html>"],
    ["an RSS feed", "<rss><channel><item><link>https://a.test/1</link></item></channel></rss>"],
    ["plain text", "User-agent: *\nDisallow: /"],
    ["random bytes", Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256)],
    ["a gzip header and garbage", Uint8Array.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7])],
    ["an unknown root with url children", "<feed><url><loc>https://a.test/1</loc></url></feed>"],
  ])("SEC-4: %s gives an empty urlset", (_name, body) => {
    expect(parseSitemap(body, "https://a.test/sitemap.xml")).toEqual(EMPTY);
  });

  it("SEC-4: billion-laughs in a sitemap are not expanded", () => {
    const lol = `<!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>`;
    const xml = `${lol}<urlset><url><loc>${DIARIO}/&c;</loc></url></urlset>`;
    expect(parseSitemap(xml, DIARIO).entries.map((e) => e.url)).toEqual([`${DIARIO}/&c;`]);
  });

  it("EXT-2: at most 50,000 entries are read, the sitemaps.org limit per file", () => {
    const xml = `<urlset>${Array.from({ length: 60_000 }, (_, i) => `<url><loc>${DIARIO}/n/${i}</loc></url>`).join("")}</urlset>`;
    const { entries } = parseSitemap(xml, DIARIO);
    expect(entries.length).toBe(50_000);
    expect(entries.at(-1)?.url).toBe(`${DIARIO}/n/49999`);
  });

  it("EXT-2: a 5 MB news sitemap parses in well under a second", () => {
    const url = (i: number) =>
      `<url><loc>${DIARIO}/espana/2025-03-10/noticia-${i}.html</loc><lastmod>2025-03-10T09:00:00+01:00</lastmod>` +
      `<news:news><news:publication><news:name>El Diario de Prueba</news:name><news:language>es</news:language></news:publication>` +
      `<news:publication_date>2025-03-10T09:00:00+01:00</news:publication_date><news:title>Titular ${i}</news:title></news:news></url>\n`;
    const count = Math.ceil(5_000_000 / url(0).length);
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">${Array.from({ length: count }, (_, i) => url(i)).join("")}</urlset>`;
    const body = new TextEncoder().encode(xml);
    // Its speed is measured by `npm run bench` (parse.bench.ts), not here.
    const { entries } = parseSitemap(body, DIARIO);
    expect(entries.length).toBe(count);
  });
});
