/**
 * The links of a page that look like its legal notice ("aviso legal", "avís legal", "nota legal",
 * "legal"), for `npm run outlets -- check` to propose when an outlet's legal notice is missing
 * or gone. Pure: bytes in, absolute URLs out, in document order, same site only.
 */
import { tryCanonicalUrl } from "../../../lib/urls";
import { siteOf } from "../../../lib/registrable-domain";
import { decodeHtml, documentBase, parseHtmlDocument } from "./document";

// The link's text or its path; "aviso legal" first, so the best candidate leads.
const STRONG = /aviso[\s_-]*legal|avisolegal|av[ií]s[\s_-]*legal|nota[\s_-]*legal|legal[\s_-]*notice/i;
const WEAK = /(^|[/_-])legal([/_.-]|$)/i;

/** Absolute URLs of the page's legal-notice links, the likeliest first, without duplicates. */
export function findLegalLinks(html: Uint8Array | string, pageUrl: string, contentType?: string): string[] {
  try {
    const doc = parseHtmlDocument(decodeHtml(html, contentType));
    const base = documentBase(doc, pageUrl);
    const site = siteOf(new URL(pageUrl).hostname);
    const strong: string[] = [];
    const weak: string[] = [];
    for (const a of doc.querySelectorAll("a[href]")) {
      const url = tryCanonicalUrl(a.getAttribute("href") ?? "", base);
      if (!url || !/^https?:/.test(url) || siteOf(new URL(url).hostname) !== site) continue;
      const text = (a.textContent ?? "").trim();
      const path = new URL(url).pathname;
      const list = STRONG.test(text) || STRONG.test(path) ? strong : WEAK.test(path) ? weak : undefined;
      if (list && !list.includes(url)) list.push(url);
    }
    return [...strong, ...weak.filter((u) => !strong.includes(u))];
  } catch {
    return [];
  }
}
