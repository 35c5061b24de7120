/**
 * Visible text of HTML elements (SPEC EXT-3 headlines, EXT-4 metadata): what a reader
 * sees, not what scripts, styles or hidden elements carry. Whitespace is collapsed and
 * invisible characters removed; the parser has already decoded entities.
 *
 * The rules are stated on a tag and its attributes, so that a streaming scan
 * (frontpage-scan.ts) applies them as the tags go by, without building a DOM.
 */

/** An element's attributes as the parser reported them: names as written, the first of duplicates. */
export type Attributes = Readonly<Record<string, string>>;

/** The value of attribute `name`, or undefined when the element has none (exact name, as a DOM's getAttribute). */
export function attributeOf(attributes: Attributes, name: string): string | undefined {
  return Object.hasOwn(attributes, name) ? attributes[name] : undefined;
}

// Elements whose content is never rendered as text.
const SILENT = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "canvas", "head", "title"]);
/** Block-level boxes: they separate words even when the markup has no whitespace between them. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
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
const WHITESPACE_RUNS = /\s+/g;

/** Whitespace runs (including NBSP) as one space, invisible characters removed, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE_CHARS, "").replace(WHITESPACE_RUNS, " ").trim();
}

/** True when the element is not rendered: `hidden`, inline `display:none`/`visibility:hidden`, or a closed `<dialog>`. */
export function isHiddenTag(name: string, attributes: Attributes): boolean {
  if (Object.hasOwn(attributes, "hidden")) return true;
  if (name === "dialog" && !Object.hasOwn(attributes, "open")) return true;
  const style = attributeOf(attributes, "style");
  return style !== undefined && HIDDEN_STYLE.test(style);
}

/** True when the element is hidden from readers and assistive technology alike: none of its text is visible. */
export function isSilentTag(name: string, attributes: Attributes): boolean {
  return SILENT.has(name) || isHiddenTag(name, attributes) || attributeOf(attributes, "aria-hidden")?.trim().toLowerCase() === "true";
}

/**
 * The visible text of one element, gathered while a scan goes through its content: the
 * scan adds the text nodes and block separators a reader would see. It stops keeping
 * text once the collapsed text is longer than `maxChars` (the result is then only "too
 * long"), so a link wrapping a whole page never holds more than a headline's worth.
 */
export class VisibleText {
  private parts: string[] = [];
  private pending = 0;
  private tooLong = false;

  constructor(private readonly maxChars: number) {}

  /** Raw text (a text node, or a block separator " "). */
  add(text: string): void {
    if (this.tooLong) return;
    this.parts.push(text);
    this.pending += text.length;
    if (this.pending > 4 * this.maxChars + 256) this.compact();
  }

  // Collapsing a prefix does not change the collapsed whole (runs merge, trimming is
  // last), and the collapsed prefix is a prefix of the collapsed whole: once too long, always.
  private compact(): void {
    const partial = this.parts.join("").replace(INVISIBLE_CHARS, "").replace(WHITESPACE_RUNS, " ");
    if (partial.trim().length > this.maxChars) {
      this.tooLong = true;
      this.parts = [];
    } else {
      this.parts = [partial];
    }
    this.pending = partial.length;
  }

  /** True once the text is known to be longer than `maxChars`: nothing more need be added. */
  get full(): boolean {
    return this.tooLong;
  }

  /** The collapsed text, or undefined when it is longer than `maxChars`. */
  text(): string | undefined {
    if (this.tooLong) return undefined;
    const text = collapseWhitespace(this.parts.join(""));
    return text.length > this.maxChars ? undefined : text;
  }
}
