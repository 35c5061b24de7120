/**
 * `<head>` metadata of an article page (SPEC EXT-4 fallbacks, SIG-1, SIG-3): meta tags
 * by `name`, `property` or `itemprop`, the canonical link, and the `<title>`.
 */
import type { MetaTag } from "../../politeness/tdmrep";
import { parseDeclaredDate } from "./dates";
import type { DateOptions } from "../zoned-time";
import { collapseWhitespace } from "../html/text";

/** Metadata from Open Graph and plain meta tags, used where JSON-LD is silent. */
export interface MetaFallbacks {
  headline?: string;
  publishedAt?: Date;
  modifiedAt?: Date;
  section?: string;
  authors: string[];
}

/** Every `<meta>` with content, keyed by its `name`, `property` and `itemprop` (lower-cased). */
export function readMetaTags(doc: Document): MetaTag[] {
  const tags: MetaTag[] = [];
  for (const meta of doc.querySelectorAll("meta[content]")) {
    const content = meta.getAttribute("content") ?? "";
    for (const attr of ["name", "property", "itemprop"]) {
      const name = meta.getAttribute(attr)?.trim().toLowerCase();
      if (name) tags.push({ name, content });
    }
  }
  return tags;
}

/** The trimmed, non-empty contents of the meta tags called `name`, in document order. */
export function metaValues(tags: readonly MetaTag[], name: string): string[] {
  return tags
    .filter((t) => t.name === name)
    .map((t) => collapseWhitespace(t.content))
    .filter(Boolean);
}

function firstMeta(tags: readonly MetaTag[], ...names: string[]): string | undefined {
  for (const name of names) {
    const value = metaValues(tags, name)[0];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The `href` of `<link rel="canonical">` (rel is a token list), if any. */
export function canonicalHref(doc: Document): string | undefined {
  for (const link of doc.querySelectorAll("link[rel][href]")) {
    const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    const href = link.getAttribute("href")?.trim();
    if (rel.includes("canonical") && href) return href;
  }
  return undefined;
}

// "Titular | EL PAÍS" → "Titular" when the suffix is the site's declared name.
function titleWithoutSite(title: string, siteName: string | undefined): string {
  if (siteName === undefined) return title;
  const m = /^(.+?)\s+[|\-–—·:]\s+(.+)$/.exec(title);
  return m?.[1] && m[2]?.toLowerCase() === siteName.toLowerCase() ? m[1] : title;
}

/** EXT-4: Open Graph / meta / `<title>` values for the fields JSON-LD may lack. */
export function metaFallbacks(
  doc: Document,
  tags: readonly MetaTag[],
  clean: (s: string) => string,
  dates: DateOptions = {},
): MetaFallbacks {
  const title = collapseWhitespace(doc.querySelector("title")?.textContent ?? "");
  const headline =
    firstMeta(tags, "og:title", "twitter:title") ?? (title === "" ? undefined : titleWithoutSite(title, firstMeta(tags, "og:site_name")));
  const publishedAt = parseDeclaredDate(firstMeta(tags, "article:published_time", "datepublished", "date"), dates);
  const modifiedAt = parseDeclaredDate(firstMeta(tags, "article:modified_time", "og:updated_time", "datemodified"), dates);
  const section = firstMeta(tags, "article:section");
  // article:author is often a profile URL (Facebook's convention): only names are bylines.
  const authors = [...metaValues(tags, "article:author"), ...metaValues(tags, "author")]
    .map(clean)
    .filter((a) => a !== "" && !/^https?:\/\//i.test(a));
  return {
    ...(headline === undefined ? {} : { headline: clean(headline) }),
    ...(publishedAt === undefined ? {} : { publishedAt }),
    ...(modifiedAt === undefined ? {} : { modifiedAt }),
    ...(section === undefined ? {} : { section: clean(section) }),
    authors,
  };
}
