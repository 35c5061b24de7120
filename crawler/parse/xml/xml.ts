/**
 * A forgiving, single-pass XML reader for feeds and sitemaps (SPEC EXT-1, EXT-2, SEC-4).
 * It hands over only "records" (items, entries, urls) as small trees, one at a time, and
 * keeps no other text: cost is linear in the input and memory is one record. Unlike a
 * strict parser it reads as far as a truncated document goes (a record counts once its end
 * tag is seen), tolerates stray `&` and `<` and unbalanced tags, never expands DOCTYPE
 * entities, and jumps over description and body elements without reading them (STO-3).
 */
import { decodeEntities } from "./entities";
import { NamespaceScope } from "./names";
import { after, isMarkupStart, parseAttributes, splitStartTag } from "./tags";

/** An element inside a record: canonical key (`dc:creator`), local name, attributes, descendant text, child elements. */
export interface XmlElement {
  key: string;
  local: string;
  attrs: Readonly<Record<string, string>>;
  text: string;
  children: XmlElement[];
  /** `xml:base` values in scope, outermost first (XML Base; RFC 4287 §2). */
  bases: readonly string[];
}

/** What to keep while reading, and where complete records go. */
export interface ReadOptions {
  /** True for the elements handed over whole (items, entries, urls); depth 0 is the root. */
  isRecord(local: string, depth: number): boolean;
  /** Called for each record whose end tag was read, in document order, with the root's local name. */
  onRecord(record: XmlElement, root: string): void;
  /** Local names whose content is skipped unread inside records: descriptions and bodies (SPEC STO-3). */
  skip?: ReadonlySet<string>;
  /** @default 50_000, the sitemaps.org limit of URLs per file */
  maxRecords?: number;
}

interface Frame {
  raw: string;
  unbind: string[];
  bases: readonly string[];
  element?: XmlElement;
  record: boolean;
  skip: boolean;
}

/** Deeper nesting is hostile; such tags are ignored and their text goes to the parent. */
const MAX_DEPTH = 128;
/** An end tag closes one of this many open elements at most, so mismatched tags cost O(1). */
const CLOSE_SEARCH = 8;
/** Elements kept per record; a real item has a few dozen. Past it, the rest of the record is skipped. */
const MAX_RECORD_ELEMENTS = 1000;
/** Text kept per element; titles and URLs are far shorter. */
const MAX_TEXT = 64 * 1024;
const END_TAG_REST = /\s*>/y;
const NONE: string[] = [];
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

/** Read an XML document, handing each complete record to `onRecord`; returns the root's local name ("" if none). */
export function readRecords(text: string, options: ReadOptions): { root: string } {
  return new RecordReader(text, options).run();
}

class RecordReader {
  private readonly stack: Frame[] = [];
  private readonly scope = new NamespaceScope();
  private root = "";
  private records = 0;
  private keptInRecord = 0;
  private readonly noEndTagAfter = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly options: ReadOptions,
  ) {}

  run(): { root: string } {
    const t = this.text;
    const maxRecords = this.options.maxRecords ?? 50_000;
    let pos = 0;
    let textFrom = 0;
    while (pos >= 0 && pos < t.length && this.records < maxRecords) {
      const lt = t.indexOf("<", pos);
      if (lt < 0) break; // trailing text outside any element
      pos = lt + 1;
      if (!isMarkupStart(t.charCodeAt(pos))) continue; // a bare `<` in text, as in "menores de <18"
      if (lt > textFrom) this.addText(t.slice(textFrom, lt), true);
      pos = this.markup(lt);
      textFrom = pos;
    }
    // Elements still open here were cut off: their records are never handed over.
    return { root: this.root };
  }

  /** Handle the markup at `lt`; returns where to continue, or -1 if the document ends inside it. */
  private markup(lt: number): number {
    const t = this.text;
    if (t.startsWith("<![CDATA[", lt)) {
      const end = t.indexOf("]]>", lt + 9);
      if (end >= 0) this.addText(t.slice(lt + 9, end), false);
      return after(end, 3);
    }
    if (t.startsWith("<!--", lt)) return after(t.indexOf("-->", lt + 4), 3);
    if (t.startsWith("<?", lt)) return after(t.indexOf("?>", lt + 2), 2);
    if (t.startsWith("<!", lt)) return this.declaration(lt);
    const gt = t.indexOf(">", lt);
    if (gt < 0) return -1;
    if (t.charCodeAt(lt + 1) !== 0x2f) return this.open(t.slice(lt + 1, gt), gt + 1);
    this.close(t.slice(lt + 2, gt).trim());
    return gt + 1;
  }

  /** Skip `<!DOCTYPE … [internal subset]>` whole: its entities are never defined (SEC-4). */
  private declaration(lt: number): number {
    const t = this.text;
    const gt = t.indexOf(">", lt);
    if (gt < 0) return -1;
    const bracket = t.slice(lt, gt).indexOf("[");
    if (bracket < 0) return gt + 1;
    const end = /\]\s*>/g;
    end.lastIndex = lt + bracket;
    const m = end.exec(t);
    return m ? m.index + m[0].length : -1;
  }

  /** Handle a start tag ending just before `next`; returns where to continue reading. */
  private open(source: string, next: number): number {
    if (this.stack.length >= MAX_DEPTH) return next;
    const { raw, local, rest, selfClosing } = splitStartTag(source);
    const parent = this.stack.at(-1);
    const depth = this.stack.length;
    if (depth === 0 && !this.root) this.root = local;
    const inRecord = parent?.element !== undefined;
    const record = !inRecord && !parent?.skip && this.options.isRecord(local, depth);
    const unread = inRecord && this.options.skip?.has(local) === true;
    const jump = unread ? (selfClosing ? next : this.skipTo(raw, next)) : -1;
    if (jump >= 0) return jump;
    // Without its end tag (cut, or spelt another way) an unread element is read as skipped frames.
    const skip = unread || parent?.skip === true || (inRecord && this.keptInRecord >= MAX_RECORD_ELEMENTS);
    const keep = !skip && (record || inRecord);
    if (keep) this.keptInRecord = record ? 1 : this.keptInRecord + 1;
    const declares = rest.includes("xmlns");
    const wanted = keep || declares || rest.includes("xml:base");
    const attrs = wanted && rest.includes("=") ? parseAttributes(rest) : NO_ATTRIBUTES;
    const unbind = declares ? this.scope.bind(attrs) : NONE;
    const base = attrs["xml:base"];
    const bases = base === undefined ? (parent?.bases ?? NONE) : [...(parent?.bases ?? NONE), base];
    // Fields written out, not spread: a spread here made reading ten times slower in V8.
    const name = keep ? this.scope.key(raw) : undefined;
    const element = name ? { key: name.key, local: name.local, attrs, text: "", children: [], bases } : undefined;
    if (element && !record) parent?.element?.children.push(element);
    const frame: Frame = { raw, unbind, bases, element, record, skip };
    if (selfClosing) this.finish(frame);
    else this.stack.push(frame);
    return next;
  }

  /**
   * Jump past `</raw>` without reading what is inside: descriptions and bodies are never
   * tokenized (STO-3), and raw HTML in them (`<br>`, `<img>`, unescaped in broken feeds)
   * cannot unbalance the items around them. -1 if the document ends first.
   */
  private skipTo(raw: string, from: number): number {
    if (from >= (this.noEndTagAfter.get(raw) ?? Infinity)) return -1; // searched to the end once already
    const t = this.text;
    const end = `</${raw}`;
    for (let at = t.indexOf(end, from); at >= 0; at = t.indexOf(end, at + end.length)) {
      END_TAG_REST.lastIndex = at + end.length;
      if (END_TAG_REST.test(t)) return END_TAG_REST.lastIndex;
    }
    this.noEndTagAfter.set(raw, from);
    return -1;
  }

  /** An end tag closes the nearest open element of that name (and any left open inside it); case is forgiven. */
  private close(name: string): void {
    const floor = Math.max(0, this.stack.length - CLOSE_SEARCH);
    let match = -1;
    for (let i = this.stack.length - 1; i >= floor && match < 0; i--) if (this.stack[i]?.raw === name) match = i;
    const lower = match < 0 ? name.toLowerCase() : "";
    for (let i = this.stack.length - 1; i >= floor && match < 0; i--) if (this.stack[i]?.raw.toLowerCase() === lower) match = i;
    while (match >= 0 && this.stack.length > match) this.finish(this.stack.pop() as Frame);
  }

  private finish(frame: Frame): void {
    this.scope.unbind(frame.unbind);
    const { element } = frame;
    if (!element) return;
    if (frame.record) {
      this.records++;
      this.options.onRecord(element, this.root);
    } else {
      const parent = this.stack.at(-1)?.element;
      if (parent) appendCapped(parent, element.text);
    }
  }

  private addText(chunk: string, encoded: boolean): void {
    const element = this.stack.at(-1)?.element;
    const room = MAX_TEXT - (element?.text.length ?? MAX_TEXT);
    if (!element || room <= 0) return;
    // Cut before decoding: references only shrink text, and a huge text node costs nothing past the cap.
    const kept = chunk.length > room ? chunk.slice(0, room) : chunk;
    appendCapped(element, encoded ? decodeEntities(kept) : kept);
  }
}

function appendCapped(element: XmlElement, text: string): void {
  const room = MAX_TEXT - element.text.length;
  if (room > 0) element.text += text.length > room ? text.slice(0, room) : text;
}
