/**
 * A guard against hostile attribute lists (SPEC SEC-4): Readability walks an element's
 * attributes by index, and linkedom builds that list anew on every read, so the cost grows
 * with the square of the count (a 7 KB tag of ~700 attributes took 2 s of CPU, found by
 * tests/fuzz/article). Real pages stay far below the limit; a tag with more keeps its first
 * ones.
 */

/** Most attributes kept on one element. */
export const MAX_ATTRIBUTES = 64;

// Start tags long enough to hold more than the limit (each attribute takes two characters at least).
const LONG_TAG = new RegExp(`<[a-zA-Z][a-zA-Z0-9-]*\\s[^>]{${2 * MAX_ATTRIBUTES},}>`, "g");
// One attribute: a name, with or without a (quoted or bare) value.
const ATTRIBUTE = /[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** `text` with every start tag cut to its first `MAX_ATTRIBUTES` attributes. */
export function limitAttributes(text: string): string {
  return text.replace(LONG_TAG, (tag) => {
    const nameEnd = tag.search(/\s/);
    const close = tag.endsWith("/>") ? "/>" : ">";
    const attributes = tag.slice(nameEnd, tag.length - close.length).match(ATTRIBUTE) ?? [];
    return attributes.length <= MAX_ATTRIBUTES ? tag : `${tag.slice(0, nameEnd)} ${attributes.slice(0, MAX_ATTRIBUTES).join(" ")}${close}`;
  });
}
