/**
 * Bytes → DOM for the HTML parsers (SPEC EXT-3, EXT-4): the charset is found as a browser
 * would (BOM, Content-Type, then valid UTF-8 over a `<meta charset>` that contradicts the
 * bytes; EXT-1 windows-1252 rules; `htmlCharset`) and the text is
 * parsed with linkedom. Parsers are pure functions of bytes (docs/style.md §3).
 */
import { parseHTML } from "linkedom";
import { decodeText, htmlCharset } from "../../fetch/bytes/charset";
import { limitAttributes } from "./attributes";
import { limitNesting, MAX_DEPTH, MAX_DOM_DEPTH } from "./depth";

/** HTML bytes or text as text, decoded with the declared or sniffed charset. */
export function decodeHtml(html: Uint8Array | string, contentType?: string): string {
  if (typeof html === "string") return html.replace(/^\uFEFF/, "");
  return decodeText(html, htmlCharset(contentType, html));
}

/**
 * The text the HTML parsers parse: decoded, cut at hostile nesting and attribute lists (SEC-4), and wrapped in
 * `<html>` when it is a fragment. linkedom (htmlparser2) does not build the implied
 * html/head/body elements of the HTML tree-construction algorithm, and Readability needs a body.
 */
export function htmlForParsing(html: Uint8Array | string, contentType?: string, maxDepth = MAX_DEPTH): string {
  const text = limitNesting(limitAttributes(decodeHtml(html, contentType)), maxDepth);
  if (/<html[\s>]/i.test(text)) return text;
  return /<body[\s>]/i.test(text) ? `<html>${text}</html>` : `<html><head></head><body>${text}</body></html>`;
}

/** A linkedom document for the page; fragments are wrapped so `body` and `head` exist. */
export function parseHtmlDocument(html: Uint8Array | string, contentType?: string): Document {
  const text = htmlForParsing(html, contentType, MAX_DOM_DEPTH);
  return withRoot(parseHTML(text).document, text);
}

// htmlparser2 reads `<![CDATA[` up to `]]>` even in HTML, where it is a bogus comment ending
// at the first `>`: a stray one can swallow the whole page into one node and leave no root
// element, which crashed the readers (SEC-4, found by tests/fuzz/frontpage). Such a page is
// parsed again as HTML reads it, and is empty if that still gives no root.
function withRoot(doc: Document, text: string): Document {
  if (doc.documentElement) return doc;
  const again = parseHTML(text.replace(/<!\[CDATA\[[^>]*>?/g, "")).document;
  return again.documentElement ? again : parseHTML("<html><head></head><body></body></html>").document;
}

/** The document's base URL: `<base href>` resolved against the page URL, else the page URL. */
export function documentBase(doc: Document, pageUrl: string): string {
  return resolveBase(doc.querySelector("base[href]")?.getAttribute("href") ?? undefined, pageUrl);
}

/** The base URL a `<base href>` value gives (undefined: no such element): http(s) only, else the page URL. */
export function resolveBase(baseHref: string | undefined, pageUrl: string): string {
  const href = baseHref?.trim();
  if (!href) return pageUrl;
  try {
    const base = new URL(href, pageUrl);
    return base.protocol === "http:" || base.protocol === "https:" ? base.href : pageUrl;
  } catch {
    return pageUrl;
  }
}
