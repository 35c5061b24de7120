/**
 * Bylines from feed items (SPEC EXT-1, STO-1 "author names"): RSS `author`, `dc:creator`
 * and Atom `author/name`. Names only — emails are contact data we have no use for.
 */
import type { XmlElement } from "../xml/xml";
import { childrenOf, firstOf, inlineText } from "../xml/query";

/** More names than this is a tag list, not a byline. */
const MAX_AUTHORS = 20;
const MAX_NAME = 100;
// Parts bounded by RFC 5321's lengths (64-octet local part, 255-octet domain): unbounded,
// the regex retried from every character of a long token without "@" (SEC-4, tests/fuzz/feed).
const EMAIL = /[^\s<>()[\],;]{1,64}@[^\s<>()[\],;]{1,255}/g;
// One element often credits several people: "Ana Pérez y Luis Gómez", "EFE, Europa Press".
const SEPARATORS = /\s*(?:,|;|\||\s&\s|\sy\s|\sand\s)\s*/i;
const BYLINE_PREFIX = /^(?:por|by)\s*:?\s+/i;

/** The distinct author names of an item or entry, in document order. */
export function itemAuthors(item: XmlElement): string[] {
  const raw: string[] = [];
  for (const author of childrenOf(item, "author", "atom:author")) {
    const name = firstOf(author, "name", "atom:name");
    raw.push(name ? name.text : rssAuthor(author.text));
  }
  for (const creator of childrenOf(item, "dc:creator")) raw.push(creator.text);
  return authorNames(raw);
}

/** The distinct names in bylines as written (several people in one, emails and "Por" dropped), in order. */
export function authorNames(raw: readonly string[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    for (const name of splitNames(value)) {
      const key = name.toLocaleLowerCase("es");
      if (seen.has(key) || names.length >= MAX_AUTHORS) continue;
      seen.add(key);
      names.push(name);
    }
  }
  return names;
}

/** RSS 2.0 `author` is "email (Name)"; the name is in the parentheses when there is one. */
function rssAuthor(text: string): string {
  const inParens = /\(([^()]+)\)/.exec(text)?.[1];
  return inParens && text.includes("@") ? inParens : text;
}

const TRAILING = /[\s\-–—·:]/;

// A loop, not `/[…]+$/`: that regex retries from every dash of an inner run (SEC-4, tests/fuzz/feed).
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

function splitNames(value: string): string[] {
  const text = inlineText(value)
    .replace(EMAIL, " ")
    .replace(/[<>()[\]]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text
    .split(SEPARATORS)
    .map((part) => trimEnd(part.replace(BYLINE_PREFIX, "").replace(/^[\s\-–—·:.]+/, "")))
    .filter((name) => name.length >= 2 && name.length <= MAX_NAME && /\p{L}/u.test(name));
}
