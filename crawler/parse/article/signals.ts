/**
 * Page-level signals of an article's markup (SPEC SIG-1..3): the TDMRep reservation and
 * robots directives of its `<meta>` tags, and login / pay walls. Response headers
 * (`X-Robots-Tag`, `tdm-reservation`) and tdmrep.json are combined elsewhere, by
 * `readSignals`; JSON-LD `isAccessibleForFree` is read with the rest of the JSON-LD.
 */
import { readSignals } from "../../politeness/signals";
import type { MetaTag } from "../../politeness/tdmrep";
import { metaValues } from "./meta";
import { booleanOf } from "./json-ld-article";

/** Our robots product token (ID-1) when the caller does not pass the configured one. */
export const DEFAULT_PRODUCT_TOKEN = "HemeroscopioBot";

// Directives for other crawlers are kept for transparency but prefixed with the crawler's
// name (X-Robots-Tag syntax), so that `noindex` for Googlebot is not read as ours.
const OTHER_CRAWLERS = ["googlebot", "googlebot-news"];

/** The meta signals of one page. */
export interface MetaSignals {
  /** SIG-3: lower-case, deduplicated; `robots` and our token plain, Googlebot's as `googlebot:<directive>`. */
  robots: string[];
  /** SIG-1: `<meta name="tdm-reservation">` 1 → true, 0 → false, absent or invalid → undefined. */
  tdmReservation?: boolean;
}

/** SIG-1, SIG-3: robots directives and TDM reservation from the page's meta tags. */
export function metaSignals(url: string, tags: readonly MetaTag[], productToken = DEFAULT_PRODUCT_TOKEN): MetaSignals {
  const ours = readSignals({ url, productToken, meta: tags });
  const robots = new Set(ours.robotsDirectives);
  for (const crawler of OTHER_CRAWLERS) {
    if (crawler === productToken.toLowerCase()) continue;
    const theirs = readSignals({ url, productToken: crawler, meta: tags.filter((t) => t.name.trim() === crawler) });
    for (const directive of theirs.robotsDirectives) robots.add(`${crawler}:${directive}`);
  }
  const reservation = ours.tdm.reservation;
  return {
    robots: [...robots],
    ...(reservation === undefined ? {} : { tdmReservation: reservation === 1 }),
  };
}

// SIG-2, POL-3: when a wall is present the body is not read, even if it travels in the HTML.
// Exact classes, ids and attributes of paywall / registration-wall containers (Google's
// paywall markup uses a `.class` selector such as `.paywall`; the rest are common CMS names).
const WALL_SELECTOR = [
  ".paywall", "#paywall", "[data-paywall]", ".registration-wall", "#registration-wall", ".regwall", "#regwall",
  ".login-wall", "#login-wall", ".loginwall", "[data-wall]", ".muro-registro", ".muro-de-pago", ".muro-pago",
  ".muro-suscripcion", ".contenido-bloqueado", ".content-locked", ".subscriber-only", ".solo-suscriptores",
  ".exclusivo-suscriptores", "[data-premium-content]",
].join(", ");

/** SIG-2: true when the page shows a login or pay wall (markup, microdata or `article:content_tier`). */
export function hasWall(doc: Document, tags: readonly MetaTag[]): boolean {
  // Open Graph `article:content_tier`: locked = paywalled; metered stays readable until the quota.
  if (metaValues(tags, "article:content_tier").some((t) => t.toLowerCase() === "locked")) return true;
  // Microdata twin of the JSON-LD flag: `<meta itemprop="isAccessibleForFree" content="False">`.
  if (metaValues(tags, "isaccessibleforfree").some((v) => booleanOf(v) === false)) return true;
  return doc.querySelector(WALL_SELECTOR) !== null;
}
