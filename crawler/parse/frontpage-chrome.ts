/**
 * Site chrome on a front page (SPEC EXT-3): navigation, menus, page header and footer,
 * ads and sponsored boxes, hidden blocks. Links inside them are not front-page articles,
 * whatever they point to.
 */
import { isHiddenElement } from "./html-text";

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

function marksChrome(el: Element, sectionedAbove: boolean, memo: Map<string, boolean>): boolean {
  const tag = el.localName;
  // <noscript> and <template> content is not what a reader of the page sees.
  if (tag === "nav" || tag === "noscript" || tag === "template") return true;
  if ((tag === "header" || tag === "footer") && !sectionedAbove) return true;
  if (isHiddenElement(el)) return true;
  const role = el.getAttribute("role")?.trim().toLowerCase();
  if (role && CHROME_ROLES.has(role)) return true;
  // The attribute node, not getAttribute("class"): linkedom builds a DOMTokenList for that.
  const markers = `${el.getAttributeNode("class")?.value ?? ""} ${el.getAttributeNode("id")?.value ?? ""}`;
  return markersChrome(markers, memo);
}

/**
 * The `<a href>` elements of a document outside site chrome, in document order. One walk
 * from the root: a chrome subtree is skipped whole, and an element's state comes from its
 * parent's (no climbing back up, no selector engine).
 */
export function anchorsOutsideChrome(root: Element): Element[] {
  const anchors: Element[] = [];
  const memo = new Map<string, boolean>();
  // Iterative walk (hostile pages nest deeply); children pushed in reverse keep document order.
  const stack: { el: Element; sectioned: boolean }[] = [{ el: root, sectioned: false }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { el, sectioned } = item;
    if (marksChrome(el, sectioned, memo)) continue;
    if (el.localName === "a" && el.hasAttribute("href")) anchors.push(el);
    const below = sectioned || SECTIONING.has(el.localName);
    for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push({ el: child, sectioned: below });
  }
  return anchors;
}
