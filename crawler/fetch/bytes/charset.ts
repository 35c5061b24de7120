/**
 * Character encodings of fetched bodies (SPEC EXT-1: wrong or missing declarations,
 * windows-1252 / ISO-8859-1, BOMs). Parsers receive bytes and call these two functions.
 * Labels follow the WHATWG Encoding Standard: `iso-8859-1`, `latin1` and `ascii` all mean
 * windows-1252, which we decode ourselves because Node 20's TextDecoder maps 0x80–0x9F
 * of windows-1252 to C1 controls (so `€` would be lost).
 */
import { isAscii, isUtf8 } from "node:buffer";
import { detachedString } from "../../../lib/detached-string";

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xfe, 0xff], "utf-16be"],
  [[0xff, 0xfe], "utf-16le"],
];
/** HTML prescan window; the spec suggests 1024 bytes, news sites often have longer heads. */
const PRESCAN_BYTES = 4096;

const labelCache = new Map<string, string | undefined>();

/** The WHATWG canonical name for a charset label (`latin1` → `windows-1252`), or undefined if unknown. */
export function normaliseCharset(label: string): string | undefined {
  const key = label
    .trim()
    .replace(/^["']|["']$/g, "")
    .toLowerCase();
  if (labelCache.has(key)) return labelCache.get(key);
  let name: string | undefined;
  if (key === "x-user-defined")
    name = "windows-1252"; // HTML §13.2.3.3 treats it so for documents
  else {
    try {
      name = key ? new TextDecoder(key).encoding : undefined;
    } catch {
      name = undefined; // unknown labels are ignored, as WHATWG says
    }
  }
  if (labelCache.size < 256) labelCache.set(detachedString(key), name);
  return name;
}

/** The body's encoding: BOM, else Content-Type charset, else XML declaration, else `<meta>`; undefined if none. */
export function detectCharset(headers: Readonly<Record<string, string | undefined>>, bytes: Uint8Array): string | undefined {
  // The BOM comes first because it cannot lie about the bytes (WHATWG Encoding "decode",
  // RFC 7303 §3.3 for XML); an unknown label is skipped and the next source is tried.
  const bom = bomCharset(bytes);
  if (bom) return bom;
  const fromHeader = contentTypeCharset(headerValue(headers, "content-type"));
  if (fromHeader) return fromHeader;
  const prefix = latin1(bytes.subarray(0, PRESCAN_BYTES));
  return xmlDeclarationCharset(bytes, prefix) ?? metaCharset(prefix);
}

/**
 * The encoding of an HTML body: BOM, else the Content-Type charset (the HTTP header wins,
 * as browsers do), else UTF-8 when the bytes are valid UTF-8 beyond ASCII, else `<meta>` or
 * the XML declaration. A `<meta>` naming a single-byte charset over valid multi-byte UTF-8
 * is a template default that lies (a page declaring ISO-8859-15 whose "sanción" would read
 * "sanciÃ³n"); other encodings almost never form valid multi-byte UTF-8 by chance.
 */
export function htmlCharset(contentType: string | undefined, bytes: Uint8Array): string | undefined {
  const bom = bomCharset(bytes);
  if (bom) return bom;
  const fromHeader = contentTypeCharset(contentType);
  if (fromHeader) return fromHeader;
  if (isNonAsciiUtf8(bytes)) return "utf-8";
  return detectCharset({}, bytes);
}

/** True when the bytes hold non-ASCII text that is valid UTF-8 (a multi-byte sequence cut at the very end allowed). */
export function isNonAsciiUtf8(bytes: Uint8Array): boolean {
  return !isAscii(bytes) && isUtf8(withoutCutTail(bytes));
}

/** The bytes without a multi-byte sequence cut by truncation, so a cut body still counts as UTF-8. */
export function withoutCutTail(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const b = bytes[bytes.length - back] ?? 0;
    if (b < 0x80) return bytes;
    if (b >= 0xc0) {
      const needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.subarray(0, bytes.length - back) : bytes;
    }
  }
  return bytes;
}

/** Decode bytes as text; a BOM wins over `charset`, unknown or missing labels mean UTF-8, bad bytes become U+FFFD. */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  const bom = bomCharset(bytes);
  const name = bom ?? (charset ? normaliseCharset(charset) : undefined) ?? "utf-8";
  if (name === "windows-1252") return decodeWindows1252(bytes);
  try {
    // ignoreBOM: false strips a BOM of this encoding, the one bomCharset found.
    return new TextDecoder(name, { fatal: false }).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes); // e.g. an ICU-less build lacking the encoding
  }
}

/** The charset parameter of a Content-Type value, normalised; undefined if absent or unknown. */
export function contentTypeCharset(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? "");
  return m?.[2] ? normaliseCharset(m[2]) : undefined;
}

function bomCharset(bytes: Uint8Array): string | undefined {
  return BOMS.find(([bom]) => bom.every((b, i) => bytes[i] === b))?.[1];
}

function headerValue(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

function xmlDeclarationCharset(bytes: Uint8Array, prefix: string): string | undefined {
  // XML 1.0 Appendix F: `<?` in UTF-16 without a BOM.
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) return "utf-16le";
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) return "utf-16be";
  const m = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._:-]*)["']/.exec(prefix);
  return m?.[1] ? asciiCompatible(normaliseCharset(m[1])) : undefined;
}

function metaCharset(prefix: string): string | undefined {
  const html = prefix.replace(/<!--[\s\S]*?(-->|$)/g, "");
  for (const tag of html.matchAll(/<meta\b([^>]*)>?/gi)) {
    const attrs = attributes(tag[1] ?? "");
    const declared =
      attrs.get("charset") ??
      (attrs.get("http-equiv")?.toLowerCase() === "content-type" ? contentTypeLabel(attrs.get("content")) : undefined);
    const name = declared ? asciiCompatible(normaliseCharset(declared)) : undefined;
    if (name) return name;
  }
  return undefined;
}

function contentTypeLabel(content: string | undefined): string | undefined {
  return /charset\s*=\s*["']?([^\s"';]+)/i.exec(content ?? "")?.[1];
}

function attributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!attrs.has(name)) attrs.set(name, (m[2] ?? "").replace(/^["']|["']$/g, ""));
  }
  return attrs;
}

/** A declaration we could read as ASCII cannot be UTF-16 (HTML prescan rule): it means UTF-8. */
function asciiCompatible(name: string | undefined): string | undefined {
  return name === "utf-16le" || name === "utf-16be" ? "utf-8" : name;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

// WHATWG index-windows-1252 for 0x80–0x9F; every other byte is its own code point.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

// Through a code-unit array, not `String#replace`: one callback per 0x80–0x9F byte built a
// string of millions of pieces (10 MiB of curly quotes needed > 500 MiB of heap; SEC-4, tests/fuzz).
function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    units[i] = b >= 0x80 && b <= 0x9f ? (CP1252_HIGH[b - 0x80] ?? b) : b;
  }
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString("utf16le");
}
