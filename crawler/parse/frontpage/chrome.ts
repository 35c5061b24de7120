/**
 * Site chrome on a front page (SPEC EXT-3): navigation, menus, page header and footer,
 * ads and sponsored boxes, hidden blocks. Links inside them are not front-page articles,
 * whatever they point to.
 *
 * Two kinds of evidence. Structure (`<nav>`, the page's `<header>`/`<footer>`, chrome
 * roles, hidden blocks) marks chrome by itself. A class or id word ("menu", "ad",
 * "footer") only makes an element a candidate: real pages put such words on page-level
 * containers too (`<body class="standardnavigation-site-navigation">`, a main column
 * `id="nav-col"`, a theme's `elementor_header_footer` body class). A candidate that holds
 * at least half of the page's headline links or of its `<article>` cards is the page's
 * content, and so is one holding a block of three or more cards (a section of stories
 * that names the ad slot it carries); the others are chrome (`holdsThePage`).
 */
import { attributeOf, isHiddenTag, type Attributes } from "../html/text";

// Class and id words (split on punctuation and camelCase) that mark chrome. "header" is
// not one: `<div class="card-header">` holds a headline on many front pages.
const CHROME_WORDS = new Set([
  // navigation and menus
  "nav",
  "navbar",
  "navigation",
  "navegacion",
  "menu",
  "menus",
  "submenu",
  "megamenu",
  "breadcrumb",
  "breadcrumbs",
  "migas",
  "hamburger",
  "footer",
  "login",
  "usuario",
  "account",
  "social",
  "share",
  "compartir",
  // ads and sponsored content
  "ad",
  "ads",
  "adv",
  "advert",
  "adverts",
  "advertisement",
  "advertising",
  "adslot",
  "adunit",
  "adsense",
  "dfp",
  "publicidad",
  "publi",
  "anuncio",
  "anuncios",
  "banner",
  "banners",
  "sponsor",
  "sponsors",
  "sponsored",
  "patrocinado",
  "patrocinador",
  "patrocinio",
  "outbrain",
  "taboola",
]);
const NEGATIONS = new Set(["no", "not", "without", "sin", "hide"]);
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
    // A negated word is a layout modifier, not a marker: `has-no-footer-on-mobile`, `sin-publicidad`.
    verdict =
      markers.trim() !== "" &&
      (CHROME_PHRASES.test(markers.toLowerCase()) ||
        markerWords(markers).some((w, i, words) => CHROME_WORDS.has(w) && !NEGATIONS.has(words[i - 1] ?? "")));
    memo.set(markers, verdict);
  }
  return verdict;
}

/** How an element is marked as chrome: by its structure (always chrome) or by a class/id word (a candidate). */
export type ChromeMark = "structure" | "word";

/**
 * EXT-3: how an element is marked as site chrome, if it is. `sectionedAbove`: an ancestor
 * is an article, section, main or aside (whose header and footer are not the page's).
 * `memo` holds verdicts on class/id strings.
 */
export function chromeMark(
  tag: string,
  attributes: Attributes,
  sectionedAbove: boolean,
  memo: Map<string, boolean>,
): ChromeMark | undefined {
  // <noscript> and <template> content is not what a reader of the page sees.
  if (tag === "nav" || tag === "noscript" || tag === "template") return "structure";
  if ((tag === "header" || tag === "footer") && !sectionedAbove) return "structure";
  if (isHiddenTag(tag, attributes)) return "structure";
  const role = attributeOf(attributes, "role")?.trim().toLowerCase();
  if (role && CHROME_ROLES.has(role)) return "structure";
  const markers = `${attributeOf(attributes, "class") ?? ""} ${attributeOf(attributes, "id") ?? ""}`;
  return markersChrome(markers, memo) ? "word" : undefined;
}

/** What a container, or the whole page, holds: links with a heading (in one or around one) and `<article>` cards. */
export interface Holdings {
  headlineLinks: number;
  cards: number;
}

/** Below this many headline links (or cards) on the page, a share says nothing: a class word decides. */
const FEW = 3;

/**
 * EXT-3: true when a container marked by a class word holds the page's content: at least
 * half of the page's headline links, or of its cards, or a block of at least three
 * `<article>` cards of its own. Such a container is a layout column, the body or a section
 * of stories, whatever its class says: sections name the ad slot they carry beside their
 * stories (`bloque--publi`, `content-items fixed-a-ad`). Menus and ad slots hold a small
 * share and no run of cards.
 */
export function holdsThePage(container: Holdings, page: Holdings): boolean {
  return (
    (page.headlineLinks >= FEW && 2 * container.headlineLinks >= page.headlineLinks) ||
    (page.cards >= FEW && 2 * container.cards >= page.cards) ||
    container.cards >= FEW
  );
}

/** True when an element opens a sectioning block: a header or footer inside it is not the page's. */
export function isSectioning(tag: string): boolean {
  return SECTIONING.has(tag);
}
