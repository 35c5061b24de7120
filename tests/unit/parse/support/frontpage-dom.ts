/**
 * The DOM-based front-page extraction as it was before the streaming scan (commit eafdcbc),
 * kept verbatim as an oracle: tests/unit/parse/frontpage-scan.test.ts checks that
 * `extractFrontPage` gives exactly what this gives (SPEC EXT-3).
 */
import { tryCanonicalUrl } from "../../../../lib/urls";
import { siteOf } from "../../../../lib/registrable-domain";
import { hasArticleShape, isUtilityUrl } from "../../../../crawler/parse/frontpage/urls";
import { parseHTML } from "linkedom";
import { decodeHtml, documentBase, htmlForParsing } from "../../../../crawler/parse/html/document";
import { BLOCK_TAGS } from "../../../../crawler/parse/html/text";
import { CARD_BLOCK_DEPTH, cardTitle, headingTitle, type TextBlock } from "../../../../crawler/parse/frontpage/heading-title";
import { readsTeasers, replacesHeadline, teaserLinks } from "../../../../crawler/parse/frontpage/positions";

// ---- crawler/parse/html/text.ts ----

// Elements whose content is never rendered as text.
const SILENT = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "canvas", "head", "title"]);
// Block-level boxes separate words even when the markup has no whitespace between them.
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;
const INVISIBLE_CHARS = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/** Whitespace runs (including NBSP) as one space, invisible characters removed, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE_CHARS, "").replace(/\s+/g, " ").trim();
}

/** True when the element is not rendered: `hidden`, inline `display:none`/`visibility:hidden`, or a closed `<dialog>`. */
export function isHiddenElement(el: Element): boolean {
  if (el.hasAttribute("hidden")) return true;
  if (el.localName === "dialog" && !el.hasAttribute("open")) return true;
  const style = el.getAttribute("style");
  return style !== null && HIDDEN_STYLE.test(style);
}

/** True when the element is hidden from readers and assistive technology alike. */
function isSilent(el: Element): boolean {
  return SILENT.has(el.localName) || isHiddenElement(el) || el.getAttribute("aria-hidden")?.trim().toLowerCase() === "true";
}

/** The visible text of an element, whitespace collapsed; hidden and `aria-hidden` parts are skipped. */
export function visibleText(root: Element): string {
  if (isSilent(root)) return "";
  const parts: string[] = [];
  // Iterative walk: hostile pages nest deeply enough to overflow a recursive one.
  const stack: (Node | "sep")[] = [];
  for (let child = root.lastChild; child; child = child.previousSibling) stack.push(child);
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    if (node === "sep") {
      parts.push(" ");
      continue;
    }
    if (node.nodeType === 3) {
      parts.push(node.nodeValue ?? "");
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    if (isSilent(el)) continue;
    const block = BLOCK.has(el.localName);
    if (block) {
      parts.push(" ");
      stack.push("sep");
    }
    for (let child = el.lastChild; child; child = child.previousSibling) stack.push(child);
  }
  return collapseWhitespace(parts.join(""));
}

/** The first descendant element (document order) whose tag is in `names`, skipping hidden subtrees. */
export function findDescendant(
  root: Element,
  names: ReadonlySet<string>,
  where: (el: Element) => boolean = () => true,
): Element | undefined {
  // A hand-written walk: css-select's querySelector costs ~20× more per anchor on big pages.
  const stack: Element[] = [];
  for (let child = root.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  for (let el = stack.pop(); el; el = stack.pop()) {
    if (isSilent(el)) continue;
    if (names.has(el.localName) && where(el)) return el;
    for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  }
  return undefined;
}

/** True when a descendant of `el`, hidden or not, has a tag in `names`. */
function hasDescendant(el: Element, names: ReadonlySet<string>): boolean {
  const stack: Element[] = [];
  for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  for (let d = stack.pop(); d; d = stack.pop()) {
    if (names.has(d.localName)) return true;
    for (let child = d.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  }
  return false;
}

/** True when an ancestor of `el` (not `el` itself) has a tag in `names`. */
export function hasAncestor(el: Element, names: ReadonlySet<string>): boolean {
  for (let up = el.parentElement; up; up = up.parentElement) if (names.has(up.localName)) return true;
  return false;
}

const IMG = new Set(["img"]);

/** Text a reader would get from the element's visible images (`alt`), for links without text. */
export function imageAltText(root: Element): string {
  const img = findDescendant(root, IMG, (el) => collapseWhitespace(el.getAttribute("alt") ?? "") !== "");
  return img ? collapseWhitespace(img.getAttribute("alt") ?? "") : "";
}

// ---- crawler/parse/frontpage/chrome.ts ----

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

type ChromeMark = "structure" | "word";

function chromeMark(el: Element, sectionedAbove: boolean, memo: Map<string, boolean>): ChromeMark | undefined {
  const tag = el.localName;
  // <noscript> and <template> content is not what a reader of the page sees.
  if (tag === "nav" || tag === "noscript" || tag === "template") return "structure";
  if ((tag === "header" || tag === "footer") && !sectionedAbove) return "structure";
  if (isHiddenElement(el)) return "structure";
  const role = el.getAttribute("role")?.trim().toLowerCase();
  if (role && CHROME_ROLES.has(role)) return "structure";
  // The attribute node, not getAttribute("class"): linkedom builds a DOMTokenList for that.
  const markers = `${el.getAttributeNode("class")?.value ?? ""} ${el.getAttributeNode("id")?.value ?? ""}`;
  return markersChrome(markers, memo) ? "word" : undefined;
}

interface Holdings {
  headlineLinks: number;
  cards: number;
}

/** A class-word container holding at least half of the page's headline links or cards, or three cards of its own, is content. */
function holdsThePage(container: Holdings, page: Holdings): boolean {
  return (
    (page.headlineLinks >= 3 && 2 * container.headlineLinks >= page.headlineLinks) ||
    (page.cards >= 3 && 2 * container.cards >= page.cards) ||
    container.cards >= 3
  );
}

/**
 * The `<a href>` elements of a document outside site chrome, in document order. One walk
 * from the root: a structural chrome subtree is skipped whole; an element marked by a
 * class/id word is walked as a candidate, and its links are dropped at the end unless it
 * holds the page (its share of headline links — in or around a heading — and cards).
 */
export function anchorsOutsideChrome(root: Element): Element[] {
  const found: { el: Element; within: number[] }[] = [];
  const memo = new Map<string, boolean>();
  const candidates: Holdings[] = [];
  const page: Holdings = { headlineLinks: 0, cards: 0 };
  // Iterative walk (hostile pages nest deeply); children pushed in reverse keep document order.
  const stack: { el: Element; sectioned: boolean; within: number[]; inHeading: boolean }[] = [
    { el: root, sectioned: false, within: [], inHeading: hasAncestor(root, HEADINGS) },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { el, sectioned } = item;
    const mark = chromeMark(el, sectioned, memo);
    if (mark === "structure") continue;
    let within = item.within;
    if (mark === "word") {
      within = [...within, candidates.length];
      candidates.push({ headlineLinks: 0, cards: 0 });
    }
    if (el.localName === "article") {
      page.cards++;
      for (const c of within) candidates[c]!.cards++;
    }
    if (el.localName === "a" && el.hasAttribute("href")) {
      found.push({ el, within });
      walkedLinks.add(el);
      if (item.inHeading || hasDescendant(el, HEADINGS)) {
        headed.add(el);
        page.headlineLinks++;
        for (const c of within) candidates[c]!.headlineLinks++;
      }
    }
    const below = sectioned || SECTIONING.has(el.localName);
    const inHeading = item.inHeading || HEADINGS.has(el.localName);
    for (let child = el.lastElementChild; child; child = child.previousElementSibling)
      stack.push({ el: child, sectioned: below, within, inHeading });
  }
  // A link followed, inside its parent and before the next link, by a visible heading: a teaser.
  for (const f of found) {
    if (headed.has(f.el) || followingHeadline(f.el) === undefined) continue;
    headed.add(f.el);
    page.headlineLinks++;
    for (const c of f.within) candidates[c]!.headlineLinks++;
  }
  // The first walked link of each <article> card leads it.
  const linkedCards = new Set<Element>();
  for (const f of found) {
    const card = f.el.parentElement?.closest("article");
    if (card && !linkedCards.has(card)) {
      linkedCards.add(card);
      cardLeads.add(f.el);
    }
  }
  const chrome = candidates.map((held) => !holdsThePage(held, page));
  return found.filter((f) => !f.within.some((c) => chrome[c])).map((f) => f.el);
}

/** The first link of each `<article>` card (positions.ts). */
export const cardLeads = new WeakSet<Element>();
/** Every link of the walked tree (chrome words or not). */
const walkedLinks = new WeakSet<Element>();

/** True when the link is a bare line and nothing else is in its box (nearest block ancestor not a heading): no other walked link, no visible text outside it. */
export function aloneInBox(anchor: Element): boolean {
  // A bare line: no visible image, all its text in one heading (or it sits in one).
  if ([...anchor.querySelectorAll("img")].some((img) => !silentWithin(img as Element, anchor))) return false;
  const whole = visibleText(anchor);
  const headingsIn = [...anchor.querySelectorAll("h1,h2,h3,h4,h5,h6")].filter((h) => !silentWithin(h as Element, anchor)) as Element[];
  const prominent = headingsIn.reduce<Element | undefined>(
    (best, h) => (best === undefined || level(h) < level(best) ? h : best),
    undefined,
  );
  if (!hasAncestor(anchor, HEADINGS) && (prominent === undefined || visibleText(prominent) !== whole)) return false;
  let box = anchor.parentElement;
  while (box && (!BLOCK_TAGS.has(box.localName) || HEADINGS.has(box.localName))) box = box.parentElement;
  if (!box) return false;
  if ([...box.querySelectorAll("a")].some((a) => a !== anchor && walkedLinks.has(a as Element))) return false;
  const texts: Node[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) texts.push(c);
      else if (c.nodeType === 1 && !isSilent(c as Element) && !walkedLinks.has(c as Element)) walk(c);
    }
  };
  walk(box);
  return !texts.some((t) => /\p{L}/u.test(t.textContent ?? ""));
}

/** Links that are a teaser's: a heading in, around or after them in their box (positions.ts). */
export const headed = new WeakSet<Element>();

/** True when no element from `el` up to (not including) `top` is structural chrome: the scan walks it. */
function walkedFrom(el: Element, top: Element): boolean {
  const memo = new Map<string, boolean>();
  for (let e: Element | null = el; e && e !== top; e = e.parentElement) {
    let sectioned = false;
    for (let p = e.parentElement; p; p = p.parentElement) if (SECTIONING.has(p.localName)) sectioned = true;
    if (chromeMark(e, sectioned, memo) === "structure") return false;
  }
  return true;
}

/** The visible headings after `anchor` inside its parent, up to the next link, in document order. */
export function followingHeadings(anchor: Element): Element[] {
  const parent = anchor.parentElement;
  if (!parent) return [];
  const out: Element[] = [];
  const all = [...parent.querySelectorAll("*")] as Element[];
  for (let i = all.indexOf(anchor) + 1; i < all.length; i++) {
    const el = all[i]!;
    if (anchor.contains(el)) continue;
    if (el.localName === "a") break;
    if (HEADINGS.has(el.localName) && !isSilent(el) && walkedFrom(el, parent)) out.push(el);
  }
  return out;
}

// ---- crawler/parse/frontpage/headline.ts ----

/** Longest text accepted as a headline; longer link text is a card with its lede. */
export const MAX_HEADLINE_CHARS = 300;

/** How trustworthy a candidate is: heading > link text > attribute or image fallback. */
export const HeadlineTier = { None: 0, Fallback: 1, Text: 2, Heading: 3 } as const;
/** One of the `HeadlineTier` values. */
export type HeadlineTier = (typeof HeadlineTier)[keyof typeof HeadlineTier];

/** A headline candidate of one link. */
export interface HeadlineCandidate {
  text: string;
  tier: HeadlineTier;
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
// Labels that say what a link is, not what the story is.
const GENERIC =
  /^(?:(?:leer|ver|seguir leyendo|sigue leyendo|continuar|saber|leer la noticia)(?: más)?|más|\+|(?:\d+ )?comentarios?|comenta|en directo|directo|vídeo|video|fotos?|galería|escuchar|audio|\d+)$/i;

function sensible(text: string): boolean {
  return text !== "" && text.length <= MAX_HEADLINE_CHARS;
}

function tierOf(text: string, heading: boolean): HeadlineTier {
  if (!sensible(text)) return HeadlineTier.None;
  if (GENERIC.test(text)) return HeadlineTier.Fallback;
  return heading ? HeadlineTier.Heading : HeadlineTier.Text;
}

/** EXT-3: the best headline text a link offers, and its tier. */
export function headlineOf(anchor: Element): HeadlineCandidate {
  // A link inside a heading, or a card link wrapping one: the heading is the headline (the
  // most prominent one it wraps: lowest level, first among equals).
  const wrapped = findDescendant(anchor, HEADINGS)
    ? ([...anchor.querySelectorAll("h1,h2,h3,h4,h5,h6")].filter((h) => !silentWithin(h as Element, anchor)) as Element[])
    : [];
  const prominent = wrapped.reduce<Element | undefined>((best, h) => (best === undefined || level(h) < level(best) ? h : best), undefined);
  const inside = hasAncestor(anchor, HEADINGS) ? anchor : prominent;
  if (inside) {
    const text = headingText(inside);
    const tier = tierOf(text, true);
    if (tier !== HeadlineTier.None) return { text, tier };
  }
  const text = visibleText(anchor);
  const tier = tierOf(text, false);
  if (tier !== HeadlineTier.None) return { text, tier };
  const fallback = [anchor.getAttribute("aria-label"), anchor.getAttribute("title"), imageAltText(anchor)]
    .map((t) => collapseWhitespace(t ?? ""))
    .find((t) => sensible(t) && !GENERIC.test(t));
  return fallback ? { text: fallback, tier: HeadlineTier.Fallback } : { text: "", tier: HeadlineTier.None };
}

function level(h: Element): number {
  return Number(h.localName.slice(1));
}

/** True when `el` or an element between it and `root` is silent. */
function silentWithin(el: Element, root: Element): boolean {
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) if (isSilent(e)) return true;
  return false;
}

/** A heading's (or a heading's link's) text: its title part when it is a kicker and a title (heading-title.ts). */
export function headingText(h: Element): string {
  const whole = visibleText(h);
  const loose = [...h.childNodes].some((n) => n.nodeType === 3 && /\p{L}/u.test(n.textContent ?? ""));
  if (loose) return whole;
  const children = ([...h.children] as Element[]).filter((c) => !isSilent(c));
  // A heading whose one child is its link takes the link's title (a label, then the title).
  if (children.length === 1 && children[0]!.localName === "a" && HEADINGS.has(h.localName)) return headingText(children[0]!);
  return (
    headingTitle(
      whole,
      children.map((c) => visibleText(c)),
    ) ?? whole
  );
}

/** A card link's title from its blocks, CARD_BLOCK_DEPTH levels down (heading-title.ts). */
function cardText(anchor: Element): string {
  const looseIn = (el: Element) => [...el.childNodes].some((n) => n.nodeType === 3 && /\p{L}/u.test(n.textContent ?? ""));
  const block = (el: Element, level: number): TextBlock => ({
    text: visibleText(el),
    loose: looseIn(el),
    blocks: level >= CARD_BLOCK_DEPTH ? [] : ([...el.children] as Element[]).filter((c) => !isSilent(c)).map((c) => block(c, level + 1)),
  });
  return cardTitle(block(anchor, 0)) ?? visibleText(anchor);
}

/** A card link: a visible image and a text of two words or more, no heading in or around it (positions.ts). */
export function isCardLink(anchor: Element): boolean {
  if (hasAncestor(anchor, HEADINGS) || findDescendant(anchor, HEADINGS)) return false;
  const image = [...anchor.querySelectorAll("img")].some((img) => !silentWithin(img as Element, anchor));
  const text = visibleText(anchor);
  return image && sensible(text) && text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= 2;
}

/** EXT-3: the headline a link takes from the headings after it in its box: the most prominent. */
export function followingHeadline(anchor: Element): HeadlineCandidate | undefined {
  const after = followingHeadings(anchor);
  if (after.length === 0) return undefined;
  const best = after.reduce((x, y) => (level(y) < level(x) ? y : x));
  const text = headingText(best);
  const tier = tierOf(text, true);
  return tier === HeadlineTier.Heading ? { text, tier } : undefined;
}

/** True when `next` is more informative than `current`: higher tier, then longer text. */
export function betterHeadline(next: HeadlineCandidate, current: HeadlineCandidate): boolean {
  if (next.tier !== current.tier) return next.tier > current.tier;
  return next.text.length > current.text.length;
}

// ---- crawler/parse/frontpage/frontpage.ts ----

/** One ranked article link of a front page. */
export interface FrontPageLink {
  url: string;
  headline: string;
  rank: number;
}

/** What a front page shows, rank 1 first. */
export interface FrontPage {
  links: FrontPageLink[];
  others?: { url: string; headline: string }[];
}

// A self-contained <svg>…</svg> with no link, script or nested svg inside: an icon. The
// tempered pattern cannot run from a "<svg" in a script string over real markup.
const INLINE_SVG = /<svg\b(?:(?!<\/?(?:svg|a|script)\b)[^])*?<\/svg\s*>/gi;
// Schemes that are never pages; canonicalUrl refuses them too, this just skips the work.
const NOT_HTTP = /^(?:javascript|mailto|tel|sms|data|whatsapp|fb-messenger|intent):/i;

function siteOrUndefined(url: string): string | undefined {
  try {
    return siteOf(url);
  } catch {
    return undefined;
  }
}

/** The canonical article URL an anchor points to, or undefined when it is not an article link. */
function articleUrl(anchor: Element, base: string, page: string, siteOfHost: (host: string) => string | undefined): string | undefined {
  const href = anchor.getAttribute("href")?.trim() ?? "";
  if (href === "" || href.startsWith("#") || NOT_HTTP.test(href)) return undefined;
  // rel=sponsored marks paid links (ads); they are not editorial choices.
  if (/(?:^|\s)sponsored(?:\s|$)/i.test(anchor.getAttribute("rel") ?? "")) return undefined;
  const url = tryCanonicalUrl(href, base);
  if (url === undefined || url === page) return undefined;
  const parsed = new URL(url);
  if (siteOfHost(parsed.hostname) !== siteOfHost("")) return undefined; // off-site (EXT-3)
  return !isUtilityUrl(parsed) && hasArticleShape(parsed) ? url : undefined;
}

/** EXT-3: the ranked article links of a front page; bad input gives `{ links: [] }`, never throws. */
export function extractFrontPageDom(html: Uint8Array | string, url: string, contentType?: string): FrontPage {
  try {
    const page = tryCanonicalUrl(url);
    const site = page === undefined ? undefined : siteOrUndefined(page);
    if (page === undefined || site === undefined) return { links: [] };
    // Inline SVG icons are thousands of nodes on real front pages and never hold a headline.
    const text = decodeHtml(html, contentType).replace(INLINE_SVG, "");
    // The DOM as the scan sees the page: cut at the scan's nesting limit (html-depth.ts MAX_DEPTH).
    const doc = parseHTML(htmlForParsing(text)).document;
    // Searching the whole tree for <base> costs as much as the rest of the extraction.
    const base = /<base[\s/>]/i.test(text) ? documentBase(doc, page) : page;
    // One Public Suffix List lookup per host, not per link; "" stands for the page's site.
    const sites = new Map<string, string | undefined>([["", site]]);
    const siteOfHost = (host: string) => {
      if (!sites.has(host)) sites.set(host, siteOrUndefined(host));
      return sites.get(host);
    };
    // Map iteration order is insertion order: the first sighting fixes the rank.
    const seen = new Map<string, HeadlineCandidate>();
    const judgedAnchors: {
      link: string;
      anchor: { headed: boolean; cardLead: boolean; cardLink: boolean; alone: boolean; candidate: HeadlineCandidate };
    }[] = [];
    // A story is linked several times (photo, headline, "most read"): judge each href once.
    const judged = new Map<string, string | undefined>();
    for (const anchor of anchorsOutsideChrome(doc.documentElement)) {
      const key = `${anchor.getAttribute("href")} ${anchor.getAttribute("rel") ?? ""}`;
      if (!judged.has(key)) judged.set(key, articleUrl(anchor, base, page, siteOfHost));
      const link = judged.get(key);
      if (link === undefined) continue;
      let candidate = headlineOf(anchor);
      const following =
        headed.has(anchor) && !hasAncestor(anchor, HEADINGS) && !findDescendant(anchor, HEADINGS) ? followingHeadline(anchor) : undefined;
      if (following && betterHeadline(following, candidate)) candidate = following;
      // A link named by other elements (aria-labelledby): their visible text, a heading's tier if one is a heading.
      const ids = (anchor.getAttribute("aria-labelledby") ?? "").trim().split(/\s+/).filter(Boolean);
      const refs = ids.flatMap((id) => {
        const el = doc.getElementById(id);
        return el ? [{ text: visibleText(el), heading: HEADINGS.has(el.localName) }] : [];
      });
      if (refs.length > 0) {
        const text = collapseWhitespace(refs.map((r) => r.text).join(" "));
        const named = refs.some((r) => r.heading) ? { text, tier: tierOf(text, true) } : { text, tier: tierOf(text, false) };
        if (named.tier !== HeadlineTier.None && betterHeadline(named, candidate)) candidate = named;
      }
      const card = isCardLink(anchor);
      if (card) {
        const text = cardText(anchor);
        candidate = { text, tier: tierOf(text, false) };
      }
      judgedAnchors.push({
        link,
        anchor: { headed: headed.has(anchor), cardLead: cardLeads.has(anchor), cardLink: card, alone: aloneInBox(anchor), candidate },
      });
    }
    const positions = teaserLinks(judgedAnchors);
    const teasers = readsTeasers(judgedAnchors);
    for (const { link, anchor } of positions) {
      const current = seen.get(link);
      if (replacesHeadline(anchor.candidate, current, teasers)) seen.set(link, anchor.candidate);
    }
    // Article links outside the main ranking: each once, with its most informative text.
    const aside = new Map<string, HeadlineCandidate>();
    if (positions.length < judgedAnchors.length) {
      for (const { link, anchor } of judgedAnchors) {
        if (seen.has(link)) continue;
        const current = aside.get(link);
        if (current === undefined || betterHeadline(anchor.candidate, current)) aside.set(link, anchor.candidate);
      }
    }
    const links: FrontPageLink[] = [];
    for (const [link, headline] of seen) {
      // A link with no readable text anywhere on the page has no headline to record.
      if (headline.tier === HeadlineTier.None) continue;
      links.push({ url: link, headline: headline.text, rank: links.length + 1 });
    }
    const others = [...aside].filter(([, h]) => h.tier !== HeadlineTier.None).map(([url, h]) => ({ url, headline: h.text }));
    return others.length > 0 ? { links, others } : { links };
  } catch {
    return { links: [] }; // SEC-4: bad input never crashes the worker
  }
}
