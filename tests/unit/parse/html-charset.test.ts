/**
 * A declared charset contradicted by the bytes (SPEC EXT-1, EXT-4): a page whose `<meta>`
 * says ISO-8859-15 while its bytes are valid UTF-8 is UTF-8 ("sanción", not "sanciÃ³n");
 * the HTTP header, when it names a charset, still wins, as in browsers; real single-byte
 * text keeps its declared charset.
 */
import { describe, expect, it } from "vitest";
import { htmlCharset, isNonAsciiUtf8 } from "@/crawler/fetch/bytes/charset";
import { decodeHtml } from "@/crawler/parse/html/document";
import { extractArticle } from "@/crawler/parse/article/article";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
const HEADLINE = "La sanción del año: España y Cataluña, según el Tribunal";
const doc = (charset: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}"/><title>${HEADLINE}</title>` +
  `<meta property="og:title" content="${HEADLINE}"></head><body><h1>${HEADLINE}</h1>` +
  `<h2><a href="/espana/2025/03/10/67ce2a1bfc6c83d1598b4571.html">${HEADLINE}</a></h2></body></html>`;

describe("declared charset contradicted by the bytes (SPEC EXT-1, EXT-4)", () => {
  it("EXT-1: valid multi-byte UTF-8 under a meta ISO-8859-15 or windows-1252 is read as UTF-8", () => {
    for (const declared of ["iso-8859-15", "ISO-8859-1", "windows-1252"]) {
      const bytes = utf8(doc(declared));
      expect(htmlCharset(undefined, bytes)).toBe("utf-8");
      expect(extractArticle(bytes, "https://www.elmundo.es/espana/2025/03/10/67ce2a1bfc6c83d1598b4571.html").headline).toBe(HEADLINE);
      expect(extractFrontPage(bytes, "https://www.elmundo.es/").links[0]?.headline).toBe(HEADLINE);
    }
  });

  it("EXT-1: an HTTP header charset still wins over the bytes", () => {
    const bytes = utf8(doc("iso-8859-15"));
    expect(htmlCharset("text/html; charset=iso-8859-1", bytes)).toBe("windows-1252");
    expect(decodeHtml(bytes, "text/html; charset=iso-8859-1")).toContain("sanciÃ³n");
    expect(decodeHtml(bytes, "text/html")).toContain("sanción"); // a header without charset says nothing
  });

  it("EXT-1: real ISO-8859-15 bytes keep their meta charset; ASCII-only pages keep theirs too", () => {
    const single = latin(doc("iso-8859-15"));
    expect(isNonAsciiUtf8(single)).toBe(false);
    expect(htmlCharset(undefined, single)).toBe("iso-8859-15");
    expect(extractArticle(single, "https://www.elmundo.es/a/2025/03/10/67ce2a1bfc6c83d1598b4571.html").headline).toBe(HEADLINE);
    expect(htmlCharset(undefined, utf8('<meta charset="iso-8859-15"><p>plain ascii</p>'))).toBe("iso-8859-15");
  });

  it("EXT-1: a BOM wins over everything; a multi-byte sequence cut at the end still counts as UTF-8", () => {
    expect(htmlCharset("text/html; charset=iso-8859-1", Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe("utf-8");
    const cut = utf8(doc("iso-8859-15") + "ñ").slice(0, -1);
    expect(htmlCharset(undefined, cut)).toBe("utf-8");
  });
});
