/** Small queries over record trees, shared by the feed and sitemap readers (SPEC EXT-1, EXT-2). */
import { canonicalUrl } from "../../../lib/urls";
import type { XmlElement } from "./xml";
import { decodeEntities } from "./entities";

/** Children with one of these canonical keys, in document order. */
export function childrenOf(element: XmlElement, ...keys: string[]): XmlElement[] {
  return element.children.filter((c) => keys.includes(c.key));
}

/** The first child with the first key that has one, in the order the keys are given (precedence). */
export function firstOf(element: XmlElement, ...keys: string[]): XmlElement | undefined {
  for (const key of keys) {
    const found = element.children.find((c) => c.key === key);
    if (found) return found;
  }
  return undefined;
}

/** Longer "headlines" are ledes in the wrong element: dropped, not stored (SPEC STO-3). */
export const MAX_HEADLINE = 400;

// Block-level tags stand for a space; inline ones (<em>, <a>) join their text to the words around.
const TAG = /<!--[\s\S]*?-->|<\/?[A-Za-z][^<>]*>/g;
const BLOCK_TAG = /^<\/?(?:br|p|div|li|h[1-6]|td|tr|ul|ol)\b/i;
// Format characters (soft hyphen, zero-width space, BOM) vanish; control characters too, once blanks are collapsed.
const FORMAT = /\p{Cf}/gu;
const CONTROL = /\p{Cc}/gu;

/** Headline-like text: HTML tags stripped, entities decoded (again, for HTML escaped inside XML), whitespace collapsed. */
export function inlineText(raw: string): string {
  const once = stripTags(raw);
  const decoded = decodeEntities(once);
  const text = decoded === once ? decoded : stripTags(decoded);
  return text.replace(FORMAT, "").replace(/\s+/g, " ").replace(CONTROL, "").trim();
}

function stripTags(text: string): string {
  return text.includes("<") ? text.replace(TAG, (tag) => (BLOCK_TAG.test(tag) ? " " : "")) : text;
}

/** A URL as written in element text: line breaks and surrounding blanks from pretty-printing removed. */
export function urlText(raw: string): string {
  return raw.replace(/[\r\n\t]+/g, "").trim();
}

/** The absolute http(s) URL of `href` against the document URL and the `xml:base` chain; canonical (EXT-5) if asked. */
export function resolveHref(href: string, documentUrl: string, bases: readonly string[], canonical: boolean): string | undefined {
  if (!href) return undefined;
  try {
    // A bad xml:base is skipped rather than losing the entry; a bad document URL leaves absolute links only.
    const start = URL.canParse(documentUrl) ? documentUrl : undefined;
    const base = bases.reduce((acc, b) => (URL.canParse(urlText(b), acc) ? new URL(urlText(b), acc).href : acc), start);
    const url = canonical ? canonicalUrl(href, base) : new URL(href, base).href;
    return /^https?:\/\//i.test(url) ? url : undefined;
  } catch {
    return undefined; // an unparsable link or base: the entry is skipped, not the document
  }
}
