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

interface ChromeState {
  chrome: boolean;
  sectioned: boolean;
}

/** The class/id words of an element, lower-cased: `menuPrincipal ad-top` → menu, principal, ad, top. */
export function markerWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function marksChrome(el: Element, sectionedAbove: boolean): boolean {
  const tag = el.localName;
  // <noscript> and <template> content is not what a reader of the page sees.
  if (tag === "nav" || tag === "noscript" || tag === "template") return true;
  if ((tag === "header" || tag === "footer") && !sectionedAbove) return true;
  if (isHiddenElement(el)) return true;
  const role = el.getAttribute("role")?.trim().toLowerCase();
  if (role && CHROME_ROLES.has(role)) return true;
  const markers = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
  if (markers.trim() === "") return false;
  if (CHROME_PHRASES.test(markers.toLowerCase())) return true;
  return markerWords(markers).some((w) => CHROME_WORDS.has(w));
}

/** Memoised "is this element inside site chrome" over one document (one instance per parse). */
export function createChromeTest(): (el: Element) => boolean {
  const memo = new Map<Element, ChromeState>();
  const stateOf = (start: Element): ChromeState => {
    // Climb to the nearest memoised ancestor, then fill the path downwards (no recursion).
    const path: Element[] = [];
    let el: Element | null = start;
    let above: ChromeState = { chrome: false, sectioned: false };
    while (el) {
      const known = memo.get(el);
      if (known) {
        above = known;
        break;
      }
      path.push(el);
      el = el.parentElement;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i] as Element;
      above = {
        chrome: above.chrome || marksChrome(node, above.sectioned),
        sectioned: above.sectioned || SECTIONING.has(node.localName),
      };
      memo.set(node, above);
    }
    return above;
  };
  return (el) => stateOf(el).chrome;
}
