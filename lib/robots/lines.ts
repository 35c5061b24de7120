/**
 * robots.txt tokenizer (RFC 9309 §2.2): size cap, BOM, CR/LF/CRLF, comments, key/value
 * lines with Google's tolerances (missing colon, common misspellings). Grouping is in robots.ts.
 */

/** The records Hemeroscopio reads; every other line is ignored (RFC 9309 §2.2.4). */
export type RobotsKey = "user-agent" | "allow" | "disallow" | "sitemap" | "crawl-delay" | "content-signal" | "content-usage";

/** One recognised line: its record name, trimmed value and 1-based line number. */
export interface RobotsLine {
  readonly key: RobotsKey;
  readonly value: string;
  readonly line: number;
}

// Content past the cap is ignored, and so is the line the cap cuts through.
/** Bytes of robots.txt parsed: 512 KiB (524,288), above RFC 9309 §2.5's 500 KiB floor. */
export const ROBOTS_MAX_BYTES = 512 * 1024;

// google/robotstxt keeps 2083 * 8 - 1 bytes of a line. We cut only Disallow lines there
// (a shorter Disallow is broader, never more permissive); Allow lines are kept whole.
const GOOGLE_MAX_LINE_BYTES = 2083 * 8 - 1;

// Keys match by prefix, case-insensitively, as google/robotstxt does (`KeyIs…`), with its
// frequent typos; RFC 9309 §2.2.4 lets parsers be lenient about misspellings.
const KEY_PREFIXES: ReadonlyArray<readonly [string, RobotsKey]> = [
  ["user-agent", "user-agent"],
  ["useragent", "user-agent"],
  ["user agent", "user-agent"],
  ["disallow", "disallow"],
  ["dissallow", "disallow"],
  ["dissalow", "disallow"],
  ["disalow", "disallow"],
  ["diasllow", "disallow"],
  ["disallaw", "disallow"],
  ["allow", "allow"],
  ["sitemap", "sitemap"],
  ["site-map", "sitemap"],
  ["crawl-delay", "crawl-delay"],
  ["crawldelay", "crawl-delay"],
  ["content-signal", "content-signal"],
  ["content-usage", "content-usage"],
];

// RFC 9309 §2.2 whitespace: space, tab, and the vertical tab and form feed Google allows.
function isWs(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c;
}

// A loop, not `/[ \t\v\f]+$/`: that regex retries from every space of an inner run, so a
// line with a 200 KB run of spaces took ~45 s (SEC-4, found by tests/fuzz/robots).
function trimWs(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isWs(text.charCodeAt(start))) start++;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

// UTF-8 bytes of one UTF-16 code unit (each half of a surrogate pair counts 2 of its 4).
function unitBytes(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff)) return 2;
  return 3;
}

/** UTF-8 length of a string without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) bytes += unitBytes(text.charCodeAt(i));
  return bytes;
}

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8. */
function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    bytes += unitBytes(text.charCodeAt(i));
    if (bytes > maxBytes) return text.slice(0, i);
  }
  return text;
}

/** RFC 9309 §2.5: keep whole lines within the cap. */
function capBody(body: string, maxBytes: number): string {
  if (body.length * 3 <= maxBytes || utf8Length(body) <= maxBytes) return body;
  const head = truncateUtf8(body, maxBytes);
  const next = body[head.length];
  if (next === "\n" || next === "\r") return head;
  const lastBreak = Math.max(head.lastIndexOf("\n"), head.lastIndexOf("\r"));
  return lastBreak < 0 ? "" : head.slice(0, lastBreak);
}

function keyOf(name: string): RobotsKey | undefined {
  const lower = name.toLowerCase();
  return KEY_PREFIXES.find(([prefix]) => lower.startsWith(prefix))?.[1];
}

function parseLine(raw: string): { key: RobotsKey; value: string } | undefined {
  const hash = raw.indexOf("#"); // RFC 9309 §2.2: a comment runs to the end of the line
  const text = trimWs(hash < 0 ? raw : raw.slice(0, hash));
  const colon = text.indexOf(":");
  const name = colon < 0 ? "" : trimWs(text.slice(0, colon));
  if (name !== "" && (!/[ \t]/.test(name) || name.toLowerCase() === "user agent")) {
    const key = keyOf(name);
    return key && { key, value: trimWs(text.slice(colon + 1)) };
  }
  // google/robotstxt ID_LineSyntax_Line: "disallow /" is read as "disallow: /" when the
  // line is exactly two runs of non-whitespace (also "Sitemap https://…").
  const [first = "", value, ...more] = text.split(/[ \t]+/);
  const key = value === undefined || more.length > 0 ? undefined : keyOf(first);
  return key && value !== undefined ? { key, value } : undefined;
}

/** Split a robots.txt body into recognised lines; unknown and malformed lines are dropped. */
export function robotsLines(body: string, maxBytes = ROBOTS_MAX_BYTES): RobotsLine[] {
  // A BOM (or the U+FFFD left by a partial one) before the first record is skipped
  // (google/robotstxt ID_UTF8ByteOrderMarkIsSkipped).
  const text = capBody(body, maxBytes).replace(/^[\uFEFF\uFFFD]+/, "");
  const out: RobotsLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    let parsed = parseLine(raw);
    if (parsed?.key === "disallow" && utf8Length(raw) > GOOGLE_MAX_LINE_BYTES) {
      parsed = parseLine(truncateUtf8(raw, GOOGLE_MAX_LINE_BYTES));
    }
    if (parsed) out.push({ ...parsed, line: index + 1 });
  });
  return out;
}
