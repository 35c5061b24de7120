/**
 * Teaser summaries of a home-page capture, by article URL: a pure function of the page's bytes.
 * The front-page parser keeps headlines only, so the described story set reads each outlet's
 * own summary element (the sentence or two under a teaser's headline) and ties it to the
 * article link of the teaser that holds it.
 */
import { parseHTML } from "linkedom";
import { decodeHtml } from "../../../crawler/parse/html/document";
import { tryCanonicalUrl } from "../../../lib/urls";

/**
 * Each outlet's summary element in its January 2022 markup (read from the captures): one
 * selector per outlet, so a caption, byline or ad text elsewhere never becomes a summary.
 */
export const SUMMARY_SELECTORS: Readonly<Record<string, string>> = {
  "bild.de": ".red-teaser-title__text",
  "faz.net": ".tsr-Base_Content",
  "spiegel.de": "article section span.font-serifUI",
  "sueddeutsche.de": ".sz-teaser__summary",
  "t-online.de": ".Ttst",
  "welt.de": ".o-teaser__intro",
  "zeit.de": "[class*='zon-teaser'][class$='__text']",
};

/** Shorter texts are labels ("Mehr dazu"), not summaries. */
const MIN_SUMMARY_CHARS = 40;

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** URL (canonical, as the front-page parser gives it) → the first summary the page shows for it. */
export function teaserSummaries(bytes: Uint8Array, outlet: string, pageUrl: string): Map<string, string> {
  const selector = SUMMARY_SELECTORS[outlet];
  const found = new Map<string, string>();
  if (selector === undefined) return found;
  const { document } = parseHTML(decodeHtml(bytes));
  for (const element of document.querySelectorAll(selector)) {
    const text = clean(element.textContent ?? "");
    if (text.length < MIN_SUMMARY_CHARS) continue;
    // The teaser's link: the summary's own link, else the first link of the nearest
    // ancestor that holds one (the teaser box around headline and summary).
    let box: Element | null = element;
    let href: string | null = null;
    while (box !== null && href === null) {
      href = box.closest("a")?.getAttribute("href") ?? box.querySelector("a[href]")?.getAttribute("href") ?? null;
      box = box.parentElement;
    }
    const url = href === null ? undefined : tryCanonicalUrl(href, pageUrl);
    if (url !== undefined && !found.has(url)) found.set(url, text);
  }
  return found;
}
