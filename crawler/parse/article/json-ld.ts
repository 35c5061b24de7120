/**
 * JSON-LD blocks of a page (SPEC EXT-4, SIG-2), read as publishers actually write them:
 * several `<script type="application/ld+json">` blocks, CDATA or comment wrappers, the
 * whole block HTML-entity-escaped, raw line breaks inside strings, trailing commas,
 * invalid escapes and several objects in one block. A block that still cannot be read is
 * skipped; the others count (docs/standards.md §8 "survive broken blocks").
 */
import { decodeEntities } from "../xml/entities";

/** Largest block we try to read; article metadata is a few KiB, anything bigger is a site dump. */
const MAX_BLOCK_CHARS = 2_000_000;

// JSON has only these escapes; `\'` and `\x` in the wild are read as the bare character.
const JSON_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function unwrap(text: string): string {
  return text
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[/, "")
    .replace(/(?:\/\/\s*)?\]\]>$/, "")
    .replace(/^<!--/, "")
    .replace(/-->$/, "")
    .trim();
}

/** Fixes the common JSON errors without touching string contents otherwise. */
export function repairJson(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === "\\") {
        const next = text[i + 1] ?? "";
        out += JSON_ESCAPES.has(next) ? `\\${next}` : next < " " ? (CONTROL_ESCAPES[next] ?? "") : next;
        i++;
      } else if (c === '"') {
        inString = false;
        out += c;
      } else if (c < " ") {
        out += CONTROL_ESCAPES[c] ?? "";
      } else out += c;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ",") {
      const rest = /^\s*([}\]]|$)/.exec(text.slice(i + 1, i + 200));
      if (rest) continue; // trailing comma
    }
    out += c;
  }
  return out;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One block's JSON, tolerating the usual breakage; undefined when unreadable. */
export function parseJsonLoose(raw: string): unknown {
  if (raw.length > MAX_BLOCK_CHARS) return undefined;
  let text = unwrap(raw);
  if (text === "") return undefined;
  const strict = tryParse(text);
  if (strict !== undefined) return strict;
  if (/^[[{]\s*&(?:quot|#34|#x22);/i.test(text)) text = decodeEntities(text);
  const repaired = repairJson(text);
  // Several top-level objects written one after the other: `{…}\n{…}`.
  return tryParse(repaired) ?? tryParse(`[${repaired.replace(/}\s*{/g, "},{")}]`);
}

/** The parsed JSON values of every JSON-LD block of the document, in document order. */
export function readJsonLd(doc: Document): unknown[] {
  const values: unknown[] = [];
  for (const script of doc.querySelectorAll("script[type]")) {
    const type = (script.getAttribute("type") ?? "").trim().toLowerCase();
    if (!type.startsWith("application/ld+json")) continue;
    const value = parseJsonLoose(script.textContent ?? "");
    if (value !== undefined) values.push(value);
  }
  return values;
}
