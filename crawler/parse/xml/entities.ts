/**
 * Character references in feed, sitemap and JSON-LD text, decoded by the `entities`
 * package (the decoder htmlparser2 uses): numeric references and every named HTML
 * reference (`&nbsp;`, `&aacute;`, `&hellip;`), which Spanish feeds use freely though XML
 * does not define them. Entities a DOCTYPE declares stay literal, since the decoder knows
 * only the standard names: billion-laughs and external entities cannot grow or fetch
 * anything (SPEC SEC-4).
 */
import { decodeHTMLStrict } from "entities";

/**
 * Decode numeric and named character references that end in `;`; unknown names and a
 * stray `&` stay as written. `&#128;`–`&#159;` name windows-1252 characters (HTML
 * §13.2.5.80: `&#150;` is an en dash), and a reference to no character is U+FFFD.
 */
export function decodeEntities(text: string): string {
  return text.includes("&") ? decodeHTMLStrict(text) : text;
}
