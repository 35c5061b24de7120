/**
 * The readable body of an open article (SPEC EXT-4): Mozilla Readability on the linkedom
 * document, as plain text, whitespace-normalised and capped. It lives in memory only
 * (STO-3): callers derive their numbers from it and drop it in the same pass.
 */
import { Readability } from "@mozilla/readability";
import { collapseWhitespace } from "../html/text";

/** Largest body kept in memory, in characters (≈200 KB of text; long reads are ~60 KB). */
export const MAX_BODY_CHARS = 200_000;

/**
 * Most nodes handed to Readability (SEC-4; `nodesForReadability`). Its cost grows faster than the page: a
 * 10 MiB page (POL-5's cap) of ~190,000 elements took ~10 s and over 256 MiB of heap
 * (tests/fuzz, "article: 10 MiB body"). Article pages have a few thousand elements; past
 * this there is no body, as for a walled page. Counted by us: Readability's own
 * `maxElemsToParse` counts `getElementsByTagName("*")`, which is empty under linkedom.
 */
export const MAX_BODY_NODES = 30_000;

/**
 * Characters linkedom writes as character references when it serialises text (its text
 * escaper: `<`, `>`, `&`, no-break space). Readability reads the body's HTML and parses it
 * again, and linkedom's parser makes one text node of every reference: a page of 100,000 bare
 * `&` is one node until then and 100,000 after, which took Readability 1.7 s of CPU (found by
 * the article fuzz test).
 */
const ESCAPED_IN_TEXT = /[<>&\u00a0]/g;

/** The nodes Readability will work on: elements, text nodes, and a node per escaped character. */
function nodesForReadability(doc: Document): number {
  let nodes = doc.querySelectorAll("*").length;
  const walker = doc.createTreeWalker(doc, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node && nodes <= MAX_BODY_NODES; node = walker.nextNode()) {
    nodes += 1 + (node.nodeValue?.match(ESCAPED_IN_TEXT)?.length ?? 0);
  }
  return nodes;
}

/** Text cut at `max` characters, on a word boundary when one is near. */
export function capText(text: string, max = MAX_BODY_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max);
  return text.slice(0, cut > max * 0.9 ? cut : max);
}

/** EXT-4: the body text Readability finds, or undefined; the document is modified (call it last). */
export function readableBody(doc: Document): string | undefined {
  try {
    collapseBlankRuns(doc);
    if (nodesForReadability(doc) > MAX_BODY_NODES) return undefined;
    // JSON-LD is read by our own parser; Readability's copy of it would only cost time.
    const article = new Readability(doc, { disableJSONLD: true }).parse();
    const text = collapseWhitespace(article?.textContent ?? "");
    return text === "" ? undefined : capText(text);
  } catch {
    return undefined; // Readability throws on some malformed documents; no body, no crash
  }
}

/**
 * Shorten every run of blank characters in the document's text to one space (SEC-4). The
 * body is whitespace-collapsed in the end anyway, and Readability spends seconds on long
 * blank runs: a page of 60,000 no-break spaces took 1.4 s of CPU (found by the article fuzz
 * test, seed 150202850).
 */
function collapseBlankRuns(doc: Document): void {
  const walker = doc.createTreeWalker(doc, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? "";
    if (text.length > 1 && /\s{2}/.test(text)) node.nodeValue = text.replace(/\s{2,}/g, " ");
  }
}
