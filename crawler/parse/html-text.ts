/**
 * Visible text of HTML elements (SPEC EXT-3 headlines, EXT-4 metadata): what a reader
 * sees, not what scripts, styles or hidden elements carry. Whitespace is collapsed and
 * invisible characters removed; the parser has already decoded entities.
 */

// Elements whose content is never rendered as text.
const SILENT = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "canvas", "head", "title"]);
// Block-level boxes separate words even when the markup has no whitespace between them.
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
  "td", "th", "tr", "ul",
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
export function findDescendant(root: Element, names: ReadonlySet<string>, where: (el: Element) => boolean = () => true): Element | undefined {
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
