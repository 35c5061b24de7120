/**
 * Site chrome on a front page (SPEC EXT-3): navigation, menus, page header and footer,
 * ads and sponsored boxes, hidden blocks. Links inside them are not front-page articles,
 * whatever they point to.
 */
import { attributeOf, isHiddenTag, type Attributes } from "../html/text";

// Class and id words (split on punctuation and camelCase) that mark chrome. "header" is
// not one: `<div class="card-header">` holds a headline on many front pages.
const CHROME_WORDS = new Set([
  // navigation and menus
  "nav", "navbar", "navigation", "navegacion", "menu", "menus", "submenu", "megamenu", "breadcrumb", "breadcrumbs",
  "migas", "hamburger", "footer", "login", "usuario", "account", "social", "share", "compartir",
  // ads and sponsored content
  "ad", "ads", "adv", "advert", "adverts", "advertisement", "advertising", "adslot", "adunit", "adsense", "dfp",
  "publicidad", "publi", "anuncio", "anuncios", "banner", "banners", "sponsor", "sponsors", "sponsored",
  "patrocinado", "patrocinador", "patrocinio", "outbrain", "taboola",
]);
const CHROME_PHRASES = /pie-?de-?pagina|pie-pagina|site-?footer|skip-?link/;
const CHROME_ROLES = new Set(["navigation", "menu", "menubar", "banner", "contentinfo", "search", "toolbar"]);
// An <header>/<footer> inside these belongs to a story or a block, not to the page (HTML §4.3.8).
const SECTIONING = new Set(["article", "section", "main", "aside"]);

/** The class/id words of an element, lower-cased: `menuPrincipal ad-top` → menu, principal, ad, top. */
export function markerWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// Many elements share a class attribute: judge each distinct class/id string once per page.
function markersChrome(markers: string, memo: Map<string, boolean>): boolean {
  let verdict = memo.get(markers);
  if (verdict === undefined) {
    verdict = markers.trim() !== "" && (CHROME_PHRASES.test(markers.toLowerCase()) || markerWords(markers).some((w) => CHROME_WORDS.has(w)));
    memo.set(markers, verdict);
  }
  return verdict;
}

/**
 * EXT-3: true when an element is site chrome, so that no link inside it is a front-page
 * article. `sectionedAbove`: an ancestor is an article, section, main or aside (whose
 * header and footer are not the page's). `memo` holds verdicts on class/id strings.
 */
export function marksChrome(tag: string, attributes: Attributes, sectionedAbove: boolean, memo: Map<string, boolean>): boolean {
  // <noscript> and <template> content is not what a reader of the page sees.
  if (tag === "nav" || tag === "noscript" || tag === "template") return true;
  if ((tag === "header" || tag === "footer") && !sectionedAbove) return true;
  if (isHiddenTag(tag, attributes)) return true;
  const role = attributeOf(attributes, "role")?.trim().toLowerCase();
  if (role && CHROME_ROLES.has(role)) return true;
  const markers = `${attributeOf(attributes, "class") ?? ""} ${attributeOf(attributes, "id") ?? ""}`;
  return markersChrome(markers, memo);
}

/** True when an element opens a sectioning block: a header or footer inside it is not the page's. */
export function isSectioning(tag: string): boolean {
  return SECTIONING.has(tag);
}
