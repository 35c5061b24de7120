/**
 * Article pages (SPEC EXT-4, EXT-5, SIG-1..3): canonical URL, JSON-LD metadata with Open
 * Graph / meta fallbacks, meta robots and TDM reservation, and the readable body, in
 * memory only, when the article is open and not reserved.
 *
 * Body policy: no body when `isAccessibleForFree` is false (JSON-LD, `hasPart`, WebPage,
 * microdata, `article:content_tier` locked) or, on a page that does not declare itself
 * free, a login/pay wall is in the markup (SIG-2, `isOpenArticle`), or when `<meta name=
 * "tdm-reservation" content="1">` (SIG-1). `noai`/`noimageai` do NOT stop the body: SIG-3
 * makes them "no model annotation" (DER-4), which the caller enforces from `robots`; the
 * numeric wire-copy summary (DER-3) is not model annotation. Header and tdmrep.json
 * reservations are not visible here: the caller combines them with `readSignals`.
 */
import { preferCanonical } from "../../../lib/urls";
import { canonicalHref, metaFallbacks, metaValues, readMetaTags } from "./meta";
import { readableBody } from "./body";
import { isOpenArticle, metaSignals, wallSignals } from "./signals";
import { collapseWhitespace } from "../html/text";
import { parseHtmlDocument } from "../html/document";
import { readJsonLd } from "./json-ld";
import { jsonLdArticle, uniqueNames } from "./json-ld-article";
import type { DateOptions } from "../zoned-time";

/** What an article page declares; `body` is in memory only and never stored (STO-3). */
export interface ArticleData {
  canonicalUrl?: string;
  headline?: string;
  publishedAt?: Date;
  modifiedAt?: Date;
  section?: string;
  authors: string[];
  isAccessibleForFree?: boolean;
  tdmReservation?: boolean;
  robots: string[];
  /** In memory only; undefined when paywalled, walled, reserved or unreadable. */
  body?: string;
  /** The page's description (meta/Open Graph): in memory only, for the story fingerprint (DER-2, STO-3). */
  lede?: string;
}

/** Options beyond the stable contract (`timeZone`: the outlet's, for dates written without one). */
export interface ArticleOptions extends DateOptions {
  /** Our robots product token (ID-1) for `<meta name="…">` addressed to us. @default "HemeroscopioBot" */
  productToken?: string;
}

const MAX_FIELD_CHARS = 1_000;

/** Decodes entities left in JSON-LD/meta values (`&quot;`, `&aacute;`), drops tags, collapses whitespace. */
function cleaner(doc: Document): (text: string) => string {
  const scratch = doc.createElement("div");
  return (text) => {
    let value = text;
    if (/[&<]/.test(value)) {
      scratch.innerHTML = value;
      value = scratch.textContent ?? "";
    }
    return collapseWhitespace(value).slice(0, MAX_FIELD_CHARS);
  };
}

function safeCanonical(url: string, declared: string | undefined): string | undefined {
  try {
    return preferCanonical(url, declared);
  } catch {
    return undefined; // the page URL itself is unparseable
  }
}

function extract(html: Uint8Array | string, url: string, contentType: string | undefined, options: ArticleOptions): ArticleData {
  const doc = parseHtmlDocument(html, contentType);
  const clean = cleaner(doc);
  const tags = readMetaTags(doc);
  const ld = jsonLdArticle(readJsonLd(doc), clean, options);
  const meta = metaFallbacks(doc, tags, clean, options);
  const signals = metaSignals(url, tags, options.productToken);
  const canonicalUrl = safeCanonical(url, canonicalHref(doc) ?? tags.find((t) => t.name === "og:url")?.content);
  const isAccessibleForFree = isOpenArticle(ld?.isAccessibleForFree, wallSignals(doc, tags));
  const headline = ld?.headline ?? meta.headline;
  const publishedAt = ld?.publishedAt ?? meta.publishedAt;
  const modifiedAt = ld?.modifiedAt ?? meta.modifiedAt;
  const section = ld?.section ?? meta.section;
  const authors = ld !== undefined && ld.authors.length > 0 ? ld.authors : uniqueNames(meta.authors);
  // SIG-1, SIG-2: closed or reserved text is never read, even when it is in the HTML.
  const readable = isAccessibleForFree !== false && signals.tdmReservation !== true;
  const body = readable ? readableBody(doc) : undefined;
  const description = ["description", "og:description", "twitter:description"]
    .map((n) => metaValues(tags, n)[0])
    .find((v) => v !== undefined);
  const lede = description === undefined ? "" : clean(description);
  return {
    ...(canonicalUrl === undefined ? {} : { canonicalUrl }),
    ...(headline === undefined ? {} : { headline }),
    ...(publishedAt === undefined ? {} : { publishedAt }),
    ...(modifiedAt === undefined ? {} : { modifiedAt }),
    ...(section === undefined ? {} : { section }),
    authors,
    ...(isAccessibleForFree === undefined ? {} : { isAccessibleForFree }),
    ...(signals.tdmReservation === undefined ? {} : { tdmReservation: signals.tdmReservation }),
    robots: signals.robots,
    ...(body === undefined ? {} : { body }),
    ...(lede === "" ? {} : { lede }),
  };
}

/** EXT-4: an article page's metadata and (when open and not reserved) its body; never throws. */
export function extractArticle(html: Uint8Array | string, url: string, contentType?: string, options: ArticleOptions = {}): ArticleData {
  try {
    return extract(html, url, contentType, options);
  } catch {
    return { authors: [], robots: [] }; // SEC-4: bad input never crashes the worker
  }
}
