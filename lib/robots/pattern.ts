/**
 * robots.txt path patterns (RFC 9309 §2.2.2, §2.2.3): percent-encoding normalisation,
 * `*` / `$` wildcards and the longest-match decision. Pure string work, no regex built
 * from untrusted input.
 */

/** A compiled Allow/Disallow/location pattern. */
export interface PathPattern {
  /** Literal pieces between `*` wildcards, already normalised. */
  readonly segments: readonly string[];
  /** True when the pattern ended in `$` (RFC 9309 §2.2.3: end of the match pattern). */
  readonly anchored: boolean;
  /** Octets of the normalised pattern: RFC 9309 §2.2.2 "the match that has the most octets". */
  readonly priority: number;
}

/** One Allow or Disallow rule of a group. */
export interface PathRule {
  readonly allow: boolean;
  readonly pattern: PathPattern;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
// RFC 3986 gen-delims and sub-delims kept as they are on both sides. `*`, `$` and `'` are
// absent on purpose: they are always compared %-encoded (RFC 9309 §2.2.3 Fig. 6 writes a
// literal `*` as %2A and `$` as %24; WHATWG URL serialises `'` in queries as %27).
const RESERVED_KEPT = new Set(":/?#[]@!&()+,;=");
// Inside a query, %3A %2F %3F %40 are compared decoded, so that `?u=https://a.b` and
// `?u=https%3A%2F%2Fa.b` are the same octets (RFC 9309 §2.2.2 Fig. 4, google/robotstxt).
const QUERY_DECODED = new Set([0x3a, 0x2f, 0x3f, 0x40]);
const HEX = /^[0-9A-Fa-f]{2}$/;

function percent(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

function encodeUtf8(char: string): string {
  try {
    return encodeURIComponent(char).replace(/%[0-9a-f]{2}/g, (s) => s.toUpperCase());
  } catch {
    return "%EF%BF%BD"; // a lone surrogate: compare it as U+FFFD
  }
}

function encodeAscii(char: string): string {
  return percent(char.charCodeAt(0));
}

// RFC 9309 §2.2.2: non-ASCII → UTF-8 %XX, %xx → uppercase hex, %XX of an unreserved
// character → that character. In a pattern, `*` and a final `$` stay operators.
/** Normalise a URI path+query or a robots.txt pattern so both compare octet by octet. */
export function normalisePath(input: string, isPattern = false): string {
  let out = "";
  let inQuery = false;
  for (let i = 0; i < input.length; i++) {
    const char = input[i] ?? "";
    const code = char.charCodeAt(0);
    if (char === "%") {
      const hex = input.slice(i + 1, i + 3);
      if (!HEX.test(hex)) {
        out += "%25";
        continue;
      }
      const byte = Number.parseInt(hex, 16);
      const decoded = String.fromCharCode(byte);
      const keepDecoded = UNRESERVED.test(decoded) || (inQuery && QUERY_DECODED.has(byte));
      out += keepDecoded ? decoded : percent(byte);
      i += 2;
    } else if (isPattern && (char === "*" || (char === "$" && i === input.length - 1))) {
      out += char;
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < input.length) {
      out += encodeUtf8(input.slice(i, i + 2));
      i += 1;
    } else if (code > 0x7f) {
      out += encodeUtf8(char);
    } else if (UNRESERVED.test(char) || RESERVED_KEPT.has(char)) {
      if (char === "?") inQuery = true;
      out += char;
    } else {
      out += encodeAscii(char); // space, controls, `"<>\^{|}`, and `*` `$` `'` as literals
    }
  }
  return out;
}

/** Compile a pattern; `undefined` for an empty one (RFC 9309 §2.2.2: empty Disallow matches nothing). */
export function compilePattern(raw: string): PathPattern | undefined {
  const norm = normalisePath(raw.trim(), true);
  if (norm === "") return undefined;
  const anchored = norm.endsWith("$");
  const body = anchored ? norm.slice(0, -1) : norm;
  return { segments: body.split("*"), anchored, priority: norm.length };
}

/** True when the pattern matches the start of the normalised path (anchored at its end with `$`). */
export function matchesPattern(pattern: PathPattern, path: string): boolean {
  const [first = "", ...rest] = pattern.segments;
  if (!path.startsWith(first)) return false;
  if (rest.length === 0) return !pattern.anchored || path.length === first.length;
  // Middle pieces: leftmost occurrence is always safe for `*`-only globs (linear, no backtracking).
  let pos = first.length;
  for (const piece of rest.slice(0, -1)) {
    const at = path.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  const last = rest[rest.length - 1] ?? "";
  if (pattern.anchored) return path.length - last.length >= pos && path.endsWith(last);
  return path.indexOf(last, pos) >= 0;
}

// No match means allowed.
/** RFC 9309 §2.2.2 verdict for a normalised path: longest match decides, Allow wins a tie. */
export function isPathAllowed(rules: readonly PathRule[], path: string): boolean {
  let bestAllow = -1;
  let bestDisallow = -1;
  for (const { allow, pattern } of rules) {
    const best = allow ? bestAllow : bestDisallow;
    if (pattern.priority <= best || !matchesPattern(pattern, path)) continue;
    if (allow) bestAllow = pattern.priority;
    else bestDisallow = pattern.priority;
  }
  return bestDisallow <= bestAllow;
}
