/**
 * The text of an outlet's legal notice page (SPEC LEG-1): what Readability finds as the
 * main text, else the page's visible body text; whitespace-normalised and capped. Unlike
 * article bodies, this text is kept — only when it changed — because it states the terms
 * we collect under; it is shown to the operator, never on the public site.
 */
import { capText, readableBody } from "../article/body";
import { parseHtmlDocument } from "./document";
import { collapseWhitespace } from "./text";

/** Longest notice kept, in characters (notices run to 5–40 KB of text). */
export const MAX_NOTICE_CHARS = 100_000;

/** Elements whose text is not the page's prose. */
const NOT_PROSE = "script, style, noscript, template, nav, header, footer, [hidden], [aria-hidden=true]";

/** The body's prose: its text without scripts, styles, menus and hidden parts . */
function bodyText(doc: Document): string {
  if (!doc.body) return "";
  const body = doc.body.cloneNode(true) as HTMLElement;
  for (const el of [...body.querySelectorAll(NOT_PROSE)]) el.remove();
  return collapseWhitespace(body.textContent ?? "");
}

/** The notice's text, or undefined when the page has none. */
export function legalNoticeText(html: Uint8Array | string, contentType?: string): string | undefined {
  const doc = parseHtmlDocument(html, contentType);
  const visible = bodyText(doc);
  const main = readableBody(doc);
  // Readability may pick a fragment of a short page: take it only when it holds most of the text.
  const text = main !== undefined && main.length >= visible.length * 0.5 ? main : visible;
  return text === "" ? undefined : capText(text, MAX_NOTICE_CHARS);
}
