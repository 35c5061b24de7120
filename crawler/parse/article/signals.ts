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
// Google's paywall markup names the closed section with a `.class` selector such as
// `.paywall`: on a page that declares itself free that section is open (ABC wraps the text
// of open articles in `<span class="paywall">`), so these names close only undeclared pages.
const PAYWALL_SECTION_SELECTOR = [".paywall", "#paywall", "[data-paywall]"].join(", ");
// Login / registration walls and locked containers (common CMS names) close the article
// whatever it declares: free to read once registered is not readable by us.
const WALL_SELECTOR = [
  ".registration-wall",
  "#registration-wall",
  ".regwall",
  "#regwall",
  ".login-wall",
  "#login-wall",
  ".loginwall",
  "[data-wall]",
  ".muro-registro",
  ".muro-de-pago",
  ".muro-pago",
  ".muro-suscripcion",
  ".contenido-bloqueado",
  ".content-locked",
  ".subscriber-only",
  ".solo-suscriptores",
  ".exclusivo-suscriptores",
  "[data-premium-content]",
].join(", ");

/** What a page says about its own access: declarations (meta, microdata) and wall markup. */
export interface WallSignals {
  /** `article:content_tier` locked, or microdata `isAccessibleForFree` false. */
  declaredClosed: boolean;
  /** Microdata `isAccessibleForFree` true. */
  declaredFree: boolean;
  /** A login, registration or locked-content wall in the markup (WALL_SELECTOR). */
  wallMarkup: boolean;
  /** A paywalled section named as Google's paywall markup does (`.paywall`). */
  paywallSection: boolean;
}

/** SIG-2: the page's access declarations and wall markup. */
export function wallSignals(doc: Document, tags: readonly MetaTag[]): WallSignals {
  // Open Graph `article:content_tier`: locked = paywalled; metered stays readable until the quota.
  const locked = metaValues(tags, "article:content_tier").some((t) => t.toLowerCase() === "locked");
  // Microdata twin of the JSON-LD flag: `<meta itemprop="isAccessibleForFree" content="False">`.
  const microdata = metaValues(tags, "isaccessibleforfree").map(booleanOf);
  return {
    declaredClosed: locked || microdata.includes(false),
    declaredFree: microdata.includes(true),
    wallMarkup: doc.querySelector(WALL_SELECTOR) !== null,
    paywallSection: doc.querySelector(PAYWALL_SECTION_SELECTOR) !== null,
  };
}

/** SIG-2: true when the page shows a login or pay wall (markup, microdata or `article:content_tier`). */
export function hasWall(doc: Document, tags: readonly MetaTag[]): boolean {
  const signals = wallSignals(doc, tags);
  return signals.declaredClosed || signals.wallMarkup || signals.paywallSection;
}

/**
 * SIG-2: whether the article is open, from its JSON-LD flag (`jsonLdFree`, undefined when
 * absent) and its other signals. Any declaration of a closed article, and any login or
 * registration wall, wins (the most restrictive signal). An article declared free is free
 * even when a paywall section is named in its markup: CMSs mark where a wall would go (ABC
 * wraps the text of open articles in `.paywall`), and the declaration is what the
 * publisher asserts to search engines. Without a declaration, a paywall section closes it.
 */
export function isOpenArticle(jsonLdFree: boolean | undefined, signals: WallSignals): boolean | undefined {
  if (jsonLdFree === false || signals.declaredClosed || signals.wallMarkup) return false;
  if (jsonLdFree === true || signals.declaredFree) return true;
  return signals.paywallSection ? false : undefined;
}
