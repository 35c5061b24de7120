/** Pieces of XML markup for the record reader (SPEC EXT-1, EXT-2): tag names, attributes, markup starts. */
import { decodeEntities } from "./entities";

const ATTRIBUTE = /([^\s=/"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const NAME_END = /[\s/]/;

/** A start tag's text between `<` and `>`, split up. */
export interface StartTag {
  raw: string;
  local: string;
  /** Everything after the name: the attributes, unparsed. */
  rest: string;
  selfClosing: boolean;
}

/** Split `name attr="v" /` into its name, local name, attribute text and self-closing flag. */
export function splitStartTag(source: string): StartTag {
  const selfClosing = source.endsWith("/");
  const body = selfClosing ? source.slice(0, -1) : source;
  const nameEnd = body.search(NAME_END);
  const raw = nameEnd < 0 ? body : body.slice(0, nameEnd);
  return { raw, local: raw.slice(raw.indexOf(":") + 1), rest: nameEnd < 0 ? "" : body.slice(nameEnd), selfClosing };
}

/** Attributes with entity-decoded values; the first of a repeated name wins, values may be unquoted. */
export function parseAttributes(source: string): Record<string, string> {
  // A plain object (null-prototype ones are slow in V8); hasOwn keeps `__proto__` & co. out.
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1];
    if (name && name !== "__proto__" && !Object.hasOwn(attrs, name)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** True for `/`, `!`, `?` or an XML name start (letter, `_`, `:`, non-ASCII) after a `<`; else the `<` is text. */
export function isMarkupStart(c: number): boolean {
  return (
    c === 0x2f || c === 0x21 || c === 0x3f || c === 0x3a || c === 0x5f || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0xc0
  );
}

/** Where an end delimiter found at `index` (or -1) ends. */
export function after(index: number, length: number): number {
  return index < 0 ? -1 : index + length;
}
