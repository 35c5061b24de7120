/**
 * Bytes of a feed or sitemap to text (SPEC EXT-1): declared charsets are trusted only as
 * far as the bytes agree. Spanish outlets often send windows-1252 / ISO-8859-1 declared as
 * UTF-8 (or not declared), UTF-8 served as ISO-8859-1, and feeds mixing both.
 */
import { isUtf8 } from "node:buffer";
import { decodeText, detectCharset, isNonAsciiUtf8, withoutCutTail } from "../../fetch/bytes/charset";

/** The document as text: BOM, header and XML declaration read, invalid UTF-8 repaired byte by byte as windows-1252. */
export function xmlText(body: Uint8Array | string, contentType?: string): string {
  if (typeof body === "string") return body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  const declared = detectCharset(contentType ? { "content-type": contentType } : {}, body);
  if (declared === undefined || declared === "utf-8") return decodeUtf8Lenient(body);
  // A single-byte label over bytes that are valid, non-ASCII UTF-8 is a server default that
  // lies: cp1252 prose almost never forms valid multi-byte sequences by chance.
  if (declared === "windows-1252" && isNonAsciiUtf8(body)) return decodeText(body, "utf-8");
  return decodeText(body, declared);
}

/** UTF-8 where the bytes are valid UTF-8; each invalid byte is read as windows-1252 instead of U+FFFD. */
export function decodeUtf8Lenient(bytes: Uint8Array): string {
  const whole = withoutCutTail(bytes);
  if (isUtf8(whole)) return decodeText(bytes, "utf-8"); // a cut tail becomes one U+FFFD, past any item we keep
  const utf8 = new TextDecoder("utf-8");
  const parts: string[] = [];
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    if (i > runStart) parts.push(utf8.decode(bytes.subarray(runStart, i)));
    parts.push(cp1252Char(b));
    runStart = ++i;
  }
  if (runStart < bytes.length) parts.push(utf8.decode(bytes.subarray(runStart)));
  return parts.join("").replace(/^\uFEFF/, "");
}

/** Length of the valid UTF-8 sequence starting at `i` (RFC 3629 §4), or 0 if invalid. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] ?? 0;
  const [length, min, max] =
    b >= 0xc2 && b <= 0xdf
      ? [2, 0x80, 0xbf]
      : b === 0xe0
        ? [3, 0xa0, 0xbf]
        : b === 0xed
          ? [3, 0x80, 0x9f]
          : b >= 0xe1 && b <= 0xef
            ? [3, 0x80, 0xbf]
            : b === 0xf0
              ? [4, 0x90, 0xbf]
              : b >= 0xf1 && b <= 0xf3
                ? [4, 0x80, 0xbf]
                : b === 0xf4
                  ? [4, 0x80, 0x8f]
                  : [0, 0, 0];
  if (length === 0) return 0;
  const second = bytes[i + 1];
  if (second === undefined || second < min || second > max) return 0;
  for (let k = 2; k < length; k++) {
    const next = bytes[i + k];
    if (next === undefined || next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}

let cp1252High: string | undefined;

function cp1252Char(byte: number): string {
  cp1252High ??= decodeText(
    Uint8Array.from({ length: 128 }, (_, k) => 0x80 + k),
    "windows-1252",
  );
  return cp1252High[byte - 0x80] ?? "\uFFFD";
}
