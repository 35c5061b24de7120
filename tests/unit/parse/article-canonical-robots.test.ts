/**
 * Two real-web cases decided (docs/real-web.md): a syndicated copy whose rel=canonical names
 * another outlet's URL keeps its own URL as identity (SPEC EXT-5: a canonical is preferred
 * only when it stays on the outlet's site), and robots directives addressed to Googlebot
 * only are recorded, prefixed, but are not ours (SPEC SIG-3).
 */
import { describe, expect, it } from "vitest";
import { extractArticle } from "@/crawler/parse/article/article";

const URL_A = "https://www.diarioa.es/sociedad/2025-03-10/copia-de-agencia.html";
const page = (head: string) =>
  `<!doctype html><html><head>${head}<script type="application/ld+json">{"@type":"NewsArticle","headline":"Titular de agencia"}</script></head>` +
  `<body><article><p>${"Texto de la noticia distribuida por la agencia a varios diarios del grupo. ".repeat(8)}</p></article></body></html>`;

describe("cross-site canonicals (SPEC EXT-5)", () => {
  it("EXT-5: a syndicated copy naming another outlet's URL keeps its own URL", () => {
    const a = extractArticle(page('<link rel="canonical" href="https://www.diariob.es/sociedad/2025-03-10/original.html">'), URL_A);
    expect(a.canonicalUrl).toBe(URL_A);
    expect(a.headline).toBe("Titular de agencia");
  });

  it("EXT-5: an og:url on another site is not followed either; a same-site canonical (another host) is", () => {
    expect(extractArticle(page('<meta property="og:url" content="https://agencia.example/noticia/123">'), URL_A).canonicalUrl).toBe(URL_A);
    expect(
      extractArticle(page('<link rel="canonical" href="https://amp.diarioa.es/sociedad/original.html?utm_source=x">'), URL_A).canonicalUrl,
    ).toBe("https://amp.diarioa.es/sociedad/original.html");
  });
});

describe("Googlebot-only meta robots (SPEC SIG-3)", () => {
  it("SIG-3: directives for Googlebot are recorded with its name and do not apply to us", () => {
    const a = extractArticle(
      page('<meta name="robots" content="index, follow"><meta name="Googlebot" content="noindex, nofollow, noarchive">'),
      URL_A,
    );
    expect(a.robots).toEqual(["index", "follow", "googlebot:noindex", "googlebot:nofollow", "googlebot:noarchive"]);
    expect(a.robots).not.toContain("noindex");
    expect(a.body).toBeDefined();
  });

  it("SIG-3: directives apart by blanks only are read one by one, for Googlebot and for us (El Comercio's `index follow`)", () => {
    const a = extractArticle(
      page('<meta name="robots" content="noindex nofollow, max-snippet: -1"><meta name="GOOGLEBOT" content="index follow">'),
      URL_A,
    );
    expect(a.robots.sort()).toEqual(["googlebot:follow", "googlebot:index", "max-snippet:-1", "nofollow", "noindex"]);
    expect(a.body).toBeDefined();
    const dated = extractArticle(page('<meta name="robots" content="index, unavailable_after: 2025-04-27 00:00:00 CET">'), URL_A);
    expect(dated.robots).toEqual(["index", "unavailable_after:2025-04-27 00:00:00 CET"]);
  });

  it("SIG-3: a page with Googlebot-News directives only has no directive of ours; ours and robots are plain", () => {
    expect(extractArticle(page('<meta name="googlebot-news" content="noindex">'), URL_A).robots).toEqual(["googlebot-news:noindex"]);
    expect(
      extractArticle(page('<meta name="HemeroscopioBot" content="noai"><meta name="robots" content="noarchive">'), URL_A).robots.sort(),
    ).toEqual(["noai", "noarchive"]);
  });
});
