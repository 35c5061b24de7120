/**
 * A guard against hostile nesting (SPEC SEC-4): linkedom's parse time grows steeply with
 * element depth (measured ~0.5 s at 20,000 nested divs, ~9 s at 100,000), and a 10 MiB
 * page can nest far deeper. Real pages stay well under 100 levels, so the text is cut
 * where nesting first passes the limit: what came before is still parsed.
 */

/** Deepest nesting kept by the streaming front-page scan. @default 1024 */
export const MAX_DEPTH = 1024;
/**
 * Deepest nesting kept in a DOM (articles, legal notices, discovery): Readability's cost
 * grows with depth times size (a page of ~1,000 unclosed divs took seconds of CPU, found
 * by tests/fuzz/article).
 */
export const MAX_DOM_DEPTH = 256;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  "param",
  "keygen",
]);
const RAW = new Set(["script", "style", "textarea", "title"]);

/** `text` unchanged, or cut before the tag that would nest deeper than `maxDepth`. */
export function limitNesting(text: string, maxDepth = MAX_DEPTH): string {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/g;
  // End tags of raw-text elements, found case-insensitively without a lower-cased copy of the page.
  const rawEnd = new Map([...RAW].map((name) => [name, new RegExp(`</${name}`, "gi")]));
  let depth = 0;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(text)) !== null) {
    const [, closing, rawName, selfClosing] = match;
    const name = rawName!.toLowerCase();
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (selfClosing || VOID.has(name)) continue;
    if (RAW.has(name)) {
      // Skip the raw text of script/style: its "<" are not tags.
      const end = rawEnd.get(name)!;
      end.lastIndex = tag.lastIndex;
      tag.lastIndex = end.exec(text)?.index ?? text.length;
      continue;
    }
    if (++depth > maxDepth) return text.slice(0, match.index);
  }
  return text;
}
