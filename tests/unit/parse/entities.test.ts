/**
 * Character references in feeds, sitemaps and JSON-LD (SPEC EXT-1, EXT-4, SEC-4): every named
 * HTML reference is decoded (the `entities` package), numeric ones as HTML reads them, and
 * entities a DOCTYPE declares stay literal.
 */
import { describe, expect, it } from "vitest";
import { parseJsonLoose } from "../../../crawler/parse/article/json-ld";
import { parseFeed } from "../../../crawler/parse/feed/feed";
import { parseSitemap } from "../../../crawler/parse/sitemap/sitemap";
import { decodeEntities } from "../../../crawler/parse/xml/entities";

describe("character references", () => {
  it.each([
    ["Latin-1 names", "Canci&oacute;n en Espa&ntilde;a", "Canción en España"],
    ["names beyond the old table", "&starf; &check; &frac13; &rarrw; &Ccaron;", "★ ✓ ⅓ ↝ Č"],
    ["punctuation", "&laquo;S&iacute;&raquo; &mdash; dijo&hellip;", "«Sí» — dijo…"],
    ["numeric, windows-1252 habit", "1&#150;0 &#x2014; &#8364;", "1–0 — €"],
    ["no character", "a&#0;b&#xD800;c", "a\uFFFDb\uFFFDc"],
    ["unknown names and stray ampersands stay", "&zz; R&D &copy sin punto", "&zz; R&D &copy sin punto"],
    ["decoded once", "&amp;aacute;", "&aacute;"],
  ])("EXT-1: %s", (_, text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });

  it("EXT-4: an entity-escaped JSON-LD block gives its Spanish letters, not their names", () => {
    expect(parseJsonLoose("{&quot;headline&quot;:&quot;La canci&oacute;n del a&ntilde;o &ndash; &iquest;qui&eacute;n?&quot;}")).toEqual({
      headline: "La canción del año – ¿quién?",
    });
  });

  it("EXT-1: a feed title with names XML does not define is read as a reader sees it", () => {
    const [item] = parseFeed(
      `<rss><channel><item><title>El Gobierno aprueba la reforma &lsquo;exprés&rsquo; &bull; &Uacute;ltima hora</title><link>https://www.uno.test/a</link></item></channel></rss>`,
      "https://www.uno.test/rss",
    );
    expect(item?.title).toBe("El Gobierno aprueba la reforma ‘exprés’ • Última hora");
  });

  it("EXT-2: a news sitemap title is decoded the same way", () => {
    const { entries } = parseSitemap(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>https://www.uno.test/a</loc><news:news><news:title>Pedro S&aacute;nchez &amp; el PSOE&#8230;</news:title></news:news></url></urlset>`,
      "https://www.uno.test/sitemap.xml",
    );
    expect(entries[0]?.newsTitle).toBe("Pedro Sánchez & el PSOE…");
  });

  it("SEC-4: an entity a DOCTYPE declares stays literal, even under a standard-looking name", () => {
    const feed = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "lollollol"><!ENTITY ext SYSTEM "file:///etc/passwd">]>
      <rss><channel><item><title>&lol; &ext; y m&aacute;s</title><link>https://www.uno.test/a</link></item></channel></rss>`;
    expect(parseFeed(feed, "https://www.uno.test/rss")[0]?.title).toBe("&lol; &ext; y más");
  });
});
