/**
 * Content decoding done by us, not by the HTTP client, so the decoded size can be capped
 * while streaming (SPEC POL-5: no gzip bomb). Only the codings we advertise (ID-2).
 */
import { promisify } from "node:util";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import { FetchFailure } from "./outcome";

/** A content coding we decode. */
export type Coding = "gzip" | "deflate" | "br";

/** More stacked codings than this is hostile, not HTTP anyone sends. */
const MAX_CODINGS = 3;

/** The codings of a `Content-Encoding` value, in the order they were applied; throws `decoding-error` for others. */
export function parseContentEncoding(value: string | undefined): Coding[] {
  const codings: Coding[] = [];
  for (const raw of (value ?? "").split(",")) {
    const token = raw.trim().toLowerCase();
    if (token === "" || token === "identity") continue;
    if (token === "gzip" || token === "x-gzip") codings.push("gzip");
    else if (token === "deflate" || token === "br") codings.push(token);
    else throw new FetchFailure("decoding-error", `unsupported content-encoding ${token.slice(0, 20)}`);
  }
  if (codings.length > MAX_CODINGS) throw new FetchFailure("decoding-error", "too many stacked content-encodings");
  return codings;
}

// Like undici's fetch and browsers, tolerate a missing end-of-stream marker: a cut body
// still decodes what arrived instead of failing as a whole.
const GZIP_OPTIONS = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_OPTIONS = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/** A streaming decoder for one coding; `head` (this layer's first bytes) picks zlib or raw deflate. */
export function createDecoder(coding: Coding, head?: Uint8Array): Transform {
  // RFC 9110 §8.4.1.2 says zlib-wrapped deflate; some servers send raw deflate instead.
  if (coding === "gzip") return zlib.createGunzip(GZIP_OPTIONS);
  if (coding === "br") return zlib.createBrotliDecompress(BROTLI_OPTIONS);
  return head && head.length >= 2 && !isZlibHeader(head) ? zlib.createInflateRaw(GZIP_OPTIONS) : zlib.createInflate(GZIP_OPTIONS);
}

/** RFC 1950 §2.2: CM = 8 (deflate), CINFO ≤ 7, and CMF·256 + FLG a multiple of 31. */
function isZlibHeader(head: Uint8Array): boolean {
  const cmf = head[0] ?? 0;
  const flg = head[1] ?? 0;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

const gunzip = promisify(zlib.gunzip);

/** Inflate a `.xml.gz` file sent without Content-Encoding, stopping once the output passes `cap` (POL-5). */
export async function gunzipFile(bytes: Uint8Array, cap: number): Promise<Uint8Array> {
  try {
    const out = await gunzip(bytes, { ...GZIP_OPTIONS, maxOutputLength: cap });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
      throw new FetchFailure("too-large", `gzip file inflates past ${cap} bytes`, { cause: error });
    }
    throw new FetchFailure("decoding-error", `gzip file: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
